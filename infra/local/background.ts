import type { Deps } from '../../shared/runtime/deps.js';

export interface BackgroundService {
  name: string;
  stop(): Promise<void>;
}

/**
 * What EventBridge schedules, SQS event sources and Step Functions do in AWS, run in-process by the
 * local runtime (queue workers, expiry sweeps). Each entry starts one service.
 */
export const backgroundServices: ((deps: Deps) => Promise<BackgroundService>)[] = [];
