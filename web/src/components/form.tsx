import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { describeError, fieldErrors, isApiError, type FieldErrors } from '../api/errors';

/**
 * Form parts every page uses, so that labels, error placement and focus behave the same everywhere.
 * Inputs are uncontrolled: what a person typed stays in the form whatever the request's outcome
 * (a lost connection included), and `onSubmitValues` reads the values when the form is sent.
 */

/**
 * The errors of a mutation, placed: a 400's messages next to the fields they name (the rest above the
 * form), any other failure as one sentence above the form. `action` completes "Your role cannot …".
 */
export function useFormErrors(error: unknown, fields: readonly string[], action?: string): FieldErrors {
  if (!error) return { byField: {}, form: [] };
  if (isApiError(error) && error.status === 400) return fieldErrors(error.messages, fields);
  return { byField: {}, form: [describeError(error, action)] };
}

/** The form's values by input name (checkboxes as booleans, empty text left out). */
export function onSubmitValues(handler: (values: Record<string, string | boolean>) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values: Record<string, string | boolean> = {};
    for (const el of Array.from(form.elements)) {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) || !el.name) continue;
      if (el instanceof HTMLInputElement && el.type === 'checkbox') values[el.name] = el.checked;
      else if (el.value.trim() !== '') values[el.name] = el.value;
    }
    handler(values);
  };
}

/** The messages that name no field, above the form; announced when they appear. */
export function FormErrors({ errors }: { errors: string[] }) {
  if (!errors.length) return null;
  return (
    <div className="form-errors" role="alert">
      {errors.length === 1 ? (
        <p>{errors[0]}</p>
      ) : (
        <ul>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface FieldFrameProps {
  label: string;
  errors?: string[];
  hint?: ReactNode;
}

function useFieldIds(errors?: string[], hint?: ReactNode) {
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return { id, errorId, hintId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

function FieldMessages({ errorId, hintId, errors, hint }: { errorId?: string; hintId?: string; errors?: string[]; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {errors?.length ? (
        <p id={errorId} className="field-error">
          {errors.join(' ')}
        </p>
      ) : null}
    </>
  );
}

export function TextField({ label, errors, hint, ...input }: FieldFrameProps & InputHTMLAttributes<HTMLInputElement> & { name: string }) {
  const ids = useFieldIds(errors, hint);
  return (
    <div className="field">
      <label htmlFor={ids.id}>{label}</label>
      <input id={ids.id} aria-invalid={errors?.length ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <FieldMessages {...ids} errors={errors} hint={hint} />
    </div>
  );
}

export function TextAreaField({ label, errors, hint, ...input }: FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string }) {
  const ids = useFieldIds(errors, hint);
  return (
    <div className="field">
      <label htmlFor={ids.id}>{label}</label>
      <textarea id={ids.id} aria-invalid={errors?.length ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <FieldMessages {...ids} errors={errors} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  options,
  ...select
}: FieldFrameProps & SelectHTMLAttributes<HTMLSelectElement> & { name: string; options: { value: string; label: string }[] }) {
  const ids = useFieldIds(errors, hint);
  return (
    <div className="field">
      <label htmlFor={ids.id}>{label}</label>
      <select id={ids.id} aria-invalid={errors?.length ? true : undefined} aria-describedby={ids.describedBy} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages {...ids} errors={errors} hint={hint} />
    </div>
  );
}

export function CheckboxField({ label, errors, hint, ...input }: FieldFrameProps & InputHTMLAttributes<HTMLInputElement> & { name: string }) {
  const ids = useFieldIds(errors, hint);
  return (
    <div className="field field-checkbox">
      <input id={ids.id} type="checkbox" aria-invalid={errors?.length ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <label htmlFor={ids.id}>{label}</label>
      <FieldMessages {...ids} errors={errors} hint={hint} />
    </div>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={pending} aria-busy={pending || undefined}>
      {pending ? 'Please wait…' : children}
    </button>
  );
}
