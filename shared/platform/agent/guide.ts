import { limits } from '../limits/limits.js';
import type { AnyOperation } from '../registry/operation.js';
import { SCOPES } from '../registry/scopes.js';
import { RECEIPT_HEADER, RECEIPT_TTL_MS } from './capability-receipts.js';
import { OUTREACH_ORDER, errorGuidance } from './guidance.js';

/**
 * `GET /api/v1/agent-guide`: how an agent should use the service. Generated from the registry where
 * it can be (the outreach steps name only tools that exist, error recovery is the same text MCP
 * `_expert` gives), fixed text where the spec states rules.
 */
const COMPLIANCE = [
  'B2B only. Bought consumer lists are forbidden and are grounds for suspension.',
  'Every email needs a working one-click unsubscribe (List-Unsubscribe), a real sender identity and a physical address.',
  'Geo policy per recipient country: US cold email allowed; GDPR zone on legitimate interest with the contact source disclosed and easy opt-out; DE/AT effectively opt-in only (not cold-emailed); RU needs prior consent (manual-confirm).',
  'The client warrants the legality of the offer; accepting the campaign_guarantee document is recorded when a campaign is created.',
  'Data-subject requests go through the DSAR operation; erasure suppresses the address immediately.',
  'Paid responses carry _billing {operation, cost, currency, balance_after}; top-up is only through the web dashboard.',
];

const ERROR_CLASSES: [number, string, Record<string, unknown>?][] = [
  [400, 'validation'],
  [401, 'credentials'],
  [402, 'insufficient_balance'],
  [402, 'quota_exceeded', { error: 'quota_exceeded' }],
  [403, 'insufficient_scope', { code: 'insufficient_scope' }],
  [403, 'registration_pending', { code: 'registration_pending' }],
  [403, 'capability_receipt', { code: 'capability_receipt_invalid' }],
  [404, 'not_found'],
  [409, 'conflict'],
  [413, 'too_large'],
  [429, 'rate_limited'],
  [500, 'server'],
];

export function buildAgentGuide(operations: AnyOperation[], opts: { mcpUrl: string }) {
  return agentGuide(guideTools(operations), opts);
}

/** The operationIds of the outreach steps that are deployed MCP tools: the guide's registry-derived part (computed at build time for Lambda). */
export function guideTools(operations: AnyOperation[]): string[] {
  const tools = new Set(operations.filter((o) => o.mcp !== false && o.access !== 'admin' && !o.localOnly).map((o) => o.operationId));
  return [...new Set(OUTREACH_ORDER.flatMap((s) => s.ops))].filter((id) => tools.has(id));
}

/** The guide from its registry-derived tool list, the limits in force and the MCP URL (known only at run time). */
export function agentGuide(toolIds: readonly string[], opts: { mcpUrl: string }) {
  const tools = new Set(toolIds);
  const l = limits();
  const outreachOrder = OUTREACH_ORDER.map((s) => ({
    step: s.step,
    title: s.title,
    why: s.why,
    check: s.check,
    tools: s.ops.filter((id) => tools.has(id)).map((id) => `svc_${id}`),
  }));
  const probe = { operationId: 'x', tag: 'x', method: 'GET', path: '/x/{id}', hints: { readOnly: true } } as unknown as AnyOperation;
  const errorRecovery = ERROR_CLASSES.map(([status, errorClass, body]) => ({
    status,
    class: errorClass,
    recover: errorGuidance(probe, status, body ?? {}).why,
  }));
  const limitList = [
    `POST /v1/signup: ${l.signupPerAddressPerHour} per address per hour, ${l.signupGlobalPerHour} per hour globally, edge burst ${l.signupEdgeRate}/s (burst ${l.signupEdgeBurst}).`,
    `Other /v1/*: ${l.v1Rate} requests/s per address (burst ${l.v1Burst}); repeated 401s share this zone.`,
    `Body size: signup ${l.signupBodyBytes / 1024} KB, other /v1/* ${l.v1BodyBytes / 1048576} MB, /api/* ${l.apiBodyBytes / 1048576} MB (413 above).`,
    `Sandbox quota: ${l.sandboxMonthlyQuota} outbound messages per calendar month, reset 00:00 UTC on the 1st.`,
    'Audit iterations: max 5 per recipient; 5 times the recipient count blocks the campaign.',
    'Skip preview and skip execution: up to 10 tasks per call.',
    'No X-RateLimit-* headers: on 429 back off exponentially with jitter, sleep capped at 60 s.',
  ];
  const mcp = {
    url: opts.mcpUrl,
    transport: 'streamable-http',
    toolPrefix: 'svc_',
    arguments:
      'Path parameters and query parameters are top-level arguments, the request body is `body`, the tenant is `tenant_id` (or the X-Tenant-Id header).',
    expert: 'Every tool result carries `_expert {next, why, check}`; send the header X-SERVICE-Guidance: off to suppress it.',
    visibility: 'tools/list shows only the tools your key may call; without credentials only public tools.',
  };
  const capabilityReceipt = {
    get: 'GET /api/v1/agent-guide/campaign-sender-capability (scope agent:read)',
    header: RECEIPT_HEADER,
    rule: `A campaign create or update that changes senderConfig or sendWindow must carry a receipt: bound to tenant and key, single-use, valid ${RECEIPT_TTL_MS / 60000} minutes.`,
  };
  const text = [
    '# svc agent guide',
    '',
    'The same operations over HTTPS (/api/*, /v1/*) and MCP. ' + mcp.arguments + ' ' + mcp.expert,
    '',
    '## Recommended cold-outreach order',
    ...outreachOrder.map((s) => `${s.step}. ${s.title}. ${s.why}${s.tools.length ? ` Tools: ${s.tools.join(', ')}.` : ''} Check: ${s.check}`),
    '',
    '## Compliance',
    ...COMPLIANCE.map((c) => `- ${c}`),
    '',
    '## Capability receipt',
    `- ${capabilityReceipt.rule} Get it with ${capabilityReceipt.get}; send it as ${RECEIPT_HEADER}.`,
    '',
    '## Limits',
    ...limitList.map((x) => `- ${x}`),
    '',
    '## Recovering from errors',
    ...errorRecovery.map((e) => `- ${e.status} ${e.class}: ${e.recover}`),
    '',
    '## Scopes',
    ...Object.entries(SCOPES).map(([s, d]) => `- ${s}: ${d}`),
  ].join('\n');
  return { version: '1.0.0', format: 'markdown', text, outreachOrder, compliance: COMPLIANCE, limits: limitList, errorRecovery, capabilityReceipt, mcp };
}
