// A worker of shared/platform/html/off-thread.ts run from source (npm start, tests): TypeScript through tsx,
// then the pool module itself, which serves jobs. A Lambda runs its bundle instead and needs no loader.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
