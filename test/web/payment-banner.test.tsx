// @vitest-environment happy-dom
// A 402 anywhere raises the balance banner, and with the billing page in the app (web/src/pages/billing)
// its link opens that page rather than the answer's topUpUrl. The API is a real HTTP server on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { api } from '../../web/src/api/client';
import { Banners } from '../../web/src/app/Banners';
import { notices } from '../../web/src/app/notices';
import { createQueryClient } from '../../web/src/app/query-client';

let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(402, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          statusCode: 402,
          error: 'insufficient_balance',
          message: 'The balance does not cover 1 email_send.',
          topUpUrl: 'http://elsewhere.test/console/billing',
        }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`${base}/app/`);
});
afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())));
afterEach(() => (cleanup(), notices.dismissPayment()));

function PaidAction() {
  const send = useMutation({ mutationFn: () => api.post('/api/dialogs/d1/reply', { text: 'Hi' }) });
  return (
    <button type="button" onClick={() => send.mutate()}>
      Send
    </button>
  );
}

it('a 402 shows the API message with a link to the billing page of the app', async () => {
  render(
    <QueryClientProvider client={createQueryClient(() => undefined)}>
      <MemoryRouter>
        <Banners />
        <PaidAction />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await screen.findByText('The balance does not cover 1 email_send.');
  expect(screen.getByRole('link', { name: 'Open billing' }).getAttribute('href')).toBe('/billing');
});
