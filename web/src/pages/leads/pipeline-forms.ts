import type { AutomationAction } from './leads-api';
import type { ActionType } from './leads-values';

/**
 * The request bodies of the pipeline forms, built from the form's values (`onSubmitValues`: input name →
 * value, empty text left out). Rows are named by their place (`stages.0.name`, `actions.1.title`), the
 * paths the API's 400 messages use, so each message lands next to its own input. A field left empty is
 * left out of the body, and the API says what it needs.
 */
type Values = Record<string, string | boolean>;

const text = (v: Values, name: string) => (typeof v[name] === 'string' ? (v[name] as string) : undefined);

/** pipelines_create: no stage rows means the API's usual stages. */
export function pipelineBody(v: Values, stageRows: number) {
  const stages = Array.from({ length: stageRows }, (_, i) => ({ name: text(v, `stages.${i}.name`), kind: text(v, `stages.${i}.kind`) }));
  return { name: text(v, 'name'), ...(stages.length ? { stages } : {}), ...(v.isDefault === true ? { isDefault: true } : {}) };
}

/** PipelinesController_createStage: an empty place means the API's default (open stages before won and lost). */
export function stageBody(v: Values) {
  const position = text(v, 'position');
  return { name: text(v, 'name'), kind: text(v, 'kind'), ...(position === undefined ? {} : { position: Number(position) }) };
}

/** A number typed into a text box: sent as a number when it reads as one, else as typed, for the API to refuse by name. */
const numberOrText = (s: string | undefined) => (s === undefined ? undefined : /^-?\d+(\.\d+)?$/.test(s.trim()) ? Number(s) : s);

/** PipelinesController_createAutomation: each row sends only the fields of its action type. */
export function automationBody(v: Values, actionTypes: ActionType[]) {
  const actions = actionTypes.map((type, i): Record<string, unknown> => {
    const f = (field: string) => text(v, `actions.${i}.${field}`);
    if (type === 'task') return { type, title: f('title'), dueInDays: numberOrText(f('dueInDays')) };
    if (type === 'note') return { type, text: f('text') };
    if (type === 'notify') return { type, title: f('title'), message: f('message') };
    return { type, name: f('name') };
  });
  return { stageId: text(v, 'stageId'), name: text(v, 'name'), actions };
}

/** An action as a person reads it in the automations list. */
export function describeAction(a: AutomationAction): string {
  switch (a.type) {
    case 'task': {
      const days = a.dueInDays ?? 1;
      return `Task “${a.title}”, due ${days === 0 ? 'the same day' : `in ${days} ${days === 1 ? 'day' : 'days'}`}`;
    }
    case 'note':
      return `Note on the timeline: ${a.text}`;
    case 'notify':
      return `Notification “${a.title}”${a.message ? `: ${a.message}` : ''}`;
    case 'event':
      return `Custom event ${a.name}`;
    default:
      return a.type;
  }
}
