import * as z from 'zod';

/**
 * JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of an operation's input part, or with
 * `io: 'output'` of its success answer (defaults count as present, so they are `required`).
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  return out;
}

/** The success answer's JSON Schema, always an object at the root (MCP's outputSchema must be): other shapes are wrapped as `{result}`. */
export function outputJsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const out = jsonSchemaOf(schema, 'output');
  return out.type === 'object' ? out : { type: 'object', properties: { result: out }, required: ['result'] };
}
