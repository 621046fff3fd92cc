import { badRequest, conflict, notFound } from '../errors.js';
import type { Deps } from '../runtime/deps.js';
import { IdentityKeys } from '../identity/keys.js';
import type { AccountRecord } from '../identity/account.js';
import { TenancyKeys } from '../tenancy/keys.js';
import { runDomainChecks, type DomainCheckResult } from './checks.js';
import { RegisterKeys } from './keys.js';
import { accountForSignupToken, saveChecks } from './register.js';

/** The questionnaire answers (the dto of POST /api/auth/signup-questionnaire without signup_token). */
export interface QuestionnaireAnswers {
  companyName: string;
  website?: string;
  jobTitle?: string;
  companySize?: string;
  country?: string;
  phone?: string;
  useCase: string;
  targetCountries?: string[];
  expectedMonthlyVolume?: number;
  contactSource: string;
  b2bOnly: boolean;
}

export interface QuestionnaireRecord {
  accountId: string;
  tenantId: string | null;
  email: string;
  status: AccountRecord['status'];
  answers: QuestionnaireAnswers;
  checks: DomainCheckResult;
  revision: number;
  submittedAt: string;
  firstSubmittedAt: string;
}

export const QUESTIONNAIRES_INDEX = 'QUESTIONNAIRES';

/**
 * POST /api/auth/signup-questionnaire: runs the domain/MX/HTTP checks at once, stores answers and
 * results on the registration (one item per account: a resubmission overwrites and bumps `revision`),
 * and emails the platform admin. The account stays PENDING; an admin decides.
 */
export async function submitQuestionnaire(deps: Deps, signupToken: string, answers: QuestionnaireAnswers) {
  const account = await accountForSignupToken(deps, signupToken);
  if (!account) throw badRequest(['signup_token is invalid or has expired']);
  if (account.status === 'ACTIVE') throw conflict('The account is already active; no questionnaire is needed', { code: 'already_active' });
  const checks = await runDomainChecks(deps, account.email, { website: answers.website });
  const at = new Date(deps.clock.now()).toISOString();
  const updated = await deps.platform.update<QuestionnaireRecord>(RegisterKeys.questionnaire(account.accountId), {
    // gsi2 lists the latest submissions for the admin (one item per account, re-sorted on resubmission).
    set: { accountId: account.accountId, email: account.email, answers, checks, submittedAt: at, gsi2pk: QUESTIONNAIRES_INDEX, gsi2sk: `${at}#${account.accountId}` },
    setIfMissing: { firstSubmittedAt: at },
    add: { revision: 1 },
  });
  await saveChecks(deps, account.accountId, 'questionnaire', checks);
  await deps.platform.update(IdentityKeys.account(account.accountId), { set: { questionnaireAt: at, updatedAt: at, lastActivityAt: at } });
  await deps.mailer.send({
    to: deps.config.platformAdminEmail,
    subject: `Signup questionnaire${updated.revision > 1 ? ` (revision ${updated.revision})` : ''}: ${account.email}`,
    text: [
      `Account ${account.accountId} (${account.email}) is PENDING and submitted the signup questionnaire.`,
      `Company: ${answers.companyName}${answers.website ? ` (${answers.website})` : ''}`,
      `Use case: ${answers.useCase}`,
      `Contact source: ${answers.contactSource}; B2B only: ${answers.b2bOnly ? 'yes' : 'no'}`,
      `Automatic checks: ${checks.passed ? 'passed' : `not passed (${checks.reasons.join(', ')})`}`,
      `MX: ${checks.mx.hosts.join(', ') || 'none'}; website: ${checks.website.url ?? 'no answer'}`,
      'Approve or reject it in the admin console.',
    ].join('\n'),
    links: { console: `${deps.config.publicBaseUrl}/console/admin/signups` },
  });
  return { status: 'PENDING' as const, revision: updated.revision, submittedAt: at, checks };
}

/**
 * The questionnaire and the latest automatic checks of a registration, by account id or tenant id
 * (for the admin API). 404 when neither an account nor a tenant has one.
 */
export async function getQuestionnaire(deps: Deps, accountIdOrTenantId: string): Promise<QuestionnaireRecord | { accountId: string; tenantId: string | null; email: string; status: string; answers: null; checks: DomainCheckResult | null; revision: 0 }> {
  const accountId = await resolveAccountId(deps, accountIdOrTenantId);
  if (!accountId) throw notFound('Questionnaire');
  const [account, q, checks] = await Promise.all([
    deps.platform.get<AccountRecord>(IdentityKeys.account(accountId)),
    deps.platform.get<QuestionnaireRecord & { pk: string; sk: string }>(RegisterKeys.questionnaire(accountId)),
    deps.platform.get<DomainCheckResult & { pk: string; sk: string; accountId: string; source: string }>(RegisterKeys.checks(accountId)),
  ]);
  if (!account) throw notFound('Questionnaire');
  const latestChecks = checks ? strip(checks) as DomainCheckResult & { source: string } : null;
  if (!q) return { accountId, tenantId: account.tenantId ?? null, email: account.email, status: account.status, answers: null, checks: latestChecks, revision: 0 };
  return {
    accountId, tenantId: account.tenantId ?? null, email: account.email, status: account.status,
    answers: q.answers, checks: latestChecks ?? q.checks, revision: q.revision, submittedAt: q.submittedAt, firstSubmittedAt: q.firstSubmittedAt,
  };
}

async function resolveAccountId(deps: Deps, id: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  const account = await deps.platform.get<{ accountId: string }>(IdentityKeys.account(id));
  if (account) return account.accountId;
  const tenant = await deps.platform.get<{ ownerUserId?: string }>(TenancyKeys.tenant(id));
  if (!tenant?.ownerUserId) return undefined;
  const user = await deps.platform.get<{ accountId?: string }>(TenancyKeys.user(tenant.ownerUserId));
  return user?.accountId;
}

const strip = <T extends { pk: string; sk: string; accountId: string }>({ pk: _pk, sk: _sk, accountId: _a, ...rest }: T) => rest;

/**
 * Submitted questionnaires, most recently submitted first (for the admin console): account id, email,
 * company, whether the checks passed, revision and time. Read one in full with getQuestionnaire.
 */
export async function listQuestionnaires(deps: Deps, page: { limit: number; cursor?: string }) {
  const out = await deps.platform.query<QuestionnaireRecord>({ index: 'gsi2', pk: QUESTIONNAIRES_INDEX, descending: true, limit: page.limit, cursor: page.cursor });
  return {
    data: out.items.map((q) => ({
      accountId: q.accountId, email: q.email, companyName: q.answers.companyName, checksPassed: q.checks.passed, reasons: q.checks.reasons,
      revision: q.revision, submittedAt: q.submittedAt,
    })),
    nextCursor: out.cursor ?? null,
  };
}
