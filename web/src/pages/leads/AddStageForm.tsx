import { useId } from 'react';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SelectField, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { usePipelineWrite, type Pipeline, type Stage } from './leads-api';
import { stageKindOptions } from './leads-values';
import { stageBody } from './pipeline-forms';

const FIELDS = ['name', 'kind', 'position'];

/** PipelinesController_createStage: a name, a kind, and where it goes (by default open stages before won and lost). */
export function AddStageForm({ pipeline }: { pipeline: Pipeline }) {
  const { workspace } = useWorkspace();
  const headingId = useId();
  const add = usePipelineWrite(
    workspace.tenantId,
    (body: object) => api.post<Stage>(`/api/pipelines/${encodeURIComponent(pipeline.id)}/stages`, body),
    'change pipelines',
  );
  const errors = useFormErrors(add.error, FIELDS, 'change pipelines');
  const places = [
    { value: '', label: 'Usual place' },
    ...pipeline.stages.map((s, i) => ({ value: String(i), label: `Before ${s.name}` })),
    { value: String(pipeline.stages.length), label: 'Last' },
  ];
  return (
    <form
      onSubmit={(e) => {
        const form = e.currentTarget;
        onSubmitValues((v) => add.mutate(stageBody(v), { onSuccess: () => form.reset() }))(e);
      }}
      noValidate
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>Add a stage</h3>
      <FormErrors errors={errors.form} />
      <div className="form-grid">
        <TextField name="name" label="Stage name" maxLength={80} errors={errors.byField.name} />
        <SelectField name="kind" label="Kind" options={stageKindOptions} errors={errors.byField.kind} />
        <SelectField
          name="position"
          label="Place"
          options={places}
          hint="Usually an open stage goes before the first won or lost stage, and a won or lost stage goes last."
          errors={errors.byField.position}
        />
      </div>
      <SubmitButton pending={add.isPending}>Add stage</SubmitButton>
      {add.isSuccess && (
        <p className="notice notice-success" role="status">
          Stage {add.data.name} added.
        </p>
      )}
    </form>
  );
}
