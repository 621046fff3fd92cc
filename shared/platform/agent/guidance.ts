import type { AnyOperation, ExpertGuidance } from '../registry/operation.js';

/**
 * The recommended cold-outreach order of the spec ("What the service does", point 5) as data. It gives
 * every operation without its own `guidance` a sensible `_expert` next step, so the default lives in
 * one place instead of in each operation file. Candidates name spec operationIds; only those present
 * in the registry are ever suggested, so operations added later slot in by themselves.
 */
export interface OutreachStep {
  step: number;
  title: string;
  why: string;
  check: string;
  /** Operation ids of the step, in the order they are used. */
  ops: string[];
  /** Tags whose operations belong to the step when not listed by id. */
  tags?: string[];
  /** The step's operations are alternatives (any one of them completes it), not a sequence. */
  alternatives?: boolean;
}

export const OUTREACH_ORDER: OutreachStep[] = [
  {
    step: 1,
    title: 'Build the audience',
    alternatives: true,
    why: 'Put contacts or companies into a list: campaigns pour from a list.',
    check: 'B2B only; no bought consumer lists. Record where each contact came from (GDPR source disclosure).',
    ops: [
      'contacts_create',
      'ContactsController_importPreview',
      'ContactsController_importStart',
      'ContactsController_bulk',
      'ContactListsController_create',
      'ContactListsController_addContacts',
      'company_lists_list',
      'CompanyListsController_create',
      'CompanyListsController_addCompanies',
      'companies_create',
      'companies_import_start',
      'companies_import_combined',
    ],
    tags: ['audience', 'companies', 'contacts', 'connectors'],
  },
  {
    step: 2,
    title: 'Verify the addresses',
    why: 'Verify every address in a batch before any send; invalid addresses hurt sender reputation.',
    check: 'Remove or suppress addresses reported invalid or risky.',
    ops: ['EmailVerificationController_verifyBatch'],
  },
  {
    step: 3,
    title: 'Creative: create, preview, content check, inbox placement',
    why: 'Create the creative, preview it, run the content check and an inbox-placement test before sending.',
    check: 'One-click unsubscribe (List-Unsubscribe), real sender identity and a physical address in every email.',
    ops: ['creatives_create', 'creatives_preview', 'ContentAnalyzerController_check', 'CreativesController_startInboxPlacementTest'],
    tags: ['creatives'],
  },
  {
    step: 4,
    title: 'Sender mailbox: connect, DNS, connection test',
    why: 'Connect a sender mailbox, check SPF/DKIM/DMARC and test the connection. Warm-up is optional.',
    check: 'SPF, DKIM and DMARC all pass for the sending domain.',
    ops: ['email_accounts_create', 'EmailAccountsController_create', 'EmailAccountsController_checkDns', 'EmailAccountsController_testConnection'],
    tags: ['email-accounts', 'senders'],
  },
  {
    step: 5,
    title: 'Send by measurement',
    why: 'Create the campaign, pour the list, screen, prepare, check readiness, then send with limit=1 and read placement per provider.',
    check: 'Changing senderConfig or sendWindow needs a capability receipt (X-SDR-Capability-Receipt). DE/AT recipients are not cold-emailed.',
    ops: [
      'CampaignsController_create',
      'CampaignsController_pour',
      'CampaignsController_screen',
      'campaigns_preparations_start',
      'campaigns_preparations_status',
      'CampaignsController_sendReadiness',
      'CampaignsController_send',
      'DeliverabilityController_getMatrix',
    ],
    tags: ['campaigns', 'tasks', 'mailing'],
  },
  {
    step: 6,
    title: 'On spam placement, change one variable at a time',
    why: 'Relay first, then creative, then volume; measure again after each change.',
    check: 'Only one variable changed since the last measurement.',
    ops: ['EmailAccountsController_relayHealth', 'DeliverabilityController_getMatrix'],
    tags: ['deliverability'],
  },
  {
    step: 7,
    title: 'Set an ACTIVE tracking domain',
    why: 'A tracking domain of your own keeps links off shared reputation.',
    check: 'The tracking domain is ACTIVE and set as default.',
    ops: ['TrackingDomainController_create', 'TrackingDomainController_healthCheck', 'TrackingDomainController_setDefault'],
  },
  {
    step: 8,
    title: 'Follow up and promote',
    why: 'Enrol non-responders into a follow-up sequence and promote positive dialogs to leads.',
    check: 'Stop follow-ups for anyone who replied or unsubscribed.',
    ops: [
      'SequencesController_enroll',
      'dialogs_list',
      'DialogsController_getThread',
      'DialogsController_createLead',
      'leads_create',
      'LeadsController_kanban',
    ],
    tags: ['dialogs', 'sequences', 'leads', 'pipelines'],
  },
];

