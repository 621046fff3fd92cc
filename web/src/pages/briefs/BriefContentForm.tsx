import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { describeError, isApiError } from '../../api/errors';
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form';
import { documentFrom, fieldName, fieldText, formNodes, leaves, lockOf, mergePatch, placeErrors, valueAt, type FormNode, type JsonSchema } from './brief-form';
import { briefPath, briefsKey, type Brief } from './briefs-api';

/**
 * The brief's content as a form the published schema draws: an object is a group, a list is one item
 * per line, an enum a choice. Saving sends only the difference as a merge patch; locked fields are read-only.
 */
export function BriefContentForm({
  tenantId,
  brief,
  schema,
  onSaved,
}: {
  tenantId: string;
  brief: Brief;
  onSaved: (note: string) => void;
  schema: JsonSchema;
}) {
  const queryClient = useQueryClient();
  const nodes = formNodes(schema, ['content']);
  const fields = leaves(nodes).map((l) => fieldName(l.path));
  const [unchanged, setUnchanged] = useState(false);
  const save = useMutation({
    mutationFn: (body: { patch: object; reason?: string }) => api.patch<Brief>(`${briefPath(brief.id)}/content`, body),
    meta: { action: 'change briefs' },
    onSuccess: (b) => {
      // The page keeps the note: this form is drawn again from the new revision.
      onSaved(`Content saved as revision ${b.revision}.`);
      queryClient.setQueryData(briefsKey(tenantId, 'one', brief.id), (old: Brief | undefined) => ({ ...old, ...b }));
      void queryClient.invalidateQueries({ queryKey: briefsKey(tenantId) });
    },
  });
  const errors =
    save.error && isApiError(save.error) && save.error.status === 400
      ? placeErrors(save.error.messages, fields)
      : { byField: {} as Record<string, string[]>, form: save.error ? [describeError(save.error, 'change briefs')] : [] };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    // A locked choice is disabled (a disabled control sends nothing): locked fields keep the saved value.
    const values = Object.fromEntries(
      leaves(nodes).map((l) => [
        fieldName(l.path),
        lockOf(l.path, brief.locks) ? fieldText(valueAt({ content: brief.content }, l.path)) : String(data.get(fieldName(l.path)) ?? ''),
      ]),
    );
    const patch = mergePatch(brief.content, documentFrom(nodes, values, 1));
    const reason = String(data.get('reason') ?? '').trim();
    setUnchanged(Object.keys(patch).length === 0);
    if (Object.keys(patch).length) save.mutate({ patch, ...(reason ? { reason } : {}) });
  };
  return (
    <form onSubmit={submit} noValidate className="brief-form">
      <FormErrors errors={errors.form} />
      {nodes.map((n) => (
        <Node key={fieldName(n.path)} node={n} brief={brief} errors={errors.byField} />
      ))}
      <TextField name="reason" label="Reason for the change (optional)" maxLength={1000} />
      <div className="actions">
        <SubmitButton pending={save.isPending}>Save content</SubmitButton>
        <span role="status">{unchanged ? 'Nothing changed.' : ''}</span>
      </div>
    </form>
  );
}

function Node({ node, brief, errors }: { node: FormNode; brief: Brief; errors: Record<string, string[]> }) {
  if (node.kind === 'group')
    return (
      <fieldset className="rows">
        <legend>{node.label}</legend>
        {node.description && <p className="field-hint">{node.description}</p>}
        {node.children.map((c) => (
          <Node key={fieldName(c.path)} node={c} brief={brief} errors={errors} />
        ))}
      </fieldset>
    );
  const name = fieldName(node.path);
  const value = valueAt({ content: brief.content }, node.path);
  const lock = lockOf(node.path, brief.locks);
  const hint = [
    node.kind === 'list' ? 'One per line.' : '',
    node.description ? `${node.description.replace(/\.?$/, '.')}` : '',
    lock ? `Locked by ${lock}: unlock it below to change it.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const common = { name, label: node.label, errors: errors[name], hint: hint || undefined, readOnly: !!lock, defaultValue: fieldText(value) };
  if (node.kind === 'choice')
    return (
      <SelectField {...common} disabled={!!lock} options={[{ value: '', label: 'Not set' }, ...(node.options ?? []).map((o) => ({ value: o, label: o }))]} />
    );
  if (node.kind === 'text') return <TextField {...common} maxLength={node.maxLength} />;
  return <TextAreaField {...common} rows={node.kind === 'list' ? 4 : 3} />;
}
