// @vitest-environment happy-dom
// The import page's browser-side logic: CSV as spreadsheets write it (BOM, CRLF, quotes, doubled
// quotes, line breaks in a field, `;` files), the first column mapping guessed from the header, what
// blocks an import, and the rejected-rows file written back.
import { describe, expect, it } from 'vitest';
import { guessMapping, mappingProblems, parseCsv, parseRecords, rejectedRowsCsv } from '../../web/src/pages/imports/csv';

describe('parseCsv', () => {
  it('reads a BOM, CRLF, quoted commas, doubled quotes and line breaks inside quotes', () => {
    const text = '\uFEFFname,domain,note\r\n"Acme, Inc.",acme.com,"said ""hi"""\r\nBeta,beta.io,"two\r\nlines"\r\n';
    expect(parseCsv(text)).toEqual({
      columns: ['name', 'domain', 'note'],
      rows: [
        { name: 'Acme, Inc.', domain: 'acme.com', note: 'said "hi"' },
        { name: 'Beta', domain: 'beta.io', note: 'two\r\nlines' },
      ],
    });
  });

  it('takes LF, a last line without a newline, blank lines and short rows', () => {
    expect(parseCsv('a,b\n1,2\n\n3\n4,5')).toEqual({
      columns: ['a', 'b'],
      rows: [
        { a: '1', b: '2' },
        { a: '3', b: '' },
        { a: '4', b: '5' },
      ],
    });
  });

  it('finds a semicolon or tab delimiter from the header', () => {
    expect(parseRecords('name;city\n"X; Y";Berlin\n')).toEqual([
      ['name', 'city'],
      ['X; Y', 'Berlin'],
    ]);
    expect(parseRecords('name\tcity\nX,Y\tBerlin')).toEqual([
      ['name', 'city'],
      ['X,Y', 'Berlin'],
    ]);
  });

  it('keeps empty fields and quoted empty fields, and names empty or repeated headers uniquely', () => {
    const { columns, rows } = parseCsv('email,,email\n"",x,\n');
    expect(columns).toEqual(['email', 'Column 2', 'email (2)']);
    expect(rows).toEqual([{ email: '', 'Column 2': 'x', 'email (2)': '' }]);
  });

  it('reads a 2,000-row file with every row intact', () => {
    const lines = ['Company,Domain'];
    for (let i = 0; i < 2000; i++) lines.push(`"Firm ${i}, Ltd",firm${i}.test`);
    const { rows } = parseCsv(lines.join('\r\n'));
    expect(rows).toHaveLength(2000);
    expect(rows[1999]).toEqual({ Company: 'Firm 1999, Ltd', Domain: 'firm1999.test' });
  });
});

describe('guessMapping and mappingProblems', () => {
  it('maps header names, labels and common aliases to the spec targets, each once', () => {
    expect(guessMapping(['Company', 'Domain', 'INN', 'Email', 'First name', 'Surname', 'Job title', 'Notes', 'E-mail'])).toEqual({
      Company: 'name',
      Domain: 'domain',
      INN: 'inn',
      Email: 'c:email',
      'First name': 'c:firstName',
      Surname: 'c:lastName',
      'Job title': 'c:position',
    });
  });

  it('requires a company name and refuses a target mapped twice', () => {
    expect(mappingProblems({ Domain: 'domain' })).toEqual(['Map a column to Company name: every company needs one.']);
    expect(mappingProblems({ A: 'name', B: 'domain', C: 'domain' })).toEqual(['Domain is mapped from more than one column.']);
    expect(mappingProblems({ A: 'name' })).toEqual([]);
  });
});

describe('rejectedRowsCsv', () => {
  it('writes line numbers as a spreadsheet shows them, the reason and the row, quoted where needed, and parses back', () => {
    const file = parseCsv('name,domain\nGood,good.test\n"Bad, ""one""",not a domain\n');
    const out = rejectedRowsCsv([{ index: 1, reason: 'invalid domain, "not a domain"' }], file);
    expect(out).toBe('row,reason,name,domain\r\n3,"invalid domain, ""not a domain""","Bad, ""one""",not a domain\r\n');
    expect(parseCsv(out).rows).toEqual([{ row: '3', reason: 'invalid domain, "not a domain"', name: 'Bad, "one"', domain: 'not a domain' }]);
  });

  it('without the file (after a reload) still lists row numbers and reasons', () => {
    expect(rejectedRowsCsv([{ index: 0, reason: 'name is required' }])).toBe('row,reason\r\n2,name is required\r\n');
  });
});
