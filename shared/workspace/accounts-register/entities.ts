import { defineEntity } from '../../platform/data/entity.js';

/** Platform-table entities of /api/auth/register (tokens are stored as their SHA-256). */

/** Email verification link token → account (24 h). */
export const VerifyToken = defineEntity({
  entity: 'register_verify_token',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'REGVERIFY#${tokenHash}', sk: 'REGVERIFY' } },
});

/** `signup_token` handed out when the automatic checks fail → account (7 days, for the questionnaire). */
export const SignupToken = defineEntity({
  entity: 'register_signup_token',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'SIGNUPTOKEN#${tokenHash}', sk: 'SIGNUPTOKEN' } },
});

/** The questionnaire answers and check results of an account (one item: a resubmission overwrites). */
export const Questionnaire = defineEntity({
  entity: 'register_questionnaire',
  version: 1,
  table: 'platform',
  keys: {
    primary: { pk: 'ACCOUNT#${accountId}', sk: 'QUESTIONNAIRE' },
    /** The latest submissions for the admin (one item per account, re-sorted on resubmission). */
    bySubmitted: { index: 'gsi2', pk: 'QUESTIONNAIRES', sk: '${submittedAt}#${accountId}' },
  },
});

/** The latest automatic check results of an account (verify-email or questionnaire). */
export const RegisterChecks = defineEntity({
  entity: 'register_checks',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'ACCOUNT#${accountId}', sk: 'REGCHECKS' } },
});
