// @vitest-environment happy-dom
// How the web app turns the API's error answers into what a person reads (web/src/api/errors.ts).
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, conflictInWords, describeError, fieldErrors } from '../../web/src/api/errors';

describe('fieldErrors: the 400 message array next to the fields it names', () => {
  const fields = ['email', 'password', 'targetCountries', 'website'];

  it('assigns "x must …", "x should …", "property x …" and "x: …" to field x', () => {
    const r = fieldErrors(
      [
        'email must be an email',
        'password must be longer than or equal to 8 characters',
        'property website should not exist',
        'password: Password is too common',
        'email should not be empty',
      ],
      fields,
    );
    expect(r.byField).toEqual({
      email: ['email must be an email', 'email should not be empty'],
      password: ['password must be longer than or equal to 8 characters', 'password: Password is too common'],
      website: ['property website should not exist'],
    });
    expect(r.form).toEqual([]);
  });

  it('maps a nested path to its top-level field (targetCountries.1 → targetCountries)', () => {
    expect(fieldErrors(['targetCountries.1 must be an ISO 3166-1 alpha-2 code'], fields).byField).toEqual({
      targetCountries: ['targetCountries.1 must be an ISO 3166-1 alpha-2 code'],
    });
  });

  it('puts messages that name no field of the form into the form-level list, in order', () => {
    const r = fieldErrors(
      ['property remember should not exist', 'token is invalid or has expired', 'Body must be valid JSON', 'emails must be unique'],
      fields,
    );
    expect(r.byField).toEqual({});
    expect(r.form).toEqual(['property remember should not exist', 'token is invalid or has expired', 'Body must be valid JSON', 'emails must be unique']);
  });
});

describe('describeError: one sentence per status', () => {
  const err = (status: number, body: Record<string, unknown> = {}, retryAfter?: number) => new ApiError(status, body, retryAfter);

  it('says what a person can do about each status', () => {
    expect(describeError(err(400, { message: ['name should not be empty'] }))).toBe('name should not be empty');
    expect(describeError(err(401, { statusCode: 401, message: 'Invalid credentials' }))).toBe('Your session has ended. Sign in again.');
    expect(describeError(err(402, { error: 'insufficient_balance', message: 'Balance too low for email_send' }))).toBe('Balance too low for email_send');
    expect(describeError(err(403, { message: 'Forbidden' }), 'delete companies')).toBe('Your role cannot delete companies.');
    expect(describeError(err(403, { message: 'Forbidden' }))).toBe('Your role cannot do this.');
    expect(describeError(err(404))).toMatch(/^Not found/);
    expect(describeError(err(413))).toBe('That is too large to send in one request.');
    expect(describeError(err(429, {}, 30))).toBe('Too many requests. Try again in 30 s.');
    expect(describeError(err(500, { message: 'Internal server error' }))).toBe('The service had a problem. Try again in a moment.');
    expect(describeError(new NetworkError())).toMatch(/connection .* lost.*input is kept/i);
    expect(describeError(new Error('boom'))).toMatch(/went wrong in the page/);
  });

  it("shows the cross-origin refusal's own message rather than a role", () => {
    const refusal = err(403, { statusCode: 403, code: 'cross_origin_refused', message: 'Cross-origin request refused: …' });
    expect(describeError(refusal, 'create pipelines')).toBe('Cross-origin request refused: …');
  });
});

describe('conflictInWords: 409 codes in words', () => {
  it('uses a sentence for codes that speak to agents, the API message otherwise, else the code spelled out', () => {
    expect(
      conflictInWords(new ApiError(409, { code: 'idempotency_request_in_flight', message: 'A request with this Idempotency-Key is still in flight' })),
    ).toBe('The same request is still being processed. Wait a moment, then try again.');
    expect(conflictInWords(new ApiError(409, { error: 'Conflict', code: 'duplicate_slug', message: 'Custom field size already exists' }))).toBe(
      'Custom field size already exists',
    );
    expect(conflictInWords(new ApiError(409, { error: 'Conflict', code: 'list_empty' }))).toBe('List empty.');
    expect(conflictInWords(new ApiError(409, { error: 'Conflict' }))).toBe('This conflicts with the current state. Reload and try again.');
  });
});
