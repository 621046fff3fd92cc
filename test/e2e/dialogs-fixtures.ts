import type { client } from '../support/runtime.js';
import { waitFor } from '../support/poll.js';

type Http = Pick<ReturnType<typeof client>, 'get' | 'post'>;

/**
 * dialogs_sync, then its job polled until completed (the inbox worker reads the mailboxes): the last
 * dialogs_sync_status answer, `{jobId, status: 'completed', data: [one outcome per mailbox]}`. An
 * error of dialogs_sync itself (a 404 mailbox) is answered as it came.
 */
export async function syncInbox(http: Http, body: { accountId?: string } = {}) {
  const started = await http.post('/api/dialogs/sync', body);
  if (started.status !== 202) return started;
  return waitFor(
    'the inbox sync job',
    async () => {
      const job = await http.get(`/api/dialogs/sync/${started.body.jobId}`);
      return job.status !== 200 || job.body.status === 'completed' ? job : undefined;
    },
    900,
  );
}
