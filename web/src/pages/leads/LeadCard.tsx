import { useState } from 'react';
import { Link } from 'react-router';
import { leadName, type Lead } from './leads-api';
import { interestOptions } from './leads-values';

/** The drag payload's type: only our own cards can be dropped on a column. */
export const LEAD_TYPE = 'application/x-svc-lead';

interface StageChoice {
  id: string;
  name: string;
}

/**
 * One lead on the board. Dragging moves it; for the keyboard (and touch) each card also has a "move to"
 * choice and an interest choice, each with its own button, so a change is never made by merely arrowing
 * through a select.
 */
export function LeadCard(props: {
  lead: Lead;
  stageId: string;
  stages: StageChoice[];
  pending: boolean;
  onMove: (stageId: string) => void;
  onSetInterest: (interest: string) => void;
}) {
  const { lead } = props;
  const others = props.stages.filter((s) => s.id !== props.stageId);
  const [target, setTarget] = useState(others[0]?.id ?? '');
  const name = leadName(lead);
  const ids = { move: `move-${lead.id}`, interest: `interest-${lead.id}` };
  return (
    <li
      className="kanban-card"
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(LEAD_TYPE, lead.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <Link to={`/leads/${encodeURIComponent(lead.id)}`}>{name}</Link>
      {lead.contact?.email && lead.title && <p className="muted">{lead.contact.email}</p>}
      <p>
        Interest: <span className="figure-inline">{lead.interest}</span>
      </p>
      <CardInterest id={ids.interest} name={name} current={lead.interest} pending={props.pending} onSet={props.onSetInterest} />
      {others.length > 0 && (
        <div className="move-to">
          <label htmlFor={ids.move} className="visually-hidden">
            Move {name} to
          </label>
          <select id={ids.move} value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
            {others.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <button type="button" className="secondary" disabled={props.pending || !target} onClick={() => props.onMove(target)} aria-label={`Move ${name}`}>
            Move
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The card's interest choice. The choice follows the lead's interest when that changes elsewhere (the
 * dossier, an agent). The button stays focusable while a change is under way (aria-disabled, not
 * disabled), so the keyboard user's place on the board is kept.
 */
function CardInterest(props: { id: string; name: string; current: string; pending: boolean; onSet: (interest: string) => void }) {
  const [choice, setChoice] = useState(props.current);
  const [seen, setSeen] = useState(props.current);
  if (seen !== props.current) {
    setSeen(props.current);
    setChoice(props.current);
  }
  return (
    <div className="move-to">
      <label htmlFor={props.id} className="visually-hidden">
        Interest of {props.name}
      </label>
      <select id={props.id} value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
        {interestOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="button" className="secondary" aria-disabled={props.pending || undefined} onClick={() => props.pending || props.onSet(choice)}>
        Set<span className="visually-hidden"> interest of {props.name}</span>
      </button>
    </div>
  );
}
