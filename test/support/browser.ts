import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { HEADLESS_FLAGS } from '../../shared/platform/adapters/chromium/launch.js';

/**
 * The browser harness of the web app's journeys: real Chromium (Debian's /usr/bin/chromium or
 * CHROMIUM_PATH) driven by puppeteer-core, a fresh profile under the run's temp folder, and helpers
 * that act as a person does: by label, role and visible text. Every `check(name)` saves a screenshot
 * (its path printed) and runs axe-core; serious or critical violations, a CSP violation or an
 * uncaught page error fail the test.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The service's own headless flags (no sandbox, GPU, background networking, component updates, sync, first run). */
const FLAGS = ['--headless', ...HEADLESS_FLAGS];
/** How long a wait for what a person would see may take (generous: the machines are shared and slow under load). */
// A bound on what a person waits for, generous for a shared 2-core machine running other suites (never a timing assertion).
const DEFAULT_WAIT_MS = 45_000;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface BrowserRun {
  browser: Browser;
  /** Where this run's screenshots go (under the run's temp folder). */
  shots: string;
  /** A tab in its own browser context: no cookies or storage shared with other pages. */
  newPage(opts?: { width?: number; height?: number }): Promise<AppPage>;
  close(): Promise<void>;
}

/** Starts Chromium for one test file; `name` names its screenshot folder. Close it in afterAll. */
export async function startBrowser(name: string): Promise<BrowserRun> {
  const base = path.join(os.tmpdir(), `web-${name}-${process.pid}`);
  const profile = path.join(base, 'profile');
  const shots = path.join(base, 'screenshots');
  mkdirSync(profile, { recursive: true });
  mkdirSync(shots, { recursive: true });
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, userDataDir: profile, args: FLAGS });
  let count = 0;
  return {
    browser,
    shots,
    async newPage(opts = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: opts.width ?? 1280, height: opts.height ?? 900 });
      return new AppPage(page, shots, () => ++count);
    },
    async close() {
      await browser.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** One tab, with what a person does in it. */
export class AppPage {
  /** CSP violations and uncaught errors seen in the page; `check` fails on any. */
  readonly problems: string[] = [];

  constructor(
    readonly page: Page,
    private readonly shots: string,
    private readonly nextShot: () => number,
  ) {
    page.on('pageerror', (e) => this.problems.push(`page error: ${(e as Error).message}`));
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) this.problems.push(`CSP: ${m.text()}`);
      if (m.text().startsWith('React recovered from an error')) this.problems.push(`page error: ${m.text()}`);
    });
  }

  /** Closes the tab and its browser context. */
  async close() {
    await this.page.browserContext().close();
  }

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'networkidle0', timeout: 30_000 });
  }

  /** The page's path and query (e.g. `/app/login?next=%2F`). */
  location() {
    const u = new URL(this.page.url());
    return u.pathname + u.search;
  }

  /** The visible text of the page. */
  text() {
    return this.page.evaluate(() => document.body.innerText);
  }

  /** Waits until the page shows `text` (bounded), and returns the page's text. */
  async waitForText(text: string | RegExp, timeoutMs = DEFAULT_WAIT_MS) {
    const source = typeof text === 'string' ? { s: text } : { r: text.source, f: text.flags };
    try {
      await this.page.waitForFunction(
        (t: { s?: string; r?: string; f?: string }) =>
          t.s !== undefined ? document.body.innerText.includes(t.s) : new RegExp(t.r!, t.f).test(document.body.innerText),
        { timeout: timeoutMs, polling: 100 },
        source,
      );
    } catch {
      throw new Error(`The page did not show ${String(text)} within ${timeoutMs} ms. It shows:\n${(await this.text()).slice(0, 2000)}`);
    }
    return this.text();
  }

  /** Waits until the page's path (and query) satisfies `test` (bounded). */
  async waitForLocation(test: (pathAndQuery: string) => boolean, timeoutMs = DEFAULT_WAIT_MS) {
    const deadline = Date.now() + timeoutMs;
    while (!test(this.location())) {
      if (Date.now() > deadline) throw new Error(`Still at ${this.location()} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.location();
  }

  /** The form control whose <label> reads `label` (exactly, ignoring surrounding space). */
  async byLabel(label: string): Promise<ElementHandle<Element>> {
    const deadline = Date.now() + DEFAULT_WAIT_MS;
    for (;;) {
      const handle = await this.page.evaluateHandle((wanted: string) => {
        for (const l of Array.from(document.querySelectorAll('label'))) if (l.textContent?.trim() === wanted && l.control) return l.control;
        return null;
      }, label);
      const el = handle.asElement() as ElementHandle<Element> | null;
      if (el) return el;
      await handle.dispose();
      if (Date.now() > deadline) throw new Error(`No form field labelled "${label}" on ${this.location()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Types into the field labelled `label` (replacing what it held); selects an option; ticks a checkbox when value is true. */
  async fill(label: string, value: string | boolean) {
    const el = await this.byLabel(label);
    const kind = await el.evaluate((e) =>
      e instanceof HTMLSelectElement ? 'select' : e instanceof HTMLInputElement && e.type === 'checkbox' ? 'checkbox' : 'text',
    );
    if (kind === 'select') {
      // Options often come from a query still in flight, and puppeteer's select() quietly picks nothing
      // when no option has the value: wait for the option, then check the choice took.
      const wanted = String(value);
      const has = (e: HTMLSelectElement, v: string) => [...e.options].some((o) => o.value === v);
      const found = await this.page.waitForFunction(has, { timeout: DEFAULT_WAIT_MS }, el as ElementHandle<HTMLSelectElement>, wanted).then(
        () => true,
        () => false,
      );
      if (!found) throw new Error(`The select "${label}" has no option ${wanted} on ${this.location()}`);
      await (el as ElementHandle<HTMLSelectElement>).select(wanted);
    } else if (kind === 'checkbox') {
      if ((await el.evaluate((e) => (e as HTMLInputElement).checked)) !== value) await el.click();
    } else {
      await el.click({ count: 3 });
      await el.evaluate((e) => ((e as HTMLInputElement).value = ''));
      await el.type(String(value));
    }
    await el.dispose();
  }

  /** Picks, in the select labelled `label`, the option whose text starts with `text` (as a person reads the choices). */
  async choose(label: string, text: string) {
    const el = await this.byLabel(label);
    const found = await this.page
      .waitForFunction(
        (s: Element, t: string) => Array.from((s as HTMLSelectElement).options).some((o) => o.text.startsWith(t)),
        { timeout: DEFAULT_WAIT_MS },
        el,
        text,
      )
      .then(
        () => true,
        () => false,
      );
    const value = found ? await el.evaluate((s, t) => Array.from((s as HTMLSelectElement).options).find((o) => o.text.startsWith(t))!.value, text) : '';
    await el.dispose();
    if (!found) throw new Error(`The select "${label}" has no option starting "${text}" on ${this.location()}`);
    await this.fill(label, value);
  }

  /** Clicks the element of `role` (button, link, …) whose accessible name is `name`. */
  async click(role: 'button' | 'link' | 'checkbox' | 'menuitem' | 'tab', name: string) {
    const selector = `::-p-aria([name="${name.replace(/"/g, '\\"')}"][role="${role}"])`;
    const el = await this.page.waitForSelector(selector, { timeout: DEFAULT_WAIT_MS, visible: true }).catch(() => null);
    if (!el) throw new Error(`No visible ${role} named "${name}" on ${this.location()}`);
    await el.click();
    await el.dispose();
  }

  /**
   * The text and computed colour of the first `selector` inside the frame `frameSelector`, once its text
   * matches `text` (bounded; the frame may still be loading or changing address). Read through DevTools
   * from here: a sandboxed frame's document runs no script of its own, so nothing can poll inside it.
   * The frame is scrolled into view first, as a person looks at it (Chromium does not paint a frame
   * outside the viewport, so a full-page screenshot would show it blank).
   */
  async inFrame(frameSelector: string, selector: string, text: RegExp, timeoutMs = DEFAULT_WAIT_MS) {
    const deadline = Date.now() + timeoutMs;
    let last: { text: string; color: string } | undefined;
    for (;;) {
      const element = await this.page.$(frameSelector);
      await element?.scrollIntoView().catch(() => undefined);
      const frame = await element?.contentFrame();
      last = await frame?.$eval(selector, (e) => ({ text: e.textContent ?? '', color: getComputedStyle(e).color })).catch(() => undefined);
      if (last && text.test(last.text)) return last;
      if (Date.now() > deadline)
        throw new Error(`The frame ${frameSelector} did not show ${String(text)} in ${selector} within ${timeoutMs} ms (it showed ${JSON.stringify(last)})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Presses a key (Tab, Enter, …), for keyboard journeys. */
  press(key: Parameters<Page['keyboard']['press']>[0]) {
    return this.page.keyboard.press(key);
  }

  /** Signs in through the app's sign-in page and waits for the overview (or, with `next`, that page). */
  async signIn(baseUrl: string, account: { email: string; password: string }, next?: string) {
    await this.goto(`${baseUrl}/app/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    await this.submitSignIn(account);
    await this.waitForLocation((l) => !l.startsWith('/app/login'));
  }

  /** Fills and sends the sign-in form of the page that is open. */
  async submitSignIn(account: { email: string; password: string }) {
    await this.fill('Email', account.email);
    await this.fill('Password', account.password);
    await this.click('button', 'Sign in');
  }

  /** Saves a screenshot (path printed and returned). */
  async screenshot(name: string) {
    const file = path.join(this.shots, `${String(this.nextShot()).padStart(2, '0')}-${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
    await this.page.screenshot({ path: file as `${string}.png`, fullPage: true });
    console.log(`screenshot: ${file}`);
    return file;
  }

  /** axe-core on the current page: the violations of impact serious or critical. */
  async axe(): Promise<AxeViolation[]> {
    // Evaluated through DevTools, which the page's CSP does not govern: the app itself keeps script-src 'self'.
    if (!(await this.page.evaluate(() => 'axe' in window))) await this.page.evaluate(AXE_SOURCE);
    const result = (await this.page.evaluate(() =>
      (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe.run(document, {
        resultTypes: ['violations'],
      }),
    )) as { violations: AxeViolation[] };
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }

  /** What every journey does on every page: screenshot, axe (no serious/critical), no CSP violation or page error. */
  async check(name: string) {
    await this.screenshot(name);
    const violations = await this.axe();
    const problems = [
      ...this.problems.splice(0),
      ...violations.map((v) => `axe ${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
    ];
    if (problems.length) throw new Error(`Page "${name}" (${this.location()}):\n${problems.join('\n')}`);
  }
}
