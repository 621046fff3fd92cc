import { conflict } from '../../platform/errors.js';
import { isInsufficientBalance } from '../../workspace/billing/billing.js';
import { aiProvider } from '../../platform/ai/provider.js';
import { AiUnavailable } from '../../platform/ports/ai.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { getContact } from '../../crm/contacts/contacts.js';
import { MAX_AUDIT_ITERATIONS, Recipient, type RecipientRecord } from './entities.js';
import { getCampaignItem } from './campaigns.js';
import { auditableOf, moveRecipient } from './recipients.js';
import { auditVerdict, recordAuditIteration } from './audit-outcome.js';
import { contentRules, contentRulesAnswers, resultOf, type ContentRulesResult } from '../content-check/remote.js';
import { sourceDisclosure } from './geo.js';
import { markDegraded } from './degraded.js';

const CONTACT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface RenderedEmailRow {
  contactId: string;
  subject: string;
  html: string;
  text?: string;
}

/**
 * BYOC: the caller's finished renders, one per SCREENED recipient. Each row is audited (mandatory and
 * paid: `audit`, or `audit_failed` at the reduced price) and becomes READY, or comes back rejected with
 * its `auditCategories` (the recipient stays SCREENED for a corrected submission until its 5th
 * iteration, then CREATIVE_FAILED). Nothing is rendered, so nothing else is billed. The content rules
 * (and the text part of a row sent without one) come from the `content_rules` callable.
 */
export async function submitRenderedEmails(deps: Deps, tenantId: string, campaignId: string, rows: RenderedEmailRow[]) {
  const table = deps.tenantTable(tenantId);
  const c = await getCampaignItem(table, campaignId);
  if (c.renderMode !== 'BYOC') throw conflict('PLATFORM campaigns are prepared by the platform (campaigns_preparations_start)', { code: 'not_byoc' });
  if (c.status === 'BLOCKED') throw conflict('The campaign is BLOCKED (manual moderation)', { code: 'campaign_blocked' });
  const auditable = auditableOf(c);
  const ai = aiProvider(deps.config.ai);
  const results: {
    contactId: string;
    status: 'READY' | 'REJECTED' | 'NOT_ACCEPTED';
    reason: string | null;
    auditCategories: string[];
    auditIterations: number;
  }[] = [];
  let halted: string | null = null;
  const { recipients, prepared } = await prepareSubmission(deps, table, campaignId, rows);
  const seen = new Set<string>();
  for (const [i, row] of rows.entries()) {
    if (halted) {
      results.push({ contactId: row.contactId, status: 'NOT_ACCEPTED', reason: halted, auditCategories: [], auditIterations: 0 });
      continue;
    }
    // A contact's first row uses the read made up front; a later row of the same contact reads it again (its first row moved it).
    const again = seen.has(row.contactId);
    seen.add(row.contactId);
    const r = !CONTACT_ID.test(row.contactId)
      ? undefined
      : again
        ? await table.get<RecipientRecord>(Recipient.key({ campaignId, contactId: row.contactId }))
        : recipients.get(row.contactId);
    if (!r || r.status !== 'SCREENED') {
      results.push({
        contactId: row.contactId,
        status: 'NOT_ACCEPTED',
        reason: r ? `recipient_${r.status.toLowerCase()}` : 'not_a_recipient',
        auditCategories: [],
        auditIterations: r?.auditIterations ?? 0,
      });
      continue;
    }
    // Prepared up front unless this is a later row of a contact whose first row left it SCREENED (rejected).
    const { subject, html, rules } = prepared.get(i) ?? (await prepareRow(deps, table, r, row));
    const email = { subject, html, text: row.text ?? rules.text ?? '' };
    try {
      const audit = await auditVerdict(email, rules.hits, ai);
      const iterations = (r.auditIterations ?? 0) + 1;
      const { blocked } = await recordAuditIteration(deps, tenantId, table, c, r.contactId, audit.passed, auditable, iterations);
      const now = deps.clock.now();
      if (audit.passed) {
        await moveRecipient(table, r, 'SCREENED', 'READY', { content: email, auditCategories: [], failureReason: null }, now);
        results.push({ contactId: r.contactId, status: 'READY', reason: null, auditCategories: [], auditIterations: iterations });
      } else {
        if (iterations >= MAX_AUDIT_ITERATIONS)
          await moveRecipient(table, r, 'SCREENED', 'CREATIVE_FAILED', { failureReason: 'audit_failed', auditCategories: audit.auditCategories }, now);
        else await table.update(Recipient.key(r), { set: { auditCategories: audit.auditCategories } });
        results.push({
          contactId: r.contactId,
          status: 'REJECTED',
          reason: 'audit_failed',
          auditCategories: audit.auditCategories,
          auditIterations: iterations,
        });
      }
      if (blocked) halted = 'campaign_blocked';
    } catch (e) {
      if (e instanceof AiUnavailable) {
        await markDegraded(deps, table, c, ai, e.message);
        halted = 'AI_STAGES_HALTED';
      } else if (isInsufficientBalance(e)) halted = 'insufficient_balance';
      else throw e;
      results.push({ contactId: row.contactId, status: 'NOT_ACCEPTED', reason: halted, auditCategories: [], auditIterations: r.auditIterations ?? 0 });
    }
  }
  const status = (await getCampaignItem(table, campaignId)).status;
  return {
    campaignId,
    campaignStatus: status,
    accepted: results.filter((x) => x.status === 'READY').length,
    rejected: results.filter((x) => x.status === 'REJECTED').length,
    notAccepted: results.filter((x) => x.status === 'NOT_ACCEPTED').length,
    results,
  };
}

