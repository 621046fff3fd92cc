import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { operationEntry, operations } from '../../functions/registry.js';
import { emitBesideBundle, lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import { mcpResources } from '../../infra/aws/mcp.js';
import { buildMcpBundle } from '../../infra/aws/mcp-bundle.js';
import { operationResources, type AwsResource } from '../../shared/platform/registry/operation.js';
import { print } from './support.js';

/**
 * Every deployed Lambda bundle (one per operation, plus the MCP server) as CDK builds it: minified size,
 * (for the code-split MCP function: what a cold start reads, the entry and its static chunks),
 * the three inputs that weigh most in it (esbuild metafile; a package counts as one input), and its cold
 * init — a fresh Node process importing the bundle, the 95th percentile of a few runs. Names every bundle
 * over the goals: 250 KB per operation, 2 MB for the MCP function, 100 ms cold init at the 95th percentile.
 *
 * Bundles with the same esbuild options are built in one esbuild call (one output per entry, no
 * splitting: each output is the same single file CDK builds alone), which takes about a minute for all
 * of them on a loaded 2-core machine instead of half an hour one by one. Cold init costs a Node process
 * per run, so by default it is sampled: the INIT_LARGEST largest operation bundles, the MCP function, and
 * an even spread over the rest by size (INIT_SPREAD bundles); BUNDLE_INIT=all measures every bundle.
 *
 * `npm run bench lambda-bundles`. Environment: BUNDLES=<substring> limits it to matching names;
 * BUNDLE_INIT=all|sample; BUNDLE_INIT_RUNS (5) processes per measured bundle (0: sizes only); BUNDLE_WHY=<package>[,<package>…]
 * prints, for each bundle that carries the package, the chain of static imports from the entry to it.
 */
const GOAL_OPERATION_KB = 250;
const GOAL_MCP_KB = 2048;
const GOAL_INIT_P95_MS = 100;
const INIT_RUNS = Number(process.env.BUNDLE_INIT_RUNS ?? 5);
const INIT_ALL = process.env.BUNDLE_INIT === 'all';
const INIT_LARGEST = 10;
const INIT_SPREAD = 10;
const SDK_ONLY = 'sdk-only';
const MCP_BUNDLE = 'mcp (McpServer)';

interface Entry {
  bundle: string;
  entry: string;
  resources: readonly AwsResource[];
  goalKb: number;
}

interface Built extends Entry {
  outfile: string;
  /** The bundle's output; for the MCP function, the files a cold start reads taken together. */
  output: Pick<Metafile['outputs'][string], 'bytes' | 'inputs'>;
  metafile: Metafile;
}

interface Row {
  bundle: string;
  kB: number;
  /** Data files the build writes beside the bundle (the discovery data), read at run time, not imported. */
  besideKb: number;
  largestInputs: string;
  /** The 95th percentile (nearest rank) of INIT_RUNS fresh processes, wall time; '-' where not sampled. */
  initP95Ms: number | '-';
  /** The same, CPU time (user + system) of the import: what a loaded shared machine inflates least. */
  initCpuP95Ms: number | '-';
}

export async function run() {
  const dir = path.resolve('.tmp', `lambda-bundles-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const only = process.env.BUNDLES;
  const entries: Entry[] = [
    ...operations
      .filter((op) => !op.localOnly)
      .map((op) => ({ bundle: op.operationId, entry: operationEntry(op), resources: operationResources(op), goalKb: GOAL_OPERATION_KB })),
  ].filter((e) => !only || e.bundle.includes(only));
  const withMcp = !only || MCP_BUNDLE.includes(only);
  try {
    const started = performance.now();
    const built = await buildAll(entries, dir);
    const mcp = withMcp ? await buildMcp(path.join(dir, 'mcp')) : undefined;
    if (mcp) built.push(mcp.built);
    const buildSeconds = ((performance.now() - started) / 1000).toFixed(0);
    built.sort((a, b) => b.output.bytes - a.output.bytes);
    const sampled = INIT_RUNS === 0 ? new Set<Built>() : INIT_ALL ? new Set(built) : initSample(built);
    const initStarted = performance.now();
    const allRuns: number[] = [];
    const allCpu: number[] = [];
    const rows: (Row & { goalKb: number })[] = built.map((b) => {
      const runs = sampled.has(b) ? coldInitRuns(b.outfile) : [];
      allRuns.push(...runs.map((r) => r.wall));
      allCpu.push(...runs.map((r) => r.cpu));
      const besideFiles = readdirSync(path.dirname(b.outfile)).filter((f) => !f.endsWith('.mjs'));
      return {
        bundle: b.bundle,
        kB: kb(b.output.bytes),
        besideKb: kb(besideFiles.reduce((n, f) => n + statSync(path.join(path.dirname(b.outfile), f)).size, 0)),
        largestInputs: largestInputs(b.output, 3),
        initP95Ms: runs.length
          ? percentile(
              runs.map((r) => r.wall),
              95,
            )
          : '-',
        initCpuP95Ms: runs.length
          ? percentile(
              runs.map((r) => r.cpu),
              95,
            )
          : '-',
        goalKb: b.goalKb,
      };
    });
    const initSeconds = ((performance.now() - initStarted) / 1000).toFixed(0);
    print(
      `Lambda bundles (minified ESM, @aws-sdk external), largest first; cold init = fresh node importing the bundle, p95 of ${INIT_RUNS} runs (wall and CPU), ` +
        `${INIT_ALL ? 'every bundle' : `sampled (${INIT_LARGEST} largest operations, the MCP function, ${INIT_SPREAD} spread over the rest by size)`}`,
      rows.map(({ goalKb: _goal, ...r }) => r),
    );
    const ops = rows.filter((r) => r.goalKb === GOAL_OPERATION_KB);
    const sizes = ops.map((r) => r.kB).sort((a, b) => a - b);
    const mcpRow = rows.find((r) => r.goalKb === GOAL_MCP_KB);
    const measured = rows.filter((r) => r.initP95Ms !== '-');
    print('Lambda bundle summary', [
      {
        operations: ops.length,
        medianKb: sizes.length ? percentile(sizes, 50) : 0,
        largestKb: sizes.at(-1) ?? 0,
        over250Kb: ops.filter((r) => r.kB > GOAL_OPERATION_KB).length,
        over1Mb: ops.filter((r) => r.kB > 1024).length,
        mcpKb: mcpRow?.kB ?? '-',
        initBundles: measured.length,
        initP50Ms: allRuns.length ? percentile(allRuns, 50) : '-',
        initP95Ms: allRuns.length ? percentile(allRuns, 95) : '-',
        initCpuP50Ms: allCpu.length ? percentile(allCpu, 50) : '-',
        initCpuP95Ms: allCpu.length ? percentile(allCpu, 95) : '-',
        buildS: Number(buildSeconds),
        initS: Number(initSeconds),
      },
    ]);
    if (mcp) print('MCP function (code-split: kB above = entry + the chunks it imports statically, read at a cold start)', [mcp.summary]);
    // The AWS SDK is external (the Lambda runtime provides it) but every bundle loads it at init: its share, for reference.
    if (INIT_RUNS) {
      const sdk = coldInitRuns(SDK_ONLY);
      const [wall, cpu] = [
        percentile(
          sdk.map((r) => r.wall),
          95,
        ),
        percentile(
          sdk.map((r) => r.cpu),
          95,
        ),
      ];
      console.log(`Of which the AWS SDK (DynamoDB client + lib-dynamodb, required alone in a fresh process): p95 ${wall} ms wall, ${cpu} ms CPU`);
    }
    const over = rows.filter((r) => r.kB > r.goalKb);
    console.log(
      over.length
        ? `Over the size goal (${GOAL_OPERATION_KB} KB per operation, ${GOAL_MCP_KB} KB for MCP): ${over.map((r) => `${r.bundle} ${r.kB} KB`).join(', ')}`
        : 'Every bundle is within its size goal.',
    );
    const slow = measured.filter((r) => (r.initP95Ms as number) > GOAL_INIT_P95_MS);
    console.log(
      slow.length
        ? `Cold init p95 over ${GOAL_INIT_P95_MS} ms (wall / CPU): ${slow.map((r) => `${r.bundle} ${r.initP95Ms} / ${r.initCpuP95Ms} ms`).join(', ')}`
        : `Every measured bundle initialises within ${GOAL_INIT_P95_MS} ms at p95.`,
    );
    const why = process.env.BUNDLE_WHY;
    for (const pkg of why?.split(',') ?? []) for (const b of built) explain(b, pkg);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One esbuild call per distinct option set; each entry gets its own directory (`<dir>/<name>/index.mjs`), as CDK's asset does. */
async function buildAll(entries: Entry[], dir: string): Promise<Built[]> {
  const groups = new Map<string, { options: BuildOptions; members: Entry[] }>();
  for (const e of entries) {
    const { entryPoints: _one, ...options } = lambdaEsbuildOptions(path.resolve(e.entry), e.resources);
    const key = JSON.stringify(options);
    const group = groups.get(key) ?? { options, members: [] as Entry[] };
    group.members.push(e);
    groups.set(key, group);
  }
  const built: Built[] = [];
  for (const { options, members } of groups.values()) {
    const names = new Map(members.map((e) => [e.bundle.replace(/\W+/g, '_'), e]));
    const { metafile } = await build({
      ...options,
      entryPoints: Object.fromEntries([...names].map(([name, e]) => [name, path.resolve(e.entry)])),
      outdir: dir,
      entryNames: '[name]/index',
      outExtension: { '.js': '.mjs' },
      metafile: true,
      logLevel: 'silent',
    });
    for (const [file, output] of Object.entries(metafile.outputs)) {
      const e = names.get(path.basename(path.dirname(file)));
      if (!e) continue;
      const outfile = path.resolve(file);
      await emitBesideBundle(outfile, e.resources);
      built.push({ ...e, outfile, output, metafile });
    }
  }
  return built;
}

/**
 * The MCP function as CDK builds it (infra/aws/mcp-bundle.ts, code-split): its row weighs what a cold
 * start reads (the entry and the chunks it imports statically); the summary adds every chunk.
 */
async function buildMcp(outdir: string): Promise<{ built: Built; summary: Record<string, unknown> }> {
  const metafile = (await buildMcpBundle(outdir, { metafile: true })).metafile!;
  const outputs = metafile.outputs;
  const entryFile = Object.keys(outputs).find((f) => f.endsWith('/index.mjs'))!;
  const atInit = new Set<string>();
  const visit = (file: string) => {
    if (atInit.has(file)) return;
    atInit.add(file);
    for (const i of outputs[file].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entryFile);
  const inputs: Metafile['outputs'][string]['inputs'] = {};
  for (const f of atInit) Object.assign(inputs, outputs[f].inputs);
  const chunks = Object.values(outputs).sort((a, b) => b.bytes - a.bytes);
  const built: Built = {
    bundle: MCP_BUNDLE,
    entry: 'functions/mcp/mcp.ts',
    resources: mcpResources(),
    goalKb: GOAL_MCP_KB,
    outfile: path.resolve(entryFile),
    output: { bytes: [...atInit].reduce((n, f) => n + outputs[f].bytes, 0), inputs },
    metafile,
  };
  return {
    built,
    summary: {
      entryKb: kb(outputs[entryFile].bytes),
      initKb: kb(built.output.bytes),
      initFiles: atInit.size,
      totalKb: kb(chunks.reduce((n, o) => n + o.bytes, 0)),
      files: chunks.length,
      largestChunkKb: kb(chunks[0].bytes),
      largestChunkInputs: largestInputs(chunks[0], 3),
    },
  };
}

/** The bundles whose cold init is measured by default: the largest, the MCP function, and an even spread over the rest (sorted largest first). */
function initSample(built: Built[]): Set<Built> {
  const ops = built.filter((b) => b.goalKb === GOAL_OPERATION_KB);
  const rest = ops.slice(INIT_LARGEST);
  const step = Math.max(1, rest.length / INIT_SPREAD);
  const spread = Array.from({ length: Math.min(INIT_SPREAD, rest.length) }, (_, i) => rest[Math.floor(i * step)]);
  return new Set([...ops.slice(0, INIT_LARGEST), ...spread, ...built.filter((b) => b.goalKb === GOAL_MCP_KB)]);
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
};
const packageOf = (file: string) => file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];

/** The heaviest inputs of one output: a node_modules package counts as one input, own files one each. */
function largestInputs(output: Pick<Metafile['outputs'][string], 'inputs'>, count: number) {
  const weight = new Map<string, number>();
  for (const [file, input] of Object.entries(output.inputs)) {
    const key = packageOf(file) ?? file;
    weight.set(key, (weight.get(key) ?? 0) + input.bytesInOutput);
  }
  return [...weight]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)}K`)
    .join(', ');
}

/**
 * Why a package is in a bundle: the shortest chain of imports (static first; a dynamic import() counts
 * too, esbuild inlines it into the one file) from the entry to the package's first file, own files only.
 */
function explain(b: Built, pkg: string) {
  const carried = Object.entries(b.output.inputs).some(([file, i]) => packageOf(file) === pkg && i.bytesInOutput > 0);
  if (!carried) return;
  const entry = path.relative(process.cwd(), path.resolve(b.entry));
  const previous = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  let found: string | undefined;
  while (queue.length && !found) {
    const file = queue.shift()!;
    for (const imp of b.metafile.inputs[file]?.imports ?? []) {
      if (imp.external || previous.has(imp.path)) continue;
      previous.set(imp.path, file);
      if (packageOf(imp.path) === pkg) {
        found = imp.path;
        break;
      }
      queue.push(imp.path);
    }
  }
  const chain: string[] = [];
  for (let f: string | null | undefined = found; f; f = previous.get(f)) if (!f.includes('node_modules/')) chain.unshift(f);
  console.log(`${b.bundle} carries ${pkg}: ${chain.join(' > ')} > ${pkg}`);
}

/**
 * Wall and CPU times of `import()` of the bundle in fresh Node processes (module evaluation, not the
 * process start), with the deployed environment (mode aws): INIT_RUNS processes, run one at a time. On a
 * machine shared with other work the wall time mostly measures waiting for a core; the CPU time (all
 * threads of the process, so GC and compilation threads count) is the steadier figure.
 */
function coldInitRuns(file: string) {
  const imports =
    file === SDK_ONLY
      ? // required, as the adapter loads them (shared/platform/adapters/dynamodb/sdk.ts)
        `const r = (await import('node:module')).createRequire(process.cwd() + '/'); r('@aws-sdk/client-dynamodb'); r('@aws-sdk/lib-dynamodb');`
      : `await import(${JSON.stringify(pathToFileURL(file).href)});`;
  const script = `const t = performance.now(); const c = process.cpuUsage(); ${imports} const u = process.cpuUsage(c); console.log(JSON.stringify({ wall: performance.now() - t, cpu: (u.user + u.system) / 1000 }));`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    AWS_REGION: 'eu-west-1',
    TABLE_PREFIX: 'bench-',
    SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'),
    PUBLIC_BASE_URL: 'https://api.example.com',
  };
  const times: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < INIT_RUNS; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, cwd: path.resolve('.tmp'), encoding: 'utf8', timeout: 30_000 });
    if (r.status !== 0) throw new Error(`importing ${path.basename(path.dirname(file))} failed: ${r.stderr.slice(0, 500)}`);
    times.push(JSON.parse(r.stdout.trim()) as { wall: number; cpu: number });
  }
  return times;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
