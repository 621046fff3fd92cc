import { useId, useRef, useState } from 'react';
import { api } from '../../api/client';
import type { FieldErrors } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextAreaField, TextField, useFormErrors } from '../../components/form';
import { usePipelineWrite, type Automation, type Pipeline } from './leads-api';
import { actionTypeOptions, MAX_ACTIONS_PER_AUTOMATION, type ActionType } from './leads-values';
import { automationBody } from './pipeline-forms';

/** The inputs each action type takes, named as the API's 400 messages name them (`actions.0.title`). */
const ACTION_FIELDS: Record<ActionType, string[]> = { task: ['title', 'dueInDays'], note: ['text'], notify: ['title', 'message'], event: ['name'] };

/** PipelinesController_createAutomation: when a lead enters a stage, run 1 to 5 actions. */
export function AutomationForm({ pipeline }: { pipeline: Pipeline }) {
  const { workspace } = useWorkspace();
  const headingId = useId();
  const nextKey = useRef(1);
  const [rows, setRows] = useState<{ key: number; type: ActionType }[]>([{ key: 0, type: 'task' }]);
  const create = usePipelineWrite(
    workspace.tenantId,
    (body: object) => api.post<Automation>(`/api/pipelines/${encodeURIComponent(pipeline.id)}/automations`, body),
    'change pipelines',
  );
  const fields = ['stageId', 'name', 'actions', ...rows.flatMap((r, i) => ['type', ...ACTION_FIELDS[r.type]].map((f) => `actions.${i}.${f}`))];
  const errors = useFormErrors(create.error, fields, 'change pipelines');
  const setType = (key: number, type: ActionType) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, type } : r)));

  return (
    <form
      onSubmit={(e) => {
        const form = e.currentTarget;
        onSubmitValues((v) =>
          create.mutate(
            automationBody(
              v,
              rows.map((r) => r.type),
            ),
            {
              onSuccess: () => (form.reset(), setRows([{ key: nextKey.current++, type: 'task' }])),
            },
          ),
        )(e);
      }}
      noValidate
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>New automation</h3>
      <FormErrors errors={errors.form} />
      <div className="form-grid">
        <SelectField
          name="stageId"
          label="When a lead enters"
          options={pipeline.stages.map((s) => ({ value: s.id, label: s.name }))}
          errors={errors.byField.stageId}
        />
        <TextField name="name" label="Name (optional)" maxLength={120} errors={errors.byField.name} />
      </div>
      <fieldset className="rows">
        <legend>Then</legend>
        {errors.byField.actions && <p className="field-error">{errors.byField.actions.join(' ')}</p>}
        {rows.map((row, i) => (
          <div className="form-row row" key={row.key}>
            <SelectField
              name={`actions.${i}.type`}
              label={`Action ${i + 1}`}
              options={actionTypeOptions}
              value={row.type}
              onChange={(e) => setType(row.key, e.currentTarget.value as ActionType)}
              errors={errors.byField[`actions.${i}.type`]}
            />
            <ActionInputs key={row.type} index={i} type={row.type} errors={errors} />
            {rows.length > 1 && (
              <button type="button" className="secondary" onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}>
                Remove action {i + 1}
              </button>
            )}
          </div>
        ))}
        {rows.length < MAX_ACTIONS_PER_AUTOMATION && (
          <button type="button" className="secondary" onClick={() => setRows((rs) => [...rs, { key: nextKey.current++, type: 'task' }])}>
            Add an action
          </button>
        )}
      </fieldset>
      <SubmitButton pending={create.isPending}>Create automation</SubmitButton>
      {create.isSuccess && (
        <p className="notice notice-success" role="status">
          Automation created: it runs from the next lead that enters {pipeline.stages.find((s) => s.id === create.data.stageId)?.name ?? 'the stage'}.
        </p>
      )}
    </form>
  );
}

function ActionInputs({ index, type, errors }: { index: number; type: ActionType; errors: FieldErrors }) {
  const n = (field: string) => `actions.${index}.${field}`;
  const err = (field: string) => errors.byField[n(field)];
  const of = ` (action ${index + 1})`;
  switch (type) {
    case 'task':
      return (
        <>
          <TextField name={n('title')} label={`Task title${of}`} maxLength={200} errors={err('title')} />
          <TextField name={n('dueInDays')} label={`Due in days${of}`} inputMode="numeric" hint="0 to 365; 1 when empty" errors={err('dueInDays')} />
        </>
      );
    case 'note':
      return <TextAreaField name={n('text')} label={`Note text${of}`} rows={2} maxLength={4000} errors={err('text')} />;
    case 'notify':
      return (
        <>
          <TextField name={n('title')} label={`Notification title${of}`} maxLength={200} errors={err('title')} />
          <TextField name={n('message')} label={`Message (optional)${of}`} maxLength={4000} errors={err('message')} />
        </>
      );
    case 'event':
      return <TextField name={n('name')} label={`Event name${of}`} hint="lower-case letters, digits, . _ -, e.g. lead.qualified" errors={err('name')} />;
  }
}
