import { pathToFileURL } from 'node:url';
import { consumedCapacity, resetCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { addContactsToList, createContactList } from '../../shared/crm/contact-lists/lists.js';
import { createContact } from '../../shared/crm/contacts/contacts.js';
import { PREPARE_BATCH } from '../../shared/mailing/campaigns/prepare-step.js';
import { createApprovedAccount } from '../support/accounts.js';
import { client } from '../support/runtime.js';
import { print, startBenchRuntime } from './support.js';

/**
 * A PLATFORM campaign of BENCH_CAMPAIGN_RECIPIENTS (default 1,000) with the builtin AI: pour, screen and
 * the preparation on the campaign-recipients ASL (local runner), each timed, with the DynamoDB units
 * it consumed, and the AWS orchestration cost per 1,000 recipients at list prices (us-east-1):
 * Step Functions Standard $0.025 per 1,000 state transitions; Lambda $0.20 per million requests and
 * arm64 $0.0000133334 per GB-s at 512 MB (the measured local step time stands in for the Lambda's);
 * DynamoDB on demand $1.25 per million write units, $0.25 per million read units (the house figures of
 * test/bench/mailing-sends.ts). Printed, never asserted. Standalone: `npx tsx test/bench/campaigns-prepare.ts`.
 */
export async function run() {
  const total = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 1000);
  const rt = await startBenchRuntime({ LOCAL_WORKFLOW_TICK_MS: '200' });
  try {
    const owner = await createApprovedAccount(rt.deps);
    await credit(rt.deps, owner.tenantId, 1000, 'bench', 'bench');
    const http = client(rt.url, { key: owner.apiKey });
    const table = rt.deps.tenantTable(owner.tenantId);
    const now = rt.deps.clock.now();
    const ids: string[] = [];
    for (let i = 0; i < total; i += 50)
      ids.push(
        ...(
          await Promise.all(
            Array.from({ length: Math.min(50, total - i) }, (_, k) =>
              createContact(table, { firstName: `B${i + k}`, email: `b${i + k}@bench-buyer.test` }, now),
            ),
          )
        ).map((c) => c.id),
      );
    const list = await createContactList(table, { name: 'bench' }, now);
    for (let i = 0; i < ids.length; i += 1000) await addContactsToList(table, list.id, ids.slice(i, i + 1000), now);
    const creative = await http.post('/api/creatives', {
      name: 'Bench',
      subject: 'Quick question, {{firstName}}',
      bodyHtml: '<p>Hello {{firstName}},</p><p>we help logistics teams plan routes. Would a short call next week be useful?</p>',
    });
    const campaign = (await http.post('/api/campaigns', { name: 'bench', renderMode: 'PLATFORM', creativeIds: [creative.body.id] })).body;
    const phase = async (name: string, fn: () => Promise<unknown>) => {
      resetCapacity();
      const t0 = performance.now();
      await fn();
      const seconds = (performance.now() - t0) / 1000;
      return {
        phase: name,
        seconds: Number(seconds.toFixed(1)),
        writeUnitsPerRecipient: Number((consumedCapacity.write / total).toFixed(2)),
        readUnitsPerRecipient: Number((consumedCapacity.read / total).toFixed(2)),
        wru: consumedCapacity.write,
        rru: consumedCapacity.read,
      };
    };
    const rows = [
      await phase('pour', () => http.post(`/api/campaigns/${campaign.id}/pour`, { listId: list.id })),
      await phase('screen', () => http.post(`/api/campaigns/${campaign.id}/screen`)),
      await phase('prepare', async () => {
        const g = (await http.post(`/api/campaigns/${campaign.id}/preparations`)).body;
        const deadline = Date.now() + 1_800_000;
        while (Date.now() < deadline) {
          const s = (await http.get(`/api/campaigns/${campaign.id}/preparations/${g.generationId}`)).body;
          if (s.status !== 'running') break;
          await new Promise((r) => setTimeout(r, 250));
        }
      }),
    ];
    const ready = (await http.get(`/api/campaigns/${campaign.id}`)).body.recipients.READY;
    const steps = Math.ceil(total / PREPARE_BATCH) + 1; // the last Prepare answers done
    const transitions = 2 + steps * 2 + 1; // Screen + ScreenRoute (already screened), Prepare + Route per step, Finish
    const prepSeconds = rows[2].seconds;
    const per1000 = (usd: number) => (usd / total) * 1000;
    const cost = {
      stepFunctions: per1000((transitions * 0.025) / 1000),
      lambda: per1000((steps + 2) * (0.2 / 1e6) + prepSeconds * 0.5 * 0.0000133334),
      dynamodb: per1000((rows.reduce((s, r) => s + r.wru, 0) * 1.25 + rows.reduce((s, r) => s + r.rru, 0) * 0.25) / 1e6),
    };
    print(
      `Campaign pour, screen and PLATFORM preparation (builtin AI) of ${total} recipients (${ready} READY)`,
      rows.map(({ wru: _w, rru: _r, ...r }) => r),
    );
    print('AWS cost per 1,000 recipients (list prices)', [
      {
        stateTransitions: transitions,
        lambdaInvocations: steps + 2,
        stepFunctionsUsd: Number(cost.stepFunctions.toFixed(5)),
        lambdaUsd: Number(cost.lambda.toFixed(5)),
        dynamodbUsd: Number(cost.dynamodb.toFixed(5)),
        orchestrationUsd: Number((cost.stepFunctions + cost.lambda).toFixed(5)),
        totalUsd: Number((cost.stepFunctions + cost.lambda + cost.dynamodb).toFixed(5)),
        perRecipientStandardExecutionUsd: Number(per1000((total * 6 * 0.025) / 1000).toFixed(4)),
      },
    ]);
    return rows;
  } finally {
    await rt.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
