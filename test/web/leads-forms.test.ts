// The request bodies the leads pages build from their forms (web/src/pages/leads/pipeline-forms.ts), and
// the API's fixed values the pages mirror (leads-values.ts) kept in step with the registry's.
import { describe, expect, it } from 'vitest';
import { INTEREST_LEVELS as API_INTEREST } from '../../shared/crm/leads/types.js';
import { MAX_ACTIONS_PER_AUTOMATION as API_MAX_ACTIONS, STAGE_KINDS as API_KINDS, type AutomationAction } from '../../shared/crm/pipelines/types.js';
import { ACTION_TYPES, INTEREST_LEVELS, MAX_ACTIONS_PER_AUTOMATION, STAGE_KINDS } from '../../web/src/pages/leads/leads-values';
import { automationBody, describeAction, pipelineBody, stageBody } from '../../web/src/pages/leads/pipeline-forms';

describe('the values the leads pages offer are the API’s', () => {
  it('interest levels, stage kinds, action types and the action limit', () => {
    expect(INTEREST_LEVELS).toEqual(API_INTEREST);
    expect(STAGE_KINDS).toEqual(API_KINDS);
    expect(MAX_ACTIONS_PER_AUTOMATION).toBe(API_MAX_ACTIONS);
    const everyType: Record<AutomationAction['type'], true> = { task: true, note: true, notify: true, event: true };
    expect([...ACTION_TYPES].sort()).toEqual(Object.keys(everyType).sort());
  });
});

describe('pipelineBody', () => {
  it('sends the stage rows in order, by their place, with an empty name left out for the API to name', () => {
    const body = pipelineBody({ name: 'Deals', 'stages.0.name': 'Discovery', 'stages.0.kind': 'open', 'stages.1.kind': 'won', isDefault: false }, 2);
    expect(body).toEqual({
      name: 'Deals',
      stages: [
        { name: 'Discovery', kind: 'open' },
        { name: undefined, kind: 'won' },
      ],
    });
    expect(JSON.parse(JSON.stringify(body)).stages[1]).toEqual({ kind: 'won' });
  });

  it('without rows sends no stages (the API’s usual ones); a ticked default is sent', () => {
    expect(pipelineBody({ name: 'Deals', isDefault: true }, 0)).toEqual({ name: 'Deals', isDefault: true });
  });
});

describe('stageBody', () => {
  it('sends a chosen place as a number, and no place for the usual one', () => {
    expect(stageBody({ name: 'Proposal', kind: 'open', position: '0' })).toEqual({ name: 'Proposal', kind: 'open', position: 0 });
    expect(stageBody({ name: 'Proposal', kind: 'open' })).toEqual({ name: 'Proposal', kind: 'open' });
  });
});

describe('automationBody', () => {
  it('sends only the fields of each row’s action type', () => {
    const values = {
      stageId: 's1',
      name: 'Follow-up',
      'actions.0.title': 'Call',
      'actions.0.dueInDays': '2',
      'actions.1.text': 'stale field of another type',
      'actions.1.title': 'Heads up',
      'actions.2.name': 'lead.hot',
    };
    expect(automationBody(values, ['task', 'notify', 'event'])).toEqual({
      stageId: 's1',
      name: 'Follow-up',
      actions: [
        { type: 'task', title: 'Call', dueInDays: 2 },
        { type: 'notify', title: 'Heads up', message: undefined },
        { type: 'event', name: 'lead.hot' },
      ],
    });
  });

  it('passes a due-in-days that is not a number as typed, for the API to refuse by name', () => {
    expect(automationBody({ 'actions.0.title': 'Call', 'actions.0.dueInDays': 'soon' }, ['task']).actions[0]).toEqual({
      type: 'task',
      title: 'Call',
      dueInDays: 'soon',
    });
  });
});

describe('describeAction', () => {
  it('says each action as a person reads it', () => {
    expect(describeAction({ type: 'task', title: 'Call' })).toBe('Task “Call”, due in 1 day');
    expect(describeAction({ type: 'task', title: 'Call', dueInDays: 0 })).toBe('Task “Call”, due the same day');
    expect(describeAction({ type: 'note', text: 'Hot' })).toBe('Note on the timeline: Hot');
    expect(describeAction({ type: 'notify', title: 'Ping' })).toBe('Notification “Ping”');
    expect(describeAction({ type: 'event', name: 'lead.hot' })).toBe('Custom event lead.hot');
  });
});
