import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The step of a hot path (the send engine's build, lease, outcome…) that the store calls made inside
 * `costStep(name, fn)` belong to: the consumed-capacity counters file them under it, so a benchmark
 * can print the write units per send by step. A label only; nothing branches on it.
 */
const steps = new AsyncLocalStorage<string>();

export const costStep = <T>(step: string, fn: () => Promise<T>): Promise<T> => steps.run(step, fn);

export const currentCostStep = () => steps.getStore();
