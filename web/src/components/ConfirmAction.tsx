import type { ReactNode } from 'react';

/**
 * A destructive row action asked on the page itself (no browser dialog): the button, then the question
 * with "Yes, …" and Cancel in a labelled group. The parent keeps which row is asking, so one row asks at a time.
 */
export function ConfirmAction(props: {
  asking: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
  /** The button's words, e.g. "Revoke reader agent"; the confirm button reads "Yes, " + its first letter lower-cased. */
  action: string;
  question: ReactNode;
}) {
  if (!props.asking)
    return (
      <button type="button" className="secondary" onClick={props.onAsk}>
        {props.action}
      </button>
    );
  return (
    <span className="confirm" role="group" aria-label={`Confirm: ${props.action}`}>
      {props.question}{' '}
      <button type="button" className="danger" disabled={props.pending} onClick={props.onConfirm}>
        Yes, {props.action.charAt(0).toLowerCase() + props.action.slice(1)}
      </button>{' '}
      <button type="button" className="secondary" onClick={props.onCancel}>
        Cancel
      </button>
    </span>
  );
}
