import { useState } from 'react';

/** Copies `text` to the clipboard and says whether it worked (the clipboard can be refused by the browser). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setOutcome('copied'),
      () => setOutcome('failed'),
    );
  return (
    <>
      <button type="button" className="secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="muted">
        {outcome === 'copied' ? ' Copied.' : outcome === 'failed' ? ' The browser refused the clipboard: select the text and copy it.' : ''}
      </span>
    </>
  );
}
