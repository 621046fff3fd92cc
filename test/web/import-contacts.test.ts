// The import page's contacts mode: the contact import's mapping (no company column, none made up), what
// blocks it, the contact list it fills (an existing one or a new one by name), and which status
// operation and page follow a job of either kind.
import { describe, expect, it } from 'vitest';
import { companyColumnsOf, contactListOptions, contactMappingWarning, guessMapping, importTargets, mappingProblems } from '../../web/src/pages/imports/csv';
import { importJobPagePath, importJobStatusPath, importKindOf } from '../../web/src/pages/imports/import-job';

describe('the contacts mapping', () => {
  it('guesses the contact import targets (bare, no c: prefix) and leaves a company column out', () => {
    expect(guessMapping(['Company', 'Email', 'First name', 'Surname', 'Job title', 'LinkedIn URL'], 'contacts')).toEqual({
      Email: 'email',
      'First name': 'firstName',
      Surname: 'lastName',
      'Job title': 'position',
      'LinkedIn URL': 'linkedin',
    });
    expect(importTargets('contacts').map((t) => t.value)).not.toContain('name');
    // The companies mode still guesses as before.
    expect(guessMapping(['Company', 'Email'])).toEqual({ Company: 'name', Email: 'c:email' });
  });

  it('needs one contact column, no company, and says which columns a contact import leaves behind', () => {
    expect(mappingProblems({}, 'contacts')).toEqual(['Map at least one column to a contact field (Email, First name, …).']);
    expect(mappingProblems({ A: 'email' }, 'contacts')).toEqual([]);
    expect(mappingProblems({ A: 'email', B: 'email' }, 'contacts')).toEqual(['Email is mapped from more than one column.']);
    expect(companyColumnsOf(['Company', 'Domain', 'Email', 'First name'])).toEqual(['Company', 'Domain']);
    expect(companyColumnsOf(['Email', 'First name'])).toEqual([]);
  });

  it('warns, without blocking, when no column is the email a mailing task needs', () => {
    expect(contactMappingWarning({ A: 'firstName' })).toMatch(/cannot be mailed/);
    expect(contactMappingWarning({ A: 'email' })).toBeNull();
  });
});

describe('the contact list an import fills', () => {
  it('sends listId for an existing list, newListName (trimmed) for a new one, nothing for none', () => {
    expect(contactListOptions({ kind: 'existing', listId: 'L1' })).toEqual({ options: { listId: 'L1' } });
    expect(contactListOptions({ kind: 'new', name: '  Spring buyers ' })).toEqual({ options: { newListName: 'Spring buyers' } });
    expect(contactListOptions({ kind: 'none' })).toEqual({ options: {} });
  });

  it('asks for a name before a new list can be made', () => {
    expect(contactListOptions({ kind: 'new', name: '   ' })).toEqual({ problem: 'Name the new contact list.' });
  });
});

describe('following a job of either kind', () => {
  it('reads a contacts job under /api/contacts and a companies job under /api/companies', () => {
    expect(importJobStatusPath('contacts', 'j/1')).toBe('/api/contacts/import/jobs/j%2F1');
    expect(importJobStatusPath('companies', 'j1')).toBe('/api/companies/import/jobs/j1');
    expect(importJobPagePath('contacts', 'j1')).toBe('/imports/jobs/j1?kind=contacts');
    expect(importJobPagePath('companies', 'j1')).toBe('/imports/jobs/j1');
  });

  it("takes the kind from the page's ?kind= or the job list's kind (start and combined are companies jobs)", () => {
    expect(importKindOf('contacts')).toBe('contacts');
    for (const k of ['start', 'combined', null, undefined, 'nonsense']) expect(importKindOf(k)).toBe('companies');
  });
});
