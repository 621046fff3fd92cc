/**
 * The leads API's fixed values, mirrored for the app's choices (the app builds from web/ only):
 * shared/crm/leads/types.ts INTEREST_LEVELS and shared/crm/pipelines/types.ts STAGE_KINDS and automation
 * actions. test/web/leads-forms.test.ts keeps the two in step.
 */
export const INTEREST_LEVELS = ['unknown', 'none', 'low', 'medium', 'high'] as const;
export type Interest = (typeof INTEREST_LEVELS)[number];

export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

export const ACTION_TYPES = ['task', 'note', 'notify', 'event'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const MAX_ACTIONS_PER_AUTOMATION = 5;

const INTEREST_WORDS: Record<Interest, string> = { unknown: 'Unknown', none: 'None', low: 'Low', medium: 'Medium', high: 'High' };
export const interestOptions = INTEREST_LEVELS.map((value) => ({ value, label: INTEREST_WORDS[value] }));

const KIND_WORDS: Record<StageKind, string> = { open: 'Open', won: 'Won (closes the lead)', lost: 'Lost (closes the lead)' };
export const stageKindOptions = STAGE_KINDS.map((value) => ({ value, label: KIND_WORDS[value] }));

export const ACTION_WORDS: Record<ActionType, string> = {
  task: 'Add a task to the lead',
  note: 'Add a note to the lead',
  notify: 'Notify the workspace',
  event: 'Record a custom event',
};
export const actionTypeOptions = ACTION_TYPES.map((value) => ({ value, label: ACTION_WORDS[value] }));
