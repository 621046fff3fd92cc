import { diffAsText, htmlLines, lineDiff, type DiffLine } from './line-diff';
import type { CreativeContent } from './approvals-api';

const MARK: Record<DiffLine['kind'], string> = { added: '+ added', removed: '− removed', same: '' };

function Lines({ label, lines }: { label: string; lines: DiffLine[] }) {
  const changed = lines.filter((l) => l.kind !== 'same').length;
  return (
    <>
      <h4>
        {label}: {changed ? `${changed} line${changed === 1 ? '' : 's'} changed` : 'unchanged'}
      </h4>
      {changed > 0 && (
        <ul className="line-diff" aria-label={`${label} diff`} title={diffAsText(lines)}>
          {lines.map((l, i) => (
            <li key={i} className={`diff-${l.kind}`}>
              <span className="diff-mark">{MARK[l.kind]}</span>
              <span>{l.text}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What changed in a creative since a task approved it: subject and body (its HTML source, as text), line by line. */
export function ContentDiff({ approved, current }: { approved: CreativeContent | null; current: CreativeContent | null }) {
  if (!approved || !current)
    return (
      <p className="muted">
        The approved text was not kept (it was approved before versions were recorded), so no diff can be shown. Open the creative to read it.
      </p>
    );
  return (
    <div>
      <Lines label="Subject" lines={lineDiff([approved.subject], [current.subject])} />
      <Lines label="Body" lines={lineDiff(htmlLines(approved.bodyHtml), htmlLines(current.bodyHtml))} />
    </div>
  );
}
