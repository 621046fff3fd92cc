/**
 * What one step produced. `unavailable` means the step could not answer (not configured, provider
 * down, no match): its stepResults entry is `{outcome: 'UNAVAILABLE', reasonCode}` and it wrote nothing.
 */
export interface StepOutcome {
  status: 'ok' | 'unavailable' | 'skipped' | 'failed';
  out: Record<string, unknown>;
}

export const ok = (out: Record<string, unknown>): StepOutcome => ({ status: 'ok', out });
export const unavailable = (reasonCode: string, extra: Record<string, unknown> = {}): StepOutcome => ({
  status: 'unavailable',
  out: { outcome: 'UNAVAILABLE', reasonCode, ...extra },
});
export const failed = (reasonCode: string, extra: Record<string, unknown> = {}): StepOutcome => ({ status: 'failed', out: { reasonCode, ...extra } });
