import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { creativesKey, creativePath, formatTime, type Creative, type PdfGeneration } from './creatives-api';

const POLL_MS = 2000;
const finished = (g?: PdfGeneration) => !!g && g.status !== 'PENDING' && g.status !== 'RUNNING';
const STATUS_WORDS: Record<PdfGeneration['status'], string> = {
  PENDING: 'Waiting to render',
  RUNNING: 'Rendering',
  READY: 'Ready',
  FAILED: 'Failed',
  EXPIRED: 'Expired (the file was deleted; generate it again)',
};

/** The creative rendered into a PDF for the chosen recipient: started, polled every 2 s until it settles, then downloaded. */
export function PdfPanel({ tenantId, creative, contactId }: { tenantId: string; creative: Creative; contactId: string }) {
  const start = useMutation({
    mutationFn: () => api.post<PdfGeneration>(`${creativePath(creative.id)}/pdf`, contactId ? { contactId } : {}),
    meta: { action: 'generate PDFs' },
  });
  const generationId = start.data?.generationId;
  const statusPath = `/api/creatives/pdf-generations/${encodeURIComponent(generationId ?? '')}`;
  const generation = useQuery({
    queryKey: creativesKey(tenantId, 'pdf', generationId),
    queryFn: ({ signal }) => api.get<PdfGeneration>(statusPath, { signal, query: { file: 'false' } }),
    enabled: !!generationId,
    initialData: start.data,
    refetchInterval: (q) => (finished(q.state.data) ? false : POLL_MS),
    throwOnError: false,
  });
  const download = useMutation({
    mutationFn: () => api.get<PdfGeneration>(statusPath),
    meta: { action: 'download PDFs' },
    onSuccess: (g) => {
      if (!g.contentBase64) return;
      const bytes = Uint8Array.from(atob(g.contentBase64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${creative.name.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'creative'}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
  const g = generation.data;
  return (
    <section aria-labelledby="pdf-heading" className="page-section">
      <h2 id="pdf-heading">PDF for the recipient</h2>
      <button type="button" className="secondary" onClick={() => start.mutate()} disabled={start.isPending}>
        {start.isPending ? 'Requesting…' : 'Generate a PDF'}
      </button>
      {start.error ? (
        <p className="error-text" role="alert">
          {describeError(start.error, 'generate PDFs')}
        </p>
      ) : null}
      {g && (
        <div aria-live="polite">
          <p>
            <strong>{STATUS_WORDS[g.status]}</strong> (content version {g.contentVersion})
            {g.status === 'READY' && g.sizeBytes !== null ? `, ${Math.ceil(g.sizeBytes / 1024)} KB` : ''}
            {g.expiresAt && g.status === 'READY' ? `, kept until ${formatTime(g.expiresAt)}` : ''}
            {g.error ? `: ${g.error}` : ''}.
          </p>
          {g.imageIssues.length > 0 && (
            <ul className="plain">
              {g.imageIssues.map((i) => (
                <li key={i.src}>
                  Image {i.src} printed without it: {i.reason.replace(/_/g, ' ')}
                  {i.detail ? ` (${i.detail})` : ''}
                </li>
              ))}
            </ul>
          )}
          {g.status === 'READY' && (
            <button type="button" onClick={() => download.mutate()} disabled={download.isPending}>
              Download the PDF
            </button>
          )}
          {download.error ? <p className="error-text">{describeError(download.error, 'download PDFs')}</p> : null}
        </div>
      )}
    </section>
  );
}
