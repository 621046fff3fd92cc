import * as z from 'zod';

/** JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of an operation's input part. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}
