import { useId, useMemo, type ReactNode, type Ref } from 'react';
import { faultFromMessage, templateFault, templateSegments, type Segment, type TemplateFault } from './template-syntax';

/**
 * A subject or body field of the template language: the plain input a person types in, under it the
 * same text highlighted (spins, their separators and variables), and a parse fault at its line and
 * column with a caret under it. Everything is rendered as text nodes; nothing the person typed becomes markup.
 */
export function TemplateField(props: {
  name: 'subject' | 'bodyHtml';
  label: string;
  value: string;
  multiline?: boolean;
  /** The save's 400 messages for this field (a parse fault among them is placed like the live one). */
  errors?: string[];
  /** The source the save sent (its fault offsets refer to it). */
  sentValue?: string;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  onChange: (value: string) => void;
  onFocus?: () => void;
}) {
  const id = useId();
  const live = useMemo(() => templateFault(props.value), [props.value]);
  // The live check speaks for the current text; a save's fault is shown only if the live check found none.
  const saved = !live && props.sentValue === props.value ? props.errors?.map((m) => faultFromMessage(props.value, m)).find(Boolean) : undefined;
  const fault = live ?? saved ?? null;
  const otherErrors = (props.errors ?? []).filter((m) => !faultFromMessage(props.sentValue ?? props.value, m));
  const faultId = fault ? `${id}-fault` : undefined;
  const errorId = otherErrors.length ? `${id}-error` : undefined;
  const common = {
    id,
    name: props.name,
    value: props.value,
    spellCheck: props.multiline ? true : undefined,
    'aria-invalid': fault || otherErrors.length ? true : undefined,
    'aria-describedby': [faultId, errorId].filter(Boolean).join(' ') || undefined,
    onFocus: props.onFocus,
    onChange: (e: { target: { value: string } }) => props.onChange(e.target.value),
  };
  return (
    <div className="field template-field">
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? <textarea ref={props.inputRef} rows={12} {...common} /> : <input ref={props.inputRef} type="text" {...common} />}
      {otherErrors.length ? (
        <p id={errorId} className="field-error">
          {otherErrors.join(' ')}
        </p>
      ) : null}
      {fault && <FaultNotice id={faultId!} fault={fault} />}
      <Highlighted source={props.value} fault={fault} label={props.label} />
    </div>
  );
}

function FaultNotice({ id, fault }: { id: string; fault: TemplateFault }) {
  return (
    <div id={id} className="template-fault">
      <p className="field-error">
        Line {fault.line}, column {fault.column}: {fault.message}
      </p>
      <pre className="template-caret" aria-hidden="true">
        {fault.lineText}
        {'\n'}
        {fault.caret}
      </pre>
    </div>
  );
}

const CLASS: Record<Segment['kind'], string> = {
  text: '',
  var: 'tpl-var',
  'spin-open': 'tpl-spin',
  'spin-sep': 'tpl-spin',
  'spin-close': 'tpl-spin',
  escape: 'tpl-escape',
  raw: 'tpl-raw',
};

/** The source highlighted, read-only; the fault's character (or the end, when it is past it) marked. */
function Highlighted({ source, fault, label }: { source: string; fault: TemplateFault | null; label: string }) {
  const parts: ReactNode[] = [];
  const at = fault?.position ?? -1;
  for (const s of templateSegments(source)) {
    const cls = CLASS[s.kind] + (s.depth ? ` tpl-depth-${((s.depth - 1) % 3) + 1}` : '');
    const render = (text: string, key: string) =>
      cls ? (
        <span key={key} className={cls}>
          {text}
        </span>
      ) : (
        text
      );
    if (at >= s.start && at < s.start + s.text.length) {
      const i = at - s.start;
      if (i > 0) parts.push(render(s.text.slice(0, i), `${s.start}a`));
      parts.push(
        <mark key={`${s.start}m`} className="tpl-fault">
          {s.text[i]}
        </mark>,
      );
      if (i + 1 < s.text.length) parts.push(render(s.text.slice(i + 1), `${s.start}b`));
    } else
      parts.push(
        <span key={s.start} className={cls || undefined}>
          {s.text}
        </span>,
      );
  }
  if (at >= source.length)
    parts.push(
      <mark key="end" className="tpl-fault">
        {'⟂'}
      </mark>,
    );
  return (
    <figure className="template-highlight">
      <figcaption>{label}, highlighted</figcaption>
      <pre aria-hidden="true">{parts.length ? parts : ' '}</pre>
    </figure>
  );
}
