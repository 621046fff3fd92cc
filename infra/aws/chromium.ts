import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/**
 * Chromium for Lambda, one construct for every function that runs a browser (the creative PDF worker,
 * the crawl): a layer with @sparticuz/chromium's brotli files (chromium.br, fonts, swiftshader,
 * al2023 libraries; ~66 MB) taken from the installed npm package, mounted at /opt. The package's JS is
 * bundled into the function (esbuild, shared/platform/adapters/chromium/launch.ts) and unpacks the browser from
 * CHROMIUM_PACK_DIR=/opt into /tmp on the first launch. The npm package ships the x86_64 binary only,
 * so a Chromium function runs on x86_64 (the others stay arm64).
 *
 * Use it through the stack's lambda factory: `ctx.lambda(id, entry, { chromium: true, ... })`.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM_PACKAGE_DIR = path.join(ROOT, 'node_modules/@sparticuz/chromium');
export const CHROMIUM_LAYER_MOUNT = '/opt';
export const CHROMIUM_ARCHITECTURE = Architecture.X86_64;
export const CHROMIUM_ENVIRONMENT = { CHROMIUM_PACK_DIR: CHROMIUM_LAYER_MOUNT };
/** At least this much memory: Chromium with a page open needs ~1 GB; less makes launches flaky. */
export const CHROMIUM_MIN_MEMORY_MB = 1600;

const version = () => (JSON.parse(readFileSync(path.join(CHROMIUM_PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }).version;

/** The stack's one Chromium layer (created on first use, shared by every Chromium function). */
export function chromiumLayer(scope: Construct): LayerVersion {
  let stack = Stack.of(scope);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  const existing = stack.node.tryFindChild('ChromiumLayer');
  if (existing) return existing as LayerVersion;
  return new LayerVersion(stack, 'ChromiumLayer', {
    code: Code.fromAsset(path.join(CHROMIUM_PACKAGE_DIR, 'bin')),
    compatibleArchitectures: [CHROMIUM_ARCHITECTURE],
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    description: `@sparticuz/chromium ${version()} (brotli files at ${CHROMIUM_LAYER_MOUNT}, unpacked by the function)`,
  });
}
