import { defineOperation } from '../../shared/platform/registry/operation.js';
import { SendWindowPatchSchema } from '../../shared/workspace/settings/send-window.js';
import { sendWindowState } from '../../shared/workspace/settings/send-window-state.js';
import { setWorkspaceSendWindow } from '../../shared/workspace/settings/settings.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';
import { sendWindowOutput } from './SettingsController_getSendWindow.js';

export const operation = defineOperation({
  operationId: 'SettingsController_setSendWindow',
  method: 'PATCH',
  path: '/api/settings/send-window',
  tag: 'settings',
  summary: 'Change the workspace send window (SUPER only)',
  description:
    'Body: any of {enabled, workDays (1..7, 1 = Monday), startTime HH:MM, endTime HH:MM, timezone (IANA)}. Omitted fields keep their value (atomic). Malformed values are 400; a role below SUPER is 403 insufficient_role. enabled:false = 24/7.',
  access: 'tenant',
  scope: 'workspace:write',
  input: { body: SendWindowPatchSchema },
  output: sendWindowOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => {
    const tenant = requireRole(ctx, 'SUPER');
    const configured = await setWorkspaceSendWindow(tenant.table, body, ctx.deps.clock.now());
    return { source: 'workspace' as const, configured, ...sendWindowState(configured, ctx.deps.clock.now()) };
  },
  guidance: (r) => ({
    next: 'SettingsController_getMinSendInterval',
    why: r.windowOpen ? 'The window is open now.' : `Closed now; next opening ${r.nextOpenAt ?? 'never (no work days)'}.`,
  }),
});
export const handler = lambdaHandler(operation);
