import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import type { SvcStack } from '../../infra/aws/stack.js';
import { svcApp, type SvcApp } from '../support/svc-app.js';

// The synthesized template (Lambda bundling skipped; the layer asset is staged) carries one Chromium
// layer from @sparticuz/chromium, attached to the creatives worker only, which runs on x86_64 with
// CHROMIUM_PACK_DIR; esbuild bundles the package's JS into the worker and into no API Lambda.
let app: App;
let template: Template;
let stack: SvcStack;
let templateOf: SvcApp['templateOf'];

beforeAll(() => {
  ({ app, stack, template, templateOf } = svcApp());
}, 300_000);

const functions = (t: Template) => Object.entries(t.findResources('AWS::Lambda::Function'));
// The web app's BucketDeployment brings CDK's own layers (the AWS CLI) and a Python function: they are not ours to check here.
const chromiumLayers = (t: Template) =>
  Object.entries(t.findResources('AWS::Lambda::LayerVersion')).filter(([, l]) => /^@sparticuz\/chromium /.test(l.Properties.Description ?? ''));
const cdkProvided = (id: string) => id.startsWith('CustomCDKBucketDeployment');

describe('creatives on AWS: Chromium', () => {
  it('one layer with the @sparticuz/chromium brotli files, x86_64, Node 22', () => {
    const layers = chromiumLayers(template);
    expect(layers).toHaveLength(1);
    const [, layer] = layers[0];
    expect(layer.Properties.CompatibleArchitectures).toEqual(['x86_64']);
    expect(layer.Properties.CompatibleRuntimes).toEqual(['nodejs22.x']);
    expect(layer.Properties.Description).toMatch(/^@sparticuz\/chromium 147\.0\.0 /);
    const asset = stack.node.findChild('ChromiumLayer').node.findChild('Code') as Asset;
    const staged = path.resolve(app.outdir, asset.assetPath);
    expect(existsSync(staged)).toBe(true);
    expect(readdirSync(staged).sort()).toEqual(['al2023.tar.br', 'chromium.br', 'fonts.tar.br', 'swiftshader.tar.br']);
  });

  it('the creative PDF worker runs on x86_64 with the layer, CHROMIUM_PACK_DIR=/opt and >= 1600 MB; other functions stay arm64 without it', () => {
    const [[layerId]] = chromiumLayers(template);
    const all = functions(template);
    const worker = all.filter(([id]) => id.startsWith('CreativePdfsWorker'));
    expect(worker).toHaveLength(1);
    const p = worker[0][1].Properties;
    expect(p.Architectures).toEqual(['x86_64']);
    expect(p.Layers).toEqual([{ Ref: layerId }]);
    expect(p.Environment.Variables.CHROMIUM_PACK_DIR).toBe('/opt');
    expect(p.MemorySize).toBeGreaterThanOrEqual(1600);
    const others = all.filter(([id]) => !id.startsWith('CreativePdfsWorker') && !id.startsWith('CrawlWorker') && !cdkProvided(id));
    expect(others.length).toBeGreaterThan(5);
    for (const [, f] of others) {
      expect(f.Properties.Layers ?? []).not.toContainEqual({ Ref: layerId });
      if (!f.Properties.Environment?.Variables?.CHROMIUM_PACK_DIR) expect(f.Properties.Architectures).toEqual(['arm64']);
    }
    const ops = templateOf(stack.operationStacks.get('creatives')!);
    for (const [, f] of functions(ops)) {
      expect(f.Properties.Architectures).toEqual(['arm64']);
      expect(f.Properties.Layers).toBeUndefined();
    }
  });

  it('esbuild bundles @sparticuz/chromium into the worker, not into the PDF API Lambdas', { timeout: 120_000 }, async () => {
    const inputs = async (entry: string, resources: Parameters<typeof lambdaEsbuildOptions>[1]) =>
      Object.keys((await build({ ...lambdaEsbuildOptions(entry, resources), write: false, metafile: true })).metafile.inputs);
    const worker = await inputs('functions/creatives/creative_pdfs_worker.ts', ['tenantTables', 'files']);
    expect(worker.some((i) => i.includes('node_modules/@sparticuz/chromium/'))).toBe(true);
    const api = await inputs('functions/creatives/creatives_generate_pdf.ts', ['tenantTables', 'files']);
    expect(api.some((i) => i.includes('@sparticuz/chromium') || i.includes('puppeteer-core'))).toBe(false);
  });
});