/** Next steps outside the outreach order (identity, guidance, notifications). */
const FIXED: Record<string, ExpertGuidance> = {
  v1_signup: { next: 'v1_me', why: 'Keep the api_key (shown once) and check its scope and quota.', check: 'Send it as Authorization: Bearer <api_key>.' },
  v1_health: { next: 'v1_me', why: 'The service is up; check what your key may do.' },
  v1_messages_send: { next: 'v1_me', why: 'Check the remaining monthly quota.' },
  agent_guide_get: { next: 'v1_me', why: 'Check your key, then follow the outreach order from step 1.' },
  agent_guide_sender_capability: {
    next: 'CampaignsController_create',
    why: 'Send the receipt as X-SDR-Capability-Receipt with the create or update that changes senderConfig or sendWindow.',
    check: 'It is single-use and expires in 10 minutes.',
  },
  notifications_self_note: { next: 'notifications_list', why: 'The note is in the workspace feed.' },
};

const GUIDE: ExpertGuidance = { next: 'agent_guide_get', why: 'No fixed follow-up; the agent guide lists the outreach order, limits and error recovery.' };

/** The step an operation belongs to (by id first, then by tag). */
export function stepOf(op: Pick<AnyOperation, 'operationId' | 'tag'>): OutreachStep | undefined {
  return OUTREACH_ORDER.find((s) => s.ops.includes(op.operationId)) ?? OUTREACH_ORDER.find((s) => s.tags?.includes(op.tag));
}

/** The first operation after `op` in the outreach order that the registry has. */
function nextInOrder(op: Pick<AnyOperation, 'operationId' | 'tag'>, has: (id: string) => boolean): { id: string; step: OutreachStep } | undefined {
  const step = stepOf(op);
  if (!step) return undefined;
  const i = step.ops.indexOf(op.operationId);
  const rest = i >= 0 && !step.alternatives ? step.ops.slice(i + 1) : [];
  for (const id of rest) if (has(id)) return { id, step };
  for (const s of OUTREACH_ORDER.filter((x) => x.step > step.step)) {
    const id = s.ops.find(has);
    if (id) return { id, step: s };
  }
  return undefined;
}

/** `_expert` for a successful call of an operation that gives no guidance of its own. */
export function defaultGuidance(op: AnyOperation, result: unknown, has: (id: string) => boolean): ExpertGuidance {
  if (FIXED[op.operationId]) return FIXED[op.operationId];
  const data = (result as { data?: unknown } | null)?.data;
  const step = stepOf(op);
  if (Array.isArray(data) && data.length === 0 && step) {
    const create = step.ops.find(has);
    if (create && create !== op.operationId) return { next: create, why: `Nothing here yet: ${step.title.toLowerCase()} first.`, check: step.check };
  }
  const n = nextInOrder(op, has);
  if (n) return { next: n.id, why: `Outreach step ${n.step.step} (${n.step.title}): ${n.step.why}`, check: n.step.check };
  return GUIDE;
}

