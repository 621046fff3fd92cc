import path from 'node:path';
import type { ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import type { AwsResource } from '../../shared/platform/registry/operation.js';
import { DISCOVERY_DATA_FILE } from '../../shared/platform/registry/discovery-data-file.js';

/**
 * esbuild options shared by CDK (NodejsFunction), the bundle tests and the bundle-size benchmark. One
 * ESM file per function: the HTML worker threads (shared/platform/html/off-thread.ts) run that same file, found
 * through its import.meta.url, so nothing else needs emitting (test/infra/operation-bundles.test.ts). The
 * MCP function adds code splitting to these options (infra/aws/mcp-bundle.ts); its workers run the chunk
 * holding off-thread.ts and import the chunks that declare the jobs.
 */
const LAMBDA_BUNDLING = {
  minify: true,
  sourceMap: false,
  target: 'node22',
  format: 'esm' as const,
  mainFields: ['module', 'main'],
  externalModules: ['@aws-sdk/*'],
  // ESM bundles still meet CommonJS dependencies that call require().
  banner: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
};

/**
 * The bundling of one Lambda, given the AWS resources it is granted. Only functions that connect to
 * tenant mailboxes (`tenantMail`: the mailbox probe, sends, inbox sync) carry the SMTP transport
 * (nodemailer, ~239 KB); the others leave it out where a module they share imports it lazily
 * (shared/mailing/senders/smtp.ts). Platform mail goes through SES when deployed and never needs it.
 * Functions declaring `discoveryData` get the registry's discovery data written beside their bundle
 * after bundling.
 */
export function lambdaBundling(resources: readonly AwsResource[] = []) {
  const externalModules = [...LAMBDA_BUNDLING.externalModules, ...(resources.includes('tenantMail') ? [] : ['nodemailer'])];
  const commandHooks: ICommandHooks | undefined = resources.includes('discoveryData')
    ? {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (inputDir, outputDir) => [
          `cd "${inputDir}" && node --import tsx infra/aws/discovery-data.ts "${path.posix.join(outputDir, DISCOVERY_DATA_FILE)}"`,
        ],
      }
    : undefined;
  return { ...LAMBDA_BUNDLING, externalModules, ...(commandHooks ? { commandHooks } : {}) };
}

/** What the CDK hooks of `lambdaBundling` add beside a bundle, for bundles built with plain esbuild (tests, bench). */
export async function emitBesideBundle(outfile: string, resources: readonly AwsResource[] = []) {
  if (!resources.includes('discoveryData')) return;
  const { writeDiscoveryData } = await import('./discovery-data.js');
  writeDiscoveryData(path.join(path.dirname(outfile), DISCOVERY_DATA_FILE));
}

/** The same bundling as plain esbuild options (tests and benchmarks bundle without CDK). */
export function lambdaEsbuildOptions(entry: string, resources: readonly AwsResource[] = []): BuildOptions {
  const b = lambdaBundling(resources);
  return {
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    logLevel: 'error',
    minify: b.minify,
    target: b.target,
    format: b.format,
    mainFields: b.mainFields,
    external: b.externalModules,
    banner: { js: b.banner },
  };
}
