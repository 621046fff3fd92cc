import type { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import { svcApp } from '../support/svc-app.js';

// The crawl worker runs the browser path in Lambda: it carries the stack's one Chromium layer
// (infra/aws/chromium.ts, shared with the creatives worker), CHROMIUM_PACK_DIR on x86_64 with enough
// memory, the browser switched on and the files grant for screenshots; esbuild bundles
// @sparticuz/chromium into the worker and neither it nor puppeteer-core into the site-enrichment API Lambdas.
let template: Template;

beforeAll(() => {
  ({ template } = svcApp());
}, 300_000);

describe('site enrichment on AWS: Chromium in the crawl worker', () => {
  it('the crawl worker has the one shared Chromium layer, CHROMIUM_PACK_DIR, x86_64, >= 1600 MB and the browser on', () => {
    const layers = Object.entries(template.findResources('AWS::Lambda::LayerVersion'))
      .filter(([, l]) => /^@sparticuz\/chromium /.test(l.Properties.Description ?? ''))
      .map(([id]) => id);
    expect(layers).toHaveLength(1); // shared with the creatives worker, not a second copy (the web app's deployment brings CDK's own layers)
    const worker = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => id.startsWith('CrawlWorker'));
    expect(worker).toHaveLength(1);
    const p = worker[0][1].Properties;
    expect(p.Layers).toEqual([{ Ref: layers[0] }]);
    expect(p.Architectures).toEqual(['x86_64']);
    expect(p.MemorySize).toBeGreaterThanOrEqual(1600);
    expect(p.Environment.Variables.CHROMIUM_PACK_DIR).toBe('/opt');
    expect(p.Environment.Variables.SITE_ENRICHMENT_BROWSER).toBeUndefined();
  });

  it('esbuild bundles @sparticuz/chromium into the crawl worker, and no browser into the site-enrichment API Lambdas', { timeout: 120_000 }, async () => {
    const inputs = async (entry: string, resources: Parameters<typeof lambdaEsbuildOptions>[1]) =>
      Object.keys((await build({ ...lambdaEsbuildOptions(entry, resources), write: false, metafile: true })).metafile.inputs);
    const worker = await inputs('functions/enrichment/crawl_worker.ts', ['tenantTables', 'files']);
    expect(worker.some((i) => i.includes('node_modules/@sparticuz/chromium/'))).toBe(true);
    expect(worker.some((i) => i.includes('node_modules/puppeteer-core/'))).toBe(true);
    const api = await inputs('functions/enrichment/site_enrichment_tasks_create.ts', ['tenantTables']);
    expect(api.some((i) => i.includes('@sparticuz/chromium') || i.includes('puppeteer-core'))).toBe(false);
  });
});