/** `_expert` for an error result: how to recover from that error class. */
export function errorGuidance(
  op: AnyOperation,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  ops: readonly Listable[] = [],
): ExpertGuidance {
  const b = (body ?? {}) as Record<string, unknown>;
  const code = typeof b.code === 'string' ? b.code : typeof b.error === 'string' ? b.error : undefined;
  switch (true) {
    case status === 400:
      return {
        next: op.operationId,
        why: 'Fix the arguments and call again: `message` lists each invalid property (unknown properties are refused).',
        check: 'Path parameters are top-level strings, the request body goes in `body`.',
      };
    case status === 401:
      return {
        next: 'v1_signup',
        why: 'Invalid credentials: send Authorization: Bearer svc_pk_... on the MCP request, or sign up for a key.',
        check: 'Repeated 401s share the /v1/* rate-limit zone.',
      };
    case status === 402 && code === 'quota_exceeded':
      return { next: 'v1_me', why: 'The sandbox quota is spent; it resets at 00:00 UTC on the 1st.', check: 'quota.resets_at in v1_me.' };
    case status === 402:
      return { next: null, why: 'Insufficient balance: top up in the web dashboard (topUpUrl), then retry or resume. There is no top-up API.' };
    case status === 403 && code === 'insufficient_scope':
      return {
        next: null,
        why: `This key lacks scope ${String(b.requiredScope ?? op.scope)}: use a key that holds it.`,
        check: 'tools/list shows only the tools your key may call.',
      };
    case status === 403 && (code === 'registration_pending' || code === 'account_pending'):
      return { next: 'v1_me', why: 'The registration is not approved yet: follow the emailed links and wait for admin approval.' };
    case status === 403 && code === 'sandbox_key':
      return { next: 'v1_signup', why: 'Sandbox keys reach only /v1: sign up with full_account=true for the /api surface.' };
    case status === 403 && String(code).startsWith('capability_receipt'):
      return {
        next: 'agent_guide_sender_capability',
        why: 'Get a fresh capability receipt and send it as X-SDR-Capability-Receipt.',
        check: 'Receipts are single-use, bound to tenant and key, valid 10 minutes.',
      };
    case status === 403:
      return { next: null, why: 'Not allowed for this key, role or account state; do not retry unchanged.' };
    case status === 404:
      return { next: listOf(op, ops), why: 'Not found: the id is wrong or belongs to another tenant (tenant_id / X-Tenant-Id). List to find the right id.' };
    case status === 409:
      return { next: null, why: 'Conflicts with the current state (duplicate or wrong status): read the object, then decide.' };
    case status === 413:
      return { next: op.operationId, why: 'The body is over the size cap: send less per call.' };
    case status === 422:
      return { next: null, why: 'Valid input that the current state refuses: read `message` and fix the state first.' };
    case status === 429:
      return {
        next: op.operationId,
        why: `Rate limited: retry with exponential backoff and jitter (cap the sleep at 60 s${headers['retry-after'] ? `; Retry-After ${headers['retry-after']} s` : ''}).`,
        check: 'Signup windows last 1 hour.',
      };
    default:
      return {
        next: op.hints?.idempotent || op.hints?.readOnly ? op.operationId : null,
        why:
          'Server-side failure: retry later with backoff' +
          (op.hints?.idempotent || op.hints?.readOnly ? '.' : '; check the state first, the call is not idempotent.'),
      };
  }
}

/** What "not found" recovery needs to know of the other operations (MCP passes its catalogue entries, not the operations). */
type Listable = Pick<AnyOperation, 'operationId' | 'tag' | 'method' | 'path' | 'mcp'>;

/** A list operation of the same tag (GET without path parameters), for "not found" recovery. */
function listOf(op: AnyOperation, ops: readonly Listable[]): string | null {
  const list = ops.find((o) => o.tag === op.tag && o.method === 'GET' && !o.path.includes('{') && o.mcp !== false && o.operationId !== op.operationId);
  return list?.operationId ?? null;
}
