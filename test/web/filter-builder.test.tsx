// @vitest-environment happy-dom
// The companies filter builder (web/src/pages/crm/FilterBuilder.tsx, filters.ts): what a person sets up
// row by row is written in the API's filter grammar, and the server's own parser (shared/crm/filters) reads
// it as meant; a value the grammar refuses is sent as typed, so that the API's 400 message is the one shown.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterBuilder } from '../../web/src/pages/crm/FilterBuilder';
import { companyFilterFields, fromFilters, toFiltersParam, type FilterRow } from '../../web/src/pages/crm/filters';
import { COMPANY_FILTER_FIELDS } from '../../shared/crm/companies/list';
import { catalog, parseFilters, problemError } from '../../shared/crm/filters/filters';

const defs = [
  { slug: 'revenue', label: 'Revenue', fieldType: 'number' as const },
  { slug: 'founded', label: 'Founded', fieldType: 'date' as const },
  { slug: 'tier', label: 'Tier', fieldType: 'text' as const },
];
const fields = companyFilterFields(defs);
const serverFields = catalog(
  COMPANY_FILTER_FIELDS,
  defs.map((d) => ({ ...d, entity: 'company' as const, createdAt: '2026-01-01T00:00:00.000Z' })),
);

afterEach(cleanup);

function renderBuilder(initial: FilterRow[] = [], error?: string[]) {
  const applied: FilterRow[][] = [];
  render(<FilterBuilder fields={fields} initial={initial} error={error} onApply={(rows) => applied.push(rows)} />);
  return applied;
}

const select = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });

describe('the filter builder', () => {
  it('writes what the rows say in the grammar the API parses, ANDed, with typed values', () => {
    const applied = renderBuilder();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    select('Field of filter 1', 'cf_revenue');
    expect((screen.getByLabelText('Operator of filter 1') as HTMLSelectElement).value).toBe('gt');
    select('Operator of filter 1', 'gte');
    select('Value of filter 1', '1000');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    select('Field of filter 2', 'name');
    select('Operator of filter 2', 'contains');
    select('Value of filter 2', 'Acme');
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    select('Field of filter 3', 'domain');
    select('Operator of filter 3', 'isEmpty');
    select('Value of filter 3', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(applied).toHaveLength(1);
    const param = toFiltersParam(applied[0], fields)!;
    expect(JSON.parse(param)).toEqual([
      { field: 'cf_revenue', operator: 'gte', value: 1000 },
      { field: 'name', operator: 'contains', value: 'Acme' },
      { field: 'domain', operator: 'isEmpty', value: false },
    ]);
    const parsed = parseFilters(param, serverFields);
    expect(parsed.ok).toBe(true);
    if (parsed.ok)
      expect(parsed.rules.map((r) => [r.field, r.operator, r.value])).toEqual([
        ['cf_revenue', 'gte', 1000],
        ['name', 'contains', 'acme'],
        ['domain', 'isEmpty', false],
      ]);
  });

  it('offers only the operators of the chosen field and resets one the new field lacks', () => {
    renderBuilder([{ field: 'name', operator: 'isEmpty', value: 'true' }]);
    select('Field of filter 1', 'cf_founded');
    const operator = screen.getByLabelText('Operator of filter 1') as HTMLSelectElement;
    expect(operator.value).toBe('before');
    expect(
      within(operator)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['before', 'after']);
  });

  it('sends a value the grammar refuses as typed, and shows the message the API gives for it unchanged', () => {
    const applied = renderBuilder([{ field: 'cf_revenue', operator: 'gt', value: 'a lot' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const param = toFiltersParam(applied[0], fields)!;
    expect(JSON.parse(param)).toEqual([{ field: 'cf_revenue', operator: 'gt', value: 'a lot' }]);
    const parsed = parseFilters(param, serverFields);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const body = problemError(parsed.problem).body as { message: string };
    expect(body.message).toBe('value of cf_revenue gt is not valid');
    cleanup();
    renderBuilder(applied[0], [body.message]);
    expect(screen.getByRole('alert').textContent).toBe('value of cf_revenue gt is not valid');
    const alert = screen.getByRole('alert');
    expect(alert.closest('form')!.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('keeps a field it does not know (from an address or a stored SMART list) so the API can name it', () => {
    const rows = fromFilters('[{"field":"cf_gone","operator":"equals","value":"x"}]');
    const applied = renderBuilder(rows);
    expect((screen.getByLabelText('Field of filter 1') as HTMLSelectElement).value).toBe('cf_gone');
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const parsed = parseFilters(toFiltersParam(applied[0], fields), serverFields);
    expect(!parsed.ok && parsed.problem.code).toBe('unknown_filter_field');
    expect(fromFilters('not json')).toEqual([]);
  });

  it('removes a row and applies no filters when none are left', () => {
    const applied = renderBuilder([{ field: 'city', operator: 'equals', value: 'Berlin' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter 1' }));
    expect(screen.getByText('No filters: every record is listed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(toFiltersParam(applied[0], fields)).toBeUndefined();
  });
});
