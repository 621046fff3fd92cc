import type { LegalDocument } from './types.js';

export const mode2: LegalDocument = {
  key: 'mode2',
  title: 'Mode 2: Autonomous Agent Operation',
  version: '2026-11-01',
  effectiveDate: '2026-11-01',
  summary: "Extra terms for letting AI agents run outreach with the client's keys, including approving their own mailings.",
  body: `# Mode 2: Autonomous Agent Operation

In Mode 2 the client lets software agents act in its workspace through API keys or MCP tools, without a person reviewing each step.

1. **Same responsibility.** Everything an agent does with the client's key is done by the client. The Terms, the AUP and the campaign guarantee apply unchanged.
2. **Self-approval.** A key holding the \`mailing:write\` scope can approve its own mailing tasks. Workspace-wide auto-approve (SUPER only) makes every task send without manual approval. The client enables these knowingly.
3. **Guardrails stay on.** Suppression, stop-lists, non-target-role skipping, the mandatory audit, send windows and geo policy apply to agents exactly as to people and cannot be switched off by an agent.
4. **Limits.** The client should give agents narrowly scoped keys, start with small sends (limit=1) and watch placement before scaling.
5. **Oversight.** The client monitors its agents, keeps the ledger and dialogs under review, and revokes a key that misbehaves. The platform may pause a workspace whose agents breach the AUP.
`,
};
