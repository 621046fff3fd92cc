/**
 * The spec's Limits table in one place. Each number can be overridden through the environment
 * (see README) so benchmarks can measure the request path without being throttled; the defaults are
 * the spec's and production never overrides them.
 */
const num = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const raw = env[name];
  if (raw === 'off') return Infinity;
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

export type Limits = ReturnType<typeof limits>;

export const limits = (env: NodeJS.ProcessEnv = {}) => ({
  signupPerAddressPerHour: num(env, 'LIMIT_SIGNUP_PER_IP_HOUR', 5),
  signupGlobalPerHour: num(env, 'LIMIT_SIGNUP_GLOBAL_HOUR', 50),
  signupEdgeRate: num(env, 'LIMIT_SIGNUP_EDGE_RATE', 2),
  signupEdgeBurst: num(env, 'LIMIT_SIGNUP_EDGE_BURST', 10),
  v1Rate: num(env, 'LIMIT_V1_RATE', 2),
  v1Burst: num(env, 'LIMIT_V1_BURST', 20),
  signupBodyBytes: 64 * 1024,
  v1BodyBytes: 1024 * 1024,
  /** /api/* cap: the Lambda synchronous payload limit. */
  apiBodyBytes: 6 * 1024 * 1024,
  sandboxMonthlyQuota: 500,
});

export const HOUR_MS = 3_600_000;
export const SIGNUP_TOO_MANY = 'Too many signups from your address. Try again in an hour.';
export const V1_TOO_MANY = 'Too many requests from your address. Back off and retry with jitter.';
