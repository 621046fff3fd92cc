import '../../shared/platform/runtime/polyfills.js';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { operations } from '../../functions/registry.js';
import { lambdaHandler } from '../../functions/lambda.js';
import { bodyCap } from '../../shared/platform/http/edge.js';
import { log, withLogScope } from '../../shared/platform/runtime/logger.js';
import { logLevelOf } from '../../shared/platform/runtime/config.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { backgroundServices, type BackgroundService } from './background.js';
import type { DynamoDbLocal } from './dynamodb-local.js';
import { superviseDynamoDbLocal, type RestartPolicy } from './dynamodb-supervisor.js';
import { LocalWorkQueue } from './local-queue.js';
import { extraRoutes } from './extra-routes.js';
import { createLocalHttpServer } from './http-server.js';
import { localDeps } from './local-deps.js';
import { Router } from './router.js';

export interface LocalRuntimeOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  /** Reuse a running DynamoDB Local (tests share one per run) instead of starting one. */
  dynamoEndpoint?: string;
  /** Keep DynamoDB Local's data in memory (benchmarks) instead of under DATA_DIR. */
  dynamoInMemory?: boolean;
  /**
   * DynamoDB Local's JIT: `startup` (C1 only: ready sooner, the default for tests that start many
   * runtimes) or `throughput` (full tiered compilation: a long-running `npm start` and the benches).
   */
  dynamoJit?: 'startup' | 'throughput';
  env?: NodeJS.ProcessEnv;
  /**
   * DynamoDB Local died and could not be restarted (dynamodb-supervisor.ts): `npm start` stops with a
   * message and a non-zero exit. Without it the error is logged and requests answer 503.
   */
  onStoreLost?: (error: Error) => void;
  /** How a DynamoDB Local that died is restarted (default RESTART_POLICY). */
  dynamoRestartPolicy?: RestartPolicy;
}

export interface LocalRuntime {
  url: string;
  port: number;
  deps: Deps;
  dynamo?: DynamoDbLocal;
  stop(): Promise<void>;
}

/** One local route per registry operation, each bound to the operation's deployed Lambda handler, given this runtime's deps. */
export function registryRouter(deps: Deps, ops = operations) {
  const router = new Router();
  const depsOf = async () => deps;
  for (const op of ops)
    router.add({
      method: op.method,
      path: op.path,
      routeKey: `${op.method} ${op.path}`,
      maxBodyBytes: bodyCap(op),
      handler: lambdaHandler(op, depsOf) as never,
    });
  return router;
}

/**
 * `npm start`: the whole product on one machine, the same handlers as Lambda. It runs in a log scope at
 * its LOG_LEVEL, so what it starts (store supervision, queue consumers, timers) logs at that level, and
 * another runtime in the same process (tests) keeps its own.
 */
export function startLocalRuntime(opts: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const env = { ...process.env, ...opts.env };
  return withLogScope({ level: logLevelOf(env.LOG_LEVEL) }, () => startIn(opts, env));
}

async function startIn(opts: LocalRuntimeOptions, env: NodeJS.ProcessEnv): Promise<LocalRuntime> {
  const dataDir = path.resolve(opts.dataDir ?? env.DATA_DIR ?? './.data');
  let deps: Deps | undefined;
  const dynamo = opts.dynamoEndpoint
    ? undefined
    : await superviseDynamoDbLocal({
        jit: opts.dynamoJit,
        policy: opts.dynamoRestartPolicy,
        ...(opts.dynamoInMemory ? {} : { dbPath: path.join(dataDir, 'dynamodb') }),
        // Queue consumers back off while the store is down; the restarted store ends their pause.
        onRestored: () => deps?.queue instanceof LocalWorkQueue && deps.queue.wakeAll(),
        onLost: opts.onStoreLost ?? ((e) => log.error('the local runtime has lost its store; requests answer 503', { message: e.message })),
      });
  const endpoint = opts.dynamoEndpoint ?? dynamo!.endpoint;
  let server: Server | undefined;
  const services: BackgroundService[] = [];
  try {
    const port = opts.port ?? Number(env.PORT ?? 3000);
    const host = opts.host ?? env.HOST ?? '127.0.0.1';
    deps = await localDeps(endpoint, { ...env, PORT: String(port), DATA_DIR: dataDir });
    const router = registryRouter(deps);
    for (const route of await extraRoutes(deps)) router.add(route);
    server = createLocalHttpServer(router, { onError: (e) => log.error('local server error', { message: (e as Error).message }) });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, host, () => resolve());
    });
    const actualPort = (server.address() as AddressInfo).port;
    if (!env.PUBLIC_BASE_URL) deps.config.publicBaseUrl = `http://${host}:${actualPort}`;
    for (const start of backgroundServices) services.push(await start(deps));
    return {
      url: `http://${host}:${actualPort}`,
      port: actualPort,
      deps,
      dynamo,
      async stop() {
        for (const s of services.reverse()) await s.stop().catch(() => undefined);
        await new Promise<void>((resolve) => {
          server!.close(() => resolve());
          server!.closeAllConnections();
        });
        await dynamo?.stop();
      },
    };
  } catch (e) {
    for (const s of services) await s.stop().catch(() => undefined);
    server?.close();
    await dynamo?.stop();
    throw e;
  }
}
