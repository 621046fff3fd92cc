import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { AccountRecord } from '../identity/account.js';
import { runDomainChecks, type DomainCheckResult } from './checks.js';
import { accountForSignupToken, saveChecks } from './register.js';
import { Account } from '../identity/entities.js';
import { Tenant, User } from '../tenancy/entities.js';
import { Questionnaire, RegisterChecks } from './entities.js';

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
  const updated = await deps.platform.update<QuestionnaireRecord>(Questionnaire.key({ accountId: account.accountId }), {
    // gsi2 lists the latest submissions for the admin (one item per account, re-sorted on resubmission).
    set: {
      accountId: account.accountId,
      email: account.email,
      answers,
      checks,
      submittedAt: at,
      ...Questionnaire.indexKeys('bySubmitted', { submittedAt: at, accountId: account.accountId }),
      entity: Questionnaire.name,
      _v: Questionnaire.version,
    },
    setIfMissing: { firstSubmittedAt: at },
    add: { revision: 1 },
  });
  await saveChecks(deps, account.accountId, 'questionnaire', checks);
  await deps.platform.update(Account.key({ accountId: account.accountId }), { set: { questionnaireAt: at, updatedAt: at, lastActivityAt: at } });
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
export async function getQuestionnaire(
  deps: Deps,
  accountIdOrTenantId: string,
): Promise<
  | QuestionnaireRecord
  | { accountId: string; tenantId: string | null; email: string; status: string; answers: null; checks: DomainCheckResult | null; revision: 0 }
> {
  const accountId = await resolveAccountId(deps, accountIdOrTenantId);
  if (!accountId) throw notFound('Questionnaire');
  const [account, q, checks] = await Promise.all([
    deps.platform.get<AccountRecord>(Account.key({ accountId })),
    deps.platform.get<QuestionnaireRecord & { pk: string; sk: string }>(Questionnaire.key({ accountId })),
    deps.platform.get<DomainCheckResult & { pk: string; sk: string; accountId: string; source: string }>(RegisterChecks.key({ accountId })),
  ]);
  if (!account) throw notFound('Questionnaire');
  const latestChecks = checks ? (strip(checks) as DomainCheckResult & { source: string }) : null;
  if (!q)
    return { accountId, tenantId: account.tenantId ?? null, email: account.email, status: account.status, answers: null, checks: latestChecks, revision: 0 };
  return {
    accountId,
    tenantId: account.tenantId ?? null,
    email: account.email,
    status: account.status,
    answers: q.answers,
    checks: latestChecks ?? q.checks,
    revision: q.revision,
    submittedAt: q.submittedAt,
    firstSubmittedAt: q.firstSubmittedAt,
  };
}

async function resolveAccountId(deps: Deps, id: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  const account = await deps.platform.get<{ accountId: string }>(Account.key({ accountId: id }));
  if (account) return account.accountId;
  const tenant = await deps.platform.get<{ ownerUserId?: string }>(Tenant.key({ tenantId: id }));
  if (!tenant?.ownerUserId) return undefined;
  const user = await deps.platform.get<{ accountId?: string }>(User.key({ userId: tenant.ownerUserId }));
  return user?.accountId;
}

const strip = <T extends { pk: string; sk: string; accountId: string }>({ pk: _pk, sk: _sk, accountId: _a, ...rest }: T) => rest;

/**
 * Submitted questionnaires, most recently submitted first (for the admin console): account id, email,
 * company, whether the checks passed, revision and time. Read one in full with getQuestionnaire.
 */
export async function listQuestionnaires(deps: Deps, page: { limit: number; cursor?: string }) {
  const out = await deps.platform.query<QuestionnaireRecord>({
    ...Questionnaire.query('bySubmitted', {}),
    descending: true,
    limit: page.limit,
    cursor: page.cursor,
  });
  // One BatchGet per page: an admin deciding needs to see which answers still wait (PENDING).
  const accounts = out.items.length ? await deps.platform.batchGet<AccountRecord>(out.items.map((q) => Account.key({ accountId: q.accountId }))) : [];
  const statusOf = new Map(accounts.map((a) => [a.accountId, a.status]));
  return {
    data: out.items.map((q) => ({
      accountId: q.accountId,
      accountStatus: statusOf.get(q.accountId) ?? ('DELETED' as const),
      email: q.email,
      companyName: q.answers.companyName,
      checksPassed: q.checks.passed,
      reasons: q.checks.reasons,
      revision: q.revision,
      submittedAt: q.submittedAt,
    })),
    nextCursor: out.cursor ?? null,
  };
}
