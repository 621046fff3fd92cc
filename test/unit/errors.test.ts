import { describe, expect, it } from 'vitest';
import {
  AppError,
  conflict,
  gone,
  internalError,
  notFoundMessage,
  rowRejected,
  RowRejected,
  unprocessable,
  withHeaders,
} from '../../shared/platform/errors.js';

describe('error helpers', () => {
  it('keep the exact bodies and carry the cause outside them', () => {
    const root = new Error('token endpoint said invalid_grant');
    const e = unprocessable('Refused', { code: 'oauth_refresh_failed' }, { cause: root });
    expect(e).toBeInstanceOf(AppError);
    expect(e.cause).toBe(root);
    expect(e.body).toEqual({ statusCode: 422, message: 'Refused', error: 'Unprocessable Entity', code: 'oauth_refresh_failed' });
    expect(gone('Used', { code: 'link_used' }).body).toEqual({ statusCode: 410, message: 'Used', error: 'Gone', code: 'link_used' });
    expect(notFoundMessage('No such link', { code: 'link_invalid' }).status).toBe(404);
    expect(internalError({ requestId: 'r1' }).body).toEqual({ statusCode: 500, message: 'Internal server error', requestId: 'r1' });
  });

  it('adds headers without changing the answer', () => {
    const e = withHeaders(conflict('In flight', { code: 'x' }), { 'retry-after': '5' });
    expect(e.status).toBe(409);
    expect(e.headers).toEqual({ 'retry-after': '5' });
    expect(e.body).toMatchObject({ code: 'x' });
  });

  it('a refused import row is a typed error, not a thrown string', () => {
    const e = rowRejected('name is required');
    expect(e).toBeInstanceOf(RowRejected);
    expect(e.message).toBe('name is required');
  });
});
