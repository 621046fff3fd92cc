import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freshAddress, startTestRuntime } from '../support/runtime.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  rt = await startTestRuntime({ env: { TRUST_PROXY: 'true' } });
  http = client(rt.url);
});
afterAll(() => rt?.stop());

const signup = (body: unknown, ip = freshAddress()) => http.post('/v1/signup', body, { 'x-forwarded-for': ip });
const long = (n: number) => 'x'.repeat(n);

describe('POST /v1/signup: sandbox', () => {
  it('issues a sandbox key (201, svc_pk_ + 43 base62)', async () => {
    const r = await signup({ email: 'first@example.com', org: 'Acme', use_case: 'outreach', channel: 'mcp' });
    expect(r.status).toBe(201);
    expect(r.body.api_key).toMatch(/^svc_pk_[0-9A-Za-z]{43}$/);
    expect(r.body).toMatchObject({ flow: 'sandbox', scope: 'sandbox' });
  });

  it('stores only the SHA-256 of the key', async () => {
    const r = await signup({ email: 'hash-only@example.com' });
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(r.body.api_key).digest('hex');
    expect(await rt.deps.platform.get({ pk: `APIKEY#${hash}`, sk: 'APIKEY' })).toBeTruthy();
    expect(await rt.deps.platform.get({ pk: `APIKEY#${r.body.api_key}`, sk: 'APIKEY' })).toBeUndefined();
  });

  it.each([
    [{ email: 'x@example.com', nickname: 'x' }, ['property nickname should not exist']],
    [{ email: 'x@example.com', a: 1, b: 2 }, ['property a should not exist', 'property b should not exist']],
    [{ email: 'not-an-email' }, ['email must be an email']],
    [{}, ['email should not be empty']],
    [{ email: `${long(250)}@example.com` }, ['email must be shorter than or equal to 254 characters']],
    [{ email: 'x@example.com', org: long(201) }, ['org must be shorter than or equal to 200 characters']],
    [{ email: 'x@example.com', use_case: long(501) }, ['use_case must be shorter than or equal to 500 characters']],
    [{ email: 'x@example.com', channel: 'fax' }, ['channel must be one of the following values: form, a2a, mcp']],
    [{ email: 'x@example.com', full_account: 'yes' }, ['full_account must be a boolean']],
    [{ email: 'x@example.com', firstName: long(81) }, ['firstName must be shorter than or equal to 80 characters']],
    [{ email: 'x@example.com', lastName: long(81) }, ['lastName must be shorter than or equal to 80 characters']],
  ])('refuses %j with a message array', async (body, message) => {
    const r = await signup(body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, message });
  });

  it('refuses a body that is not JSON', async () => {
    const r = await http.call('POST', '/v1/signup', '{"email":', { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() });
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual(['body must be valid JSON']);
  });

  it('answers a registered email with the same 201, an inert key, and mails the real owner', async () => {
    const first = await signup({ email: 'Owner@Example.com' });
    const second = await signup({ email: 'owner@example.com' });
    expect(second.status).toBe(201);
    expect(Object.keys(second.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(second.body.api_key).not.toBe(first.body.api_key);
    expect((await http.get('/v1/me', { authorization: `Bearer ${second.body.api_key}`, 'x-forwarded-for': freshAddress() })).status).toBe(401);
    expect((await http.get('/v1/me', { authorization: `Bearer ${first.body.api_key}`, 'x-forwarded-for': freshAddress() })).status).toBe(200);
    const outbox = await http.get('/_local/outbox?to=owner@example.com');
    expect(outbox.body.data[0].subject).toMatch(/tried to sign up/);
  });
});

describe('POST /v1/signup: full_account validation', () => {
  const base = { email: 'full@example.com', full_account: true, firstName: 'Ada' };
  it.each([
    [{ ...base, password: 'short12' }, { message: ['password must be longer than or equal to 8 characters'] }],
    [{ ...base, password: long(201) }, { message: ['password must be shorter than or equal to 200 characters'] }],
    [{ ...base }, { message: ['password should not be empty'] }],
    [{ email: 'full@example.com', full_account: true, password: 'Correct-Horse-9' }, { message: ['firstName should not be empty'] }],
    [
      { ...base, password: 'password123' },
      { statusCode: 400, message: 'Password is too common. Please choose a stronger one.' },
    ],
    [
      { ...base, password: 'QWERTYuiop' },
      { statusCode: 400, message: 'Password is too common. Please choose a stronger one.' },
    ],
    [
      { ...base, password: 'Ab3$efgh9' },
      { statusCode: 400, message: 'Password must be at least 10 characters long.' },
    ],
  ])('refuses %j', async (body, expected) => {
    const r = await signup(body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject(expected);
  });

  it('accepts a valid full-account signup in awaiting_email_confirm with a pending key', async () => {
    const r = await signup({ ...base, email: 'ada@example.com', password: 'Correct-Horse-9', lastName: 'Lovelace' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ flow: 'full_account', scope: 'pending' });
    const me = await http.get('/v1/me', { authorization: `Bearer ${r.body.api_key}`, 'x-forwarded-for': freshAddress() });
    expect(me.body).toMatchObject({ flow: 'full_account', scope: 'pending', state: 'awaiting_email_confirm' });
    const send = await http.post(
      '/v1/messages',
      { to: 'a@b.com', subject: 's', text: 't' },
      { authorization: `Bearer ${r.body.api_key}`, 'x-forwarded-for': freshAddress() },
    );
    expect(send.status).toBe(403);
  });
});
