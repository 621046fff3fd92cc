// Issue 16 fault 10: verify-email sends a registration that failed the automatic checks to
// /console/signup-questionnaire, which used to be a 404. Real Chromium (puppeteer-core) fills the form.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getQuestionnaire } from '../../shared/accounts-register/questionnaire.js';
import { AccountEmail } from '../../shared/identity/entities.js';
import { registerAccount, startAccountsRuntime, uniqueEmail } from './accounts-fixtures.js';
import { HEADLESS_FLAGS } from '../../shared/adapters/chromium/launch.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PROFILE = path.resolve('.tmp', `chromium-questionnaire-${process.pid}`);
let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let browser: Browser;

beforeAll(async () => {
  env = await startAccountsRuntime();
  mkdirSync(PROFILE, { recursive: true });
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: PROFILE,
    args: ['--headless', ...HEADLESS_FLAGS],
  });
});
afterAll(async () => {
  await browser?.close();
  await env?.stop();
  rmSync(PROFILE, { recursive: true, force: true });
});

describe('/console/signup-questionnaire', () => {
  it('is where verify-email redirects, and its form submits the answers with the signup token', async () => {
    const email = uniqueEmail('gmail.com'); // a free-mail domain: the automatic checks do not pass
    const { verifyPath } = await registerAccount(env, email);
    const v = await env.http.get(verifyPath!);
    expect(v.status).toBe(302);
    const target = new URL(v.headers.get('location')!);
    expect(target.pathname).toBe('/console/signup-questionnaire');
    const served = await env.http.get(target.pathname + target.search);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toContain("script-src 'self'");

    const page = await browser.newPage();
    await page.goto(`${env.rt.url}${target.pathname}${target.search}`);
    await page.waitForSelector('#questionnaire:not([hidden])');
    await page.type('#companyName', 'Acme Widgets');
    await page.type('#website', 'https://acme.example');
    await page.select('#companySize', '11-50');
    await page.type('#country', 'de');
    await page.type('#useCase', 'Introduce our widgets to procurement teams');
    await page.type('#targetCountries', 'DE, AT');
    await page.type('#expectedMonthlyVolume', '2000');
    await page.type('#contactSource', 'Trade fair visitors who left a card');
    await page.click('#b2bOnly');
    await page.click('#submit');
    await page.waitForSelector('#done:not([hidden])');
    expect(await page.$eval('#done-text', (e) => e.textContent)).toContain('PENDING');

    const accountId = (await env.rt.deps.platform.get<{ accountId: string }>(AccountEmail.key({ email })))!.accountId;
    const saved = await getQuestionnaire(env.rt.deps, accountId);
    expect(saved.answers).toMatchObject({
      companyName: 'Acme Widgets',
      companySize: '11-50',
      country: 'DE',
      targetCountries: ['DE', 'AT'],
      expectedMonthlyVolume: 2000,
      b2bOnly: true,
    });
    await page.close();
  });

  it('shows the API validation message and says when the token is missing', async () => {
    const page = await browser.newPage();
    await page.goto(`${env.rt.url}/console/signup-questionnaire?signup_token=not-a-token`);
    await page.type('#companyName', 'X');
    await page.type('#useCase', 'y');
    await page.type('#contactSource', 'z');
    await page.click('#submit');
    await page.waitForFunction(() => document.getElementById('status')?.className === 'error');
    expect(await page.$eval('#status', (e) => e.textContent)).not.toBe('');
    await page.goto(`${env.rt.url}/console/signup-questionnaire`);
    expect(await page.$eval('#missing', (e) => (e as HTMLElement).hidden)).toBe(false);
    await page.close();
  });
});
