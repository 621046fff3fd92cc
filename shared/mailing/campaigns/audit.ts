import { createHash } from 'node:crypto';
import { runRules } from '../content-check/rules.js';
import type { AiProvider } from '../../platform/ports/ai.js';
import { auditVerdict, type Rendered } from './audit-outcome.js';

export { recordAuditIteration, type Rendered } from './audit-outcome.js';

/**
 * The mandatory audit of one rendered email with the content rules run on this thread (the campaign's
 * preparation step, a worker): auditVerdict (audit-outcome.ts) of the rules' hits.
 */
export const auditEmail = (email: Rendered, ai: AiProvider) => auditVerdict(email, runRules({ subject: email.subject, html: email.html }).hits, ai);

export const contentHash = (e: Rendered) => createHash('sha256').update(`${e.subject}\n${e.html}`).digest('hex').slice(0, 16);
