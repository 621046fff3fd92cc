import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { operationEntry, operations } from '../../functions/registry.js';
import { emitBesideBundle, lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import { mcpResources } from '../../infra/aws/mcp.js';
import { operationResources, type AwsResource } from '../../shared/registry/operation.js';
import { print } from './support.js';

/**
 * Every deployed Lambda bundle (one per operation, plus the MCP server) as CDK builds it: minified size,
 * the three inputs that weigh most in it (esbuild metafile; a package counts as one input), and its cold
 * init — a fresh Node process importing the bundle, the median of a few runs. Names every bundle over
 * the goals: 250 KB per operation, 2 MB for the MCP function, 100 ms cold init at the 95th percentile.
 * `npm run bench lambda-bundles`; BUNDLES=<substring> limits it to matching names, BUNDLE_INIT_RUNS sets the runs (3).
 */
const GOAL_OPERATION_KB = 250;
const GOAL_MCP_KB = 2048;
const GOAL_INIT_P95_MS = 100;
const INIT_RUNS = Number(process.env.BUNDLE_INIT_RUNS ?? 3);
const SDK_ONLY = 'sdk-only';

interface Row {
  bundle: string;
  kB: number;
  /** Data files the build writes beside the bundle (the discovery data), read at run time, not imported. */
  besideKb: number;
  largestInputs: string;
  initMs: number;
}

export async function run() {
  const dir = path.resolve('.tmp', `lambda-bundles-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const only = process.env.BUNDLES;
  const entries: { bundle: string; entry: string; resources: readonly AwsResource[]; goalKb: number }[] = [
    ...operations
      .filter((op) => !op.localOnly)
      .map((op) => ({ bundle: op.operationId, entry: operationEntry(op), resources: operationResources(op), goalKb: GOAL_OPERATION_KB })),
    { bundle: 'mcp (McpServer)', entry: 'functions/mcp/mcp.ts', resources: mcpResources(), goalKb: GOAL_MCP_KB },
  ].filter((e) => !only || e.bundle.includes(only));
  const rows: (Row & { goalKb: number })[] = [];
  try {
    for (const e of entries) {
      const own = path.join(dir, e.bundle.replace(/\W+/g, '_'));
      mkdirSync(own);
      const outfile = path.join(own, 'index.mjs');
      const { metafile } = await build({
        ...lambdaEsbuildOptions(path.resolve(e.entry), e.resources),
        outfile,
        metafile: true,
        logLevel: 'silent',
      });
      const output = Object.values(metafile.outputs).find((o) => o.entryPoint)!;
      await emitBesideBundle(outfile, e.resources);
      const beside = readdirSync(own).filter((f) => f !== 'index.mjs');
      rows.push({
        bundle: e.bundle,
        kB: Number((output.bytes / 1024).toFixed(1)),
        besideKb: Number((beside.reduce((n, f) => n + statSync(path.join(own, f)).size, 0) / 1024).toFixed(1)),
        largestInputs: largestInputs(output, 3),
        initMs: coldInitMs(outfile),
        goalKb: e.goalKb,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  rows.sort((a, b) => b.kB - a.kB);
  print(
    `Lambda bundles (minified ESM, @aws-sdk external), largest first; cold init = fresh node importing the bundle, median of ${INIT_RUNS}`,
    rows.map(({ goalKb: _goal, ...r }) => r),
  );
  const ops = rows.filter((r) => r.goalKb === GOAL_OPERATION_KB);
  const sizes = ops.map((r) => r.kB).sort((a, b) => a - b);
  const inits = rows.map((r) => r.initMs).sort((a, b) => a - b);
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
  const mcp = rows.find((r) => r.goalKb === GOAL_MCP_KB);
  print('Lambda bundle summary', [
    {
      operations: ops.length,
      medianKb: sizes.length ? pct(sizes, 50) : 0,
      over250Kb: ops.filter((r) => r.kB > GOAL_OPERATION_KB).length,
      over1Mb: ops.filter((r) => r.kB > 1024).length,
      mcpKb: mcp?.kB ?? '-',
      initP50Ms: inits.length ? pct(inits, 50) : 0,
      initP95Ms: inits.length ? pct(inits, 95) : 0,
    },
  ]);
  // The AWS SDK is external (the Lambda runtime provides it) but every bundle imports it at init: its share, for reference.
  console.log(`Of which the AWS SDK (DynamoDB client + lib-dynamodb, imported alone in a fresh process): ${coldInitMs(SDK_ONLY)} ms`);
  const over = rows.filter((r) => r.kB > r.goalKb);
  console.log(
    over.length
      ? `Over the size goal (${GOAL_OPERATION_KB} KB per operation, ${GOAL_MCP_KB} KB for MCP): ${over.map((r) => `${r.bundle} ${r.kB} KB`).join(', ')}`
      : 'Every bundle is within its size goal.',
  );
  const slow = rows.filter((r) => r.initMs > GOAL_INIT_P95_MS);
  console.log(
    slow.length
      ? `Cold init over ${GOAL_INIT_P95_MS} ms: ${slow.map((r) => `${r.bundle} ${r.initMs} ms`).join(', ')}`
      : `Every bundle initialises within ${GOAL_INIT_P95_MS} ms.`,
  );
}

/** The heaviest inputs of one output: a node_modules package counts as one input, own files one each. */
function largestInputs(output: Metafile['outputs'][string], count: number) {
  const weight = new Map<string, number>();
  for (const [file, input] of Object.entries(output.inputs)) {
    const key = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? file;
    weight.set(key, (weight.get(key) ?? 0) + input.bytesInOutput);
  }
  return [...weight]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)}K`)
    .join(', ');
}

/**
 * Wall time of `import()` of the bundle in a fresh Node process (module evaluation, not the process start),
 * with the deployed environment (mode aws). The median of INIT_RUNS processes, run one at a time.
 */
function coldInitMs(file: string) {
  const imports =
    file === SDK_ONLY
      ? `await import('@aws-sdk/client-dynamodb'); await import('@aws-sdk/lib-dynamodb');`
      : `await import(${JSON.stringify(pathToFileURL(file).href)});`;
  const script = `const t = performance.now(); ${imports} console.log(performance.now() - t);`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    AWS_REGION: 'eu-west-1',
    TABLE_PREFIX: 'bench-',
    SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'),
    PUBLIC_BASE_URL: 'https://api.example.com',
    PLATFORM_SMTP_URL: 'smtp://127.0.0.1:1',
  };
  const times: number[] = [];
  for (let i = 0; i < INIT_RUNS; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, cwd: path.resolve('.tmp'), encoding: 'utf8', timeout: 30_000 });
    if (r.status !== 0) throw new Error(`importing ${path.basename(file)} failed: ${r.stderr.slice(0, 500)}`);
    times.push(Number(r.stdout.trim()));
  }
  return Number(times.sort((a, b) => a - b)[Math.floor(times.length / 2)].toFixed(1));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