interface PreparedRow {
  subject: string;
  html: string;
  rules: ContentRulesResult;
}

/** A row's email as audited: the subject on one line, the HTML with the source disclosure its recipient's geo policy requires. */
async function emailOf(table: TableStore, r: RecipientRecord, row: RenderedEmailRow) {
  let html = row.html;
  if (r.geoPolicy === 'gdpr_disclosed')
    html += sourceDisclosure(
      await getContact(table, r.contactId)
        .then((x) => x.source)
        .catch(() => undefined),
    );
  return { subject: row.subject.replace(/[\r\n]+/g, ' ').trim(), html };
}

async function prepareRow(deps: Deps, table: TableStore, r: RecipientRecord, row: RenderedEmailRow): Promise<PreparedRow> {
  const email = await emailOf(table, r, row);
  return { ...email, rules: await contentRules(deps, { ...email, plainText: row.text === undefined }) };
}

/**
 * The submission's recipients (one consistent BatchGet, not a read per row) and the content rules of the
 * first row of each SCREENED one, by row index, before any row is audited: one callable call for the
 * whole submission (a few when its HTML is large) instead of one per row, and a row whose HTML is over
 * the parser's bounds fails the submission with its 400 before anything is billed or moved.
 */
async function prepareSubmission(deps: Deps, table: TableStore, campaignId: string, rows: RenderedEmailRow[]) {
  const ids = [...new Set(rows.map((row) => row.contactId).filter((id) => CONTACT_ID.test(id)))];
  const recipients = new Map(
    (
      await table.batchGet<RecipientRecord>(
        ids.map((contactId) => Recipient.key({ campaignId, contactId })),
        { consistent: true },
      )
    ).map((r) => [r.contactId, r] as const),
  );
  const firstRow = new Map<string, number>();
  for (const [i, row] of rows.entries()) if (!firstRow.has(row.contactId)) firstRow.set(row.contactId, i);
  const screened = [...rows.entries()].filter(([i, row]) => firstRow.get(row.contactId) === i && recipients.get(row.contactId)?.status === 'SCREENED');
  const emails = await Promise.all(screened.map(([, row]) => emailOf(table, recipients.get(row.contactId)!, row)));
  const answers = await contentRulesAnswers(
    deps,
    emails.map((email, k) => ({ ...email, plainText: screened[k][1].text === undefined })),
  );
  return { recipients, prepared: new Map<number, PreparedRow>(screened.map(([i], k) => [i, { ...emails[k], rules: resultOf(answers[k]) }])) };
}
