/** Platform-table keys of /api/auth/register records, declared once (tokens are stored as SHA-256). */
export const RegisterKeys = {
  /** Email verification link token → account (24 h). */
  verifyToken: (hash: string) => ({ pk: `REGVERIFY#${hash}`, sk: 'REGVERIFY' }),
  /** `signup_token` handed out when the automatic checks fail → account (7 days, for the questionnaire). */
  signupToken: (hash: string) => ({ pk: `SIGNUPTOKEN#${hash}`, sk: 'SIGNUPTOKEN' }),
  /** The questionnaire answers and check results of an account (one item: a resubmission overwrites). */
  questionnaire: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'QUESTIONNAIRE' }),
  /** The latest automatic check results of an account (verify-email or questionnaire). */
  checks: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'REGCHECKS' }),
};

export const VERIFY_TTL_MS = 24 * 3_600_000;
export const SIGNUP_TOKEN_TTL_MS = 7 * 24 * 3_600_000;
