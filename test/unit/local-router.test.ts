import { describe, expect, it } from 'vitest';
import { Router } from '../../infra/local/router.js';

describe('local router', () => {
  it('prefers literal segments over parameters, as API Gateway does', () => {
    const r = new Router();
    const h = async () => ({ statusCode: 200 });
    r.add({ method: 'GET', path: '/api/companies/{id}', routeKey: 'param', maxBodyBytes: 1, handler: h });
    r.add({ method: 'GET', path: '/api/companies/custom-fields', routeKey: 'literal', maxBodyBytes: 1, handler: h });
    expect(r.match('GET', '/api/companies/custom-fields')?.route.routeKey).toBe('literal');
    expect(r.match('GET', '/api/companies/c%201')?.params).toEqual({ id: 'c 1' });
    expect(r.match('POST', '/api/companies/x')).toBeUndefined();
    expect(r.match('GET', '/api/companies/a/b')).toBeUndefined();
  });
});
