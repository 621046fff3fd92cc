import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../api/client';
import { FormErrors, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { creativePath, creativesKey, type AvailableVariable, type Creative } from './creatives-api';
import { TemplateField } from './TemplateField';
import { insertAt } from './template-syntax';

const FIELDS = ['name', 'subject', 'bodyHtml'];
type Draft = { name: string; subject: string; bodyHtml: string };
type Target = 'subject' | 'bodyHtml';

/**
 * Name, subject and body of a creative with the template language highlighted, its parse faults placed,
 * and the workspace's variables to insert where the caret was. Saves only what changed (a subject or
 * body change is a new content version). `onDirty` tells the page when the preview no longer shows the text.
 */
export function CreativeEditor({ tenantId, creative, onDirty }: { tenantId: string; creative: Creative; onDirty: (dirty: boolean) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({ name: creative.name, subject: creative.subject, bodyHtml: creative.bodyHtml });
  const [sent, setSent] = useState<Partial<Draft>>({});
  const [target, setTarget] = useState<Target>('bodyHtml');
  const [saved, setSaved] = useState<number | null>(null);
  const refs = { subject: useRef<HTMLInputElement & HTMLTextAreaElement>(null), bodyHtml: useRef<HTMLInputElement & HTMLTextAreaElement>(null) };
  const variables = useQuery({
    queryKey: creativesKey(tenantId, 'variables-available'),
    queryFn: ({ signal }) => api.get<{ data: AvailableVariable[] }>('/api/creatives/variables', { signal }),
    throwOnError: false,
  });
  const changes = (Object.keys(draft) as (keyof Draft)[]).filter((k) => draft[k] !== creative[k]);
  const save = useMutation({
    mutationFn: (body: Partial<Draft>) => api.patch<Creative>(creativePath(creative.id), body),
    meta: { action: 'change creatives' },
    onSuccess: (c) => {
      queryClient.setQueryData(creativesKey(tenantId, 'one', creative.id), c);
      void queryClient.invalidateQueries({ queryKey: creativesKey(tenantId) });
      setSaved(c.contentVersion);
      onDirty(false);
    },
  });
  const errors = useFormErrors(save.error, FIELDS, 'change creatives');
  const set = (field: keyof Draft, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    onDirty((Object.keys(next) as (keyof Draft)[]).some((k) => next[k] !== creative[k]));
    setSaved(null);
  };
  const insert = (name: string) => {
    const el = refs[target].current;
    const token = `{{${name}}}`;
    const { value, caret } = insertAt(draft[target], el?.selectionStart ?? draft[target].length, el?.selectionEnd ?? draft[target].length, token);
    set(target, value);
    // After React writes the new value: the caret goes after the inserted variable, in the field it went into.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = Object.fromEntries(changes.map((k) => [k, draft[k]])) as Partial<Draft>;
    setSent(body);
    save.mutate(body);
  };

  return (
    <section aria-labelledby="editor-heading" className="page-section">
      <h2 id="editor-heading">Content</h2>
      <p className="field-hint">
        Spintax <code>{'{Hi|Hello}'}</code> picks one option per recipient; <code>{'{{firstName}}'}</code> inserts a value, <code>{'{{firstName|there}}'}</code>{' '}
        with a fallback. In the highlighted copy, spin braces and bars are bold, variables are boxed.
      </p>
      <div className="creative-editor">
        <form onSubmit={submit} noValidate className="creative-editor-form">
          <FormErrors errors={errors.form} />
          <TextField name="name" label="Name" value={draft.name} onChange={(e) => set('name', e.target.value)} errors={errors.byField.name} />
          <TemplateField
            name="subject"
            label="Subject"
            value={draft.subject}
            inputRef={refs.subject}
            errors={errors.byField.subject}
            sentValue={sent.subject}
            onFocus={() => setTarget('subject')}
            onChange={(v) => set('subject', v)}
          />
          <TemplateField
            name="bodyHtml"
            label="Body"
            multiline
            value={draft.bodyHtml}
            inputRef={refs.bodyHtml}
            errors={errors.byField.bodyHtml}
            sentValue={sent.bodyHtml}
            onFocus={() => setTarget('bodyHtml')}
            onChange={(v) => set('bodyHtml', v)}
          />
          <div className="actions">
            <SubmitButton pending={save.isPending}>Save creative</SubmitButton>
            <span role="status">
              {saved !== null ? `Saved: content version ${saved}.` : changes.length ? 'Unsaved changes.' : `Content version ${creative.contentVersion}.`}
            </span>
          </div>
        </form>
        <section aria-labelledby="variables-heading" className="variables-panel">
          <h3 id="variables-heading">Variables</h3>
          <p className="field-hint">Inserted at the caret of the {target === 'subject' ? 'subject' : 'body'}.</p>
          {variables.isError ? (
            <p className="error-text">The variables could not be loaded.</p>
          ) : !variables.data ? (
            <p role="status">Loading the variables…</p>
          ) : (
            <ul className="plain variable-list">
              {variables.data.data.map((v) => (
                <li key={v.name}>
                  <button type="button" className="secondary" onClick={() => insert(v.name)} aria-label={`Insert {{${v.name}}}`}>
                    {`{{${v.name}}}`}
                  </button>{' '}
                  <span className="muted">{v.example !== null ? `e.g. ${v.example}` : (v.label ?? v.source.replace('_', ' '))}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
