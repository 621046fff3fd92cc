/**
 * What contacts need from other domains, in one place: the company item key (part of the companies
 * domain) and contact custom-field validation (the custom-fields domain).
 */
export const companyKey = (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'COMPANY' });

/**
 * Validates contact custom-field values against the tenant's contact definitions and returns the
 * values to store. Placeholder until the custom-fields module lands: values must be scalars.
 */
export async function validateContactCustomFields(_table: unknown, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  return values;
}
