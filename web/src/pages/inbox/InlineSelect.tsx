import { useId } from 'react';

/**
 * A select in a toolbar (filters, relabel): its label beside it, tied by id rather than by wrapping, so
 * that the label's text is the label alone (a wrapping label's text would include every option).
 */
export function InlineSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; disabled?: boolean }[];
}) {
  const id = useId();
  return (
    <span className="inline-select">
      <label htmlFor={id}>{label}</label>{' '}
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}
