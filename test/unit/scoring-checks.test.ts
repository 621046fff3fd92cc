import { describe, expect, it } from 'vitest';
import { companySize } from '../../shared/research/scoring/checks/company-size.js';
import { domainAge } from '../../shared/research/scoring/checks/domain-age.js';
import { registryLookup } from '../../shared/research/scoring/checks/registry-lookup.js';
import type { TableStore } from '../../shared/platform/ports/table-store.js';

// Steps whose provider is not configured answer UNAVAILABLE with a reasonCode before touching anything
// (the table here throws on any use); COMPANY_SIZE reads the headcount phrasings sites use.
const untouchable = new Proxy({}, { get: () => () => Promise.reject(new Error('table must not be used')) }) as TableStore;

describe('scoring checks', () => {
  it('DOMAIN_AGE without RDAP_BASE_URL is UNAVAILABLE rdap_not_configured', async () => {
    expect(await domainAge(undefined, 'acme.com', Date.now())).toEqual({
      status: 'unavailable',
      out: { outcome: 'UNAVAILABLE', reasonCode: 'rdap_not_configured' },
    });
  });

  it('DOMAIN_AGE with an unreachable RDAP server is UNAVAILABLE rdap_unavailable', async () => {
    const r = await domainAge('http://127.0.0.1:9', 'www.acme.co.uk', Date.now());
    expect(r.out).toEqual({ outcome: 'UNAVAILABLE', reasonCode: 'rdap_unavailable', domain: 'acme.co.uk' });
  });

  it('NALOG_LOOKUP without REGISTRY_API_KEY is UNAVAILABLE registry_not_configured and writes nothing', async () => {
    const r = await registryLookup({ baseUrl: 'http://127.0.0.1:9' }, untouchable, { id: 'c1', name: 'Acme' }, Date.now());
    expect(r).toEqual({ status: 'unavailable', out: { outcome: 'UNAVAILABLE', reasonCode: 'registry_not_configured' } });
  });

  it('COMPANY_SIZE reads stated headcounts', () => {
    const size = (t: string) => companySize(t).out;
    expect(size('We are 50 employees strong')).toMatchObject({ employees: 50, employeesMin: 50, employeesMax: 50, band: '11-50' });
    expect(size('a team of 12 in Berlin')).toMatchObject({ employees: 12, band: '11-50', evidence: 'team of 12' });
    expect(size('between 10-50 people work here')).toMatchObject({ employeesMin: 10, employeesMax: 50, employees: 30, band: '11-50' });
    expect(size('over 200 staff worldwide')).toMatchObject({ employeesMin: 201, employeesMax: null, band: '201-500' });
    expect(size('1,200 employees in 5 countries')).toMatchObject({ employees: 1200, band: '1001-5000' });
    expect(size('В компании более 100 сотрудников')).toMatchObject({ employeesMin: 101, band: '51-200' });
    expect(size('Команда из 7 человек')).toMatchObject({ employees: 7, band: '1-10' });
    expect(size('Founded in 2015, 300+ specialists')).toMatchObject({ employeesMin: 300, band: '201-500' });
    expect(size('We deliver 24/7 to 5000 customers')).toMatchObject({ found: false, employees: null, band: null });
  });
});
