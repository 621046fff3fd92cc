import { ConditionFailed, type Item } from '../../platform/ports/table-store.js';
import type { TenantMigration } from '../../workspace/migrations/runner.js';
import { Task } from './entities.js';

const OPEN = ['DRAFT', 'ACTIVE', 'PAUSED'];
const PAGE = 100;

/**
 * Backfill of the review index (gsi3 TASKREVIEW): mailing tasks created before the index existed
 * never entered it, so the approvals queue never showed them. Every open (DRAFT, ACTIVE, PAUSED)
 * mailing task a caller created (no owner) that lacks the index keys gets them, with
 * reviewSince = createdAt as createMailingTask writes them: the PENDING ones, and the approved ones
 * too, as createMailingTask indexes them (an edit of the creative makes them pending again at once).
 *
 * One step: one page of 100 items of the task index (gsi1 TASKS, oldest first, after the last sort
 * key seen), then one conditional update per task that needs it (still open, still not indexed: a
 * repeat or a task that ended meanwhile writes nothing). At most 100 writes per step.
 */
export const taskReviewBackfill: TenantMigration = {
  name: 'task_review_index_backfill',
  async step(table, after) {
    const page = await table.query<Item>({ ...Task.query('byCreated', {}), limit: PAGE, ...(after ? { skGreaterThan: after } : {}) });
    const missing = page.items.filter((t) => Task.is(t) && t.methodId === 2 && !t.owner && OPEN.includes(String(t.status)) && !t.gsi3pk);
    let changed = 0;
    for (const t of missing) {
      const taskId = String(t.taskId);
      try {
        await table.update(Task.key({ taskId }), {
          set: Task.indexKeys('inReview', { reviewSince: String(t.createdAt), taskId }),
          condition: {
            expression: 'attribute_not_exists(gsi3pk) AND #s IN (:draft, :active, :paused)',
            names: { '#s': 'status' },
            values: { ':draft': 'DRAFT', ':active': 'ACTIVE', ':paused': 'PAUSED' },
          },
        });
        changed++;
      } catch (e) {
        if (!(e instanceof ConditionFailed)) throw e;
      }
    }
    const last = page.items.at(-1);
    return { changed, next: page.cursor && last ? String(last.gsi1sk) : undefined };
  },
};
