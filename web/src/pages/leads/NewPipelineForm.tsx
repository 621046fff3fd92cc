import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { CheckboxField, FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { pipelinePath, usePipelineWrite, type Pipeline } from './leads-api';
import { stageKindOptions } from './leads-values';
import { pipelineBody } from './pipeline-forms';

const MAX_STAGE_ROWS = 30;

/**
 * pipelines_create: a name, its stages in order (none: the API's New, Contacted, Qualified, Won, Lost),
 * and whether it becomes the default. On success the pipeline's own page opens.
 */
export function NewPipelineForm() {
  const { workspace } = useWorkspace();
  const navigate = useNavigate();
  const uid = useId();
  const nextKey = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [rows, setRows] = useState<number[]>([]);
  const create = usePipelineWrite(
    workspace.tenantId,
    (body: object) => api.post<Pipeline>('/api/pipelines', body),
    'create pipelines',
    (p) => navigate(pipelinePath(p.id)),
  );
  const fields = ['name', 'stages', 'isDefault', ...rows.flatMap((_, i) => [`stages.${i}.name`, `stages.${i}.kind`])];
  const errors = useFormErrors(create.error, fields, 'create pipelines');

  const addRow = () => {
    const index = rows.length;
    setRows((r) => [...r, nextKey.current++]);
    // Focus the new stage's name once it is on the page, so the keyboard stays where the typing goes.
    requestAnimationFrame(() => (formRef.current?.elements.namedItem(`stages.${index}.name`) as HTMLInputElement | null)?.focus());
  };

  return (
    <section className="page-section" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>New pipeline</h2>
      <form ref={formRef} onSubmit={onSubmitValues((v) => create.mutate(pipelineBody(v, rows.length)))} noValidate aria-labelledby={`${uid}-h`}>
        <FormErrors errors={errors.form} />
        <TextField name="name" label="Pipeline name" maxLength={120} errors={errors.byField.name} />
        <fieldset className="rows">
          <legend>Stages, in order</legend>
          {rows.length === 0 ? (
            <p className="field-hint">None added: the pipeline gets New, Contacted, Qualified, Won and Lost.</p>
          ) : (
            <p className="field-hint">At least one open stage. Won and lost stages close a lead.</p>
          )}
          {errors.byField.stages && <p className="field-error">{errors.byField.stages.join(' ')}</p>}
          {rows.map((key, i) => (
            <div className="form-row row" key={key}>
              <TextField name={`stages.${i}.name`} label={`Stage ${i + 1} name`} maxLength={80} errors={errors.byField[`stages.${i}.name`]} />
              <SelectField name={`stages.${i}.kind`} label={`Stage ${i + 1} kind`} options={stageKindOptions} errors={errors.byField[`stages.${i}.kind`]} />
              <button type="button" className="secondary" onClick={() => setRows((r) => r.filter((k) => k !== key))}>
                Remove stage {i + 1}
              </button>
            </div>
          ))}
          {rows.length < MAX_STAGE_ROWS && (
            <button type="button" className="secondary" onClick={addRow}>
              Add a stage
            </button>
          )}
        </fieldset>
        <CheckboxField name="isDefault" label="Make it the default pipeline (new leads go there)" errors={errors.byField.isDefault} />
        <SubmitButton pending={create.isPending}>Create pipeline</SubmitButton>
      </form>
    </section>
  );
}
