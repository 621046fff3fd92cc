import { notFound } from '../../platform/errors.js';
import { ConditionFailed, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getCampaignItem } from './campaigns.js';
import { Generation, Recipient, type RecipientRecord } from './entities.js';

/**
 * A preparation's generation record and whether the execution behind it still runs. Locally the
 * execution lives in the runtime's process (the local workflow runner), so a generation another
 * runtime instance ran is dead the moment this one starts and is taken over in place (same
 * generation id: the caller's polling goes on). In AWS the Step Functions execution outlives any
 * process; one that made no step for STALE_MS (longer than a step may take) is superseded by a new
 * generation, and a late step of the old one halts (`superseded`).
 */
/** Longer than one step may take (the step Lambda's 15 min timeout). */
export const STALE_MS = 16 * 60_000;

export interface GenerationRecord {
  campaignId: string;
  generationId: string;
  status: 'running' | 'completed' | 'failed';
  error: string | null;
  processed: number;
  ready: number;
  failed: number;
  startedAt: string;
  finishedAt: string | null;
  /** Last step's time (ms): a running generation without progress for STALE_MS is superseded. */
  progressAt?: number;
  /** The local runtime instance running its execution (deps.localInstanceId); absent in AWS. */
  runner?: string;
  /** How often a restarted runtime took the execution over. */
  resumes?: number;
  /** The recipients of the prepare step under way: a step cut short by a crash is counted from them on takeover. */
  inFlight?: string[];
}

export const generationView = (g: GenerationRecord) => ({
  generationId: g.generationId,
  campaignId: g.campaignId,
  status: g.status,
  error: g.error ?? null,
  processed: g.processed ?? 0,
  ready: g.ready ?? 0,
  failed: g.failed ?? 0,
  startedAt: g.startedAt,
  finishedAt: g.finishedAt ?? null,
});

export async function getGeneration(table: TableStore, campaignId: string, generationId: string) {
  await getCampaignItem(table, campaignId);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(generationId)) throw notFound('Generation');
  const g = await table.get<GenerationRecord>(Generation.key({ campaignId, generationId }));
  if (!g) throw notFound('Generation');
  return generationView(g);
}

/**
 * Why a running generation's execution is not running any more: `dead` (locally: another runtime
 * instance ran it, and that process is gone), `stale` (no step for STALE_MS), or false (it runs).
 */
export function executionGone(deps: Deps, g: GenerationRecord): 'dead' | 'stale' | false {
  if (g.status !== 'running') return false;
  if (deps.localInstanceId !== undefined && g.runner !== deps.localInstanceId) return 'dead';
  return deps.clock.now() - (g.progressAt ?? Date.parse(g.startedAt)) >= STALE_MS ? 'stale' : false;
}

/**
 * Makes this runtime instance the runner of a dead generation (conditional on the runner it had, so
 * one taker wins) and counts the recipients its last step moved before the crash cut the step short.
 * Answers the generation as taken over, or undefined when someone else took it or it ended.
 */
export async function takeOverRun(deps: Deps, table: TableStore, g: GenerationRecord): Promise<GenerationRecord | undefined> {
  const moved = g.inFlight?.length
    ? await table.batchGet<RecipientRecord>(g.inFlight.map((contactId) => Recipient.key({ campaignId: g.campaignId, contactId })))
    : [];
  const ready = moved.filter((r) => r.status === 'READY').length;
  const failed = moved.filter((r) => r.status === 'CREATIVE_FAILED').length;
  try {
    return await table.update<GenerationRecord>(Generation.key({ campaignId: g.campaignId, generationId: g.generationId }), {
      set: { runner: deps.localInstanceId, progressAt: deps.clock.now() },
      add: { resumes: 1, processed: ready + failed, ready, failed },
      remove: ['inFlight'],
      condition: g.runner
        ? { expression: '#s = :r AND runner = :was', names: { '#s': 'status' }, values: { ':r': 'running', ':was': g.runner } }
        : { expression: '#s = :r AND attribute_not_exists(runner)', names: { '#s': 'status' }, values: { ':r': 'running' } },
    });
  } catch (e) {
    if (e instanceof ConditionFailed) return undefined;
    throw e;
  }
}
