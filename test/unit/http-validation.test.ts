import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AppError } from '../../shared/platform/errors.js';
import { issueMessages, parseOrThrow } from '../../shared/platform/http/validation.js';

describe('validation messages (class-validator dialect)', () => {
  const schema = z.strictObject({
    name: z.string().max(3),
    n: z.number().int().min(2),
    tags: z.array(z.string()).max(1),
    nested: z.strictObject({ a: z.string() }).optional(),
  });
  const messages = (v: unknown) => issueMessages(schema.safeParse(v).error!);

  it('names each unknown property, nested ones with their path', () => {
    expect(messages({ name: 'a', n: 2, tags: [], x: 1, nested: { a: 'b', y: 2 } }).sort()).toEqual([
      'property nested.y should not exist',
      'property x should not exist',
    ]);
  });
  it('phrases length, range, type and emptiness', () => {
    expect(messages({ name: 'abcd', n: 1, tags: ['a', 'b'] })).toEqual([
      'name must be shorter than or equal to 3 characters',
      'n must not be less than 2',
      'tags must contain no more than 1 elements',
    ]);
    expect(messages({ n: 'x', tags: [] })).toEqual(['name should not be empty', 'n must be a number']);
  });
  it("says a pattern's own message under the field's whole path; a pattern without one keeps the generic phrase", () => {
    const rows = z.strictObject({
      actions: z.array(z.strictObject({ name: z.string().regex(/^[a-z]+$/, 'name must be lower-case letters') })),
      code: z.string().regex(/^[A-Z]{3}$/),
    });
    expect(issueMessages(rows.safeParse({ actions: [{ name: 'Bad Name' }], code: 'usd' }).error!)).toEqual([
      'actions.0.name must be lower-case letters',
      'code must match the regex format',
    ]);
  });
  it('throws the spec 400 body', () => {
    try {
      parseOrThrow(schema, { name: 'a', n: 2, tags: [], bogus: true });
      expect.unreachable();
    } catch (e) {
      expect((e as AppError).status).toBe(400);
      expect((e as AppError).body).toMatchObject({ statusCode: 400, message: ['property bogus should not exist'] });
    }
  });
});
