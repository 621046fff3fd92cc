// @vitest-environment happy-dom
// A form built the way every page builds one (web/src/components/form.tsx with a TanStack mutation):
// the API's 400 messages land next to their fields, other failures above the form, and what the person
// typed survives a lost connection. The API is a real HTTP server on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../web/src/api/client';
import { createQueryClient } from '../../web/src/app/query-client';
import { notices } from '../../web/src/app/notices';
import { FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../web/src/components/form';

/** Scripted answers; `drop` cuts the connection without an answer (a lost network, as the browser sees it). */
let replies: ({ status: number; body?: unknown } | 'drop')[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const r = replies.shift() ?? { status: 201, body: { id: 'c1' } };
      if (r === 'drop') return req.socket.destroy();
      res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`${base}/app/`);
});
afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())));
afterEach(() => (cleanup(), notices.connectionBack()));

const FIELDS = ['name', 'domain'];

function CompanyForm() {
  const create = useMutation({ mutationFn: (body: Record<string, unknown>) => api.post('/api/companies', body), meta: { action: 'create companies' } });
  const errors = useFormErrors(create.error, FIELDS, 'create companies');
  return (
    <form onSubmit={onSubmitValues((v) => create.mutate(v))}>
      <FormErrors errors={errors.form} />
      <TextField name="name" label="Name" errors={errors.byField.name} />
      <TextField name="domain" label="Domain" errors={errors.byField.domain} />
      <SubmitButton pending={create.isPending}>Create</SubmitButton>
      {create.isSuccess && <p>Created</p>}
    </form>
  );
}

const renderForm = (onSessionEnded: () => void = () => undefined) =>
  render(
    <QueryClientProvider client={createQueryClient(onSessionEnded)}>
      <CompanyForm />
    </QueryClientProvider>,
  );

describe('a page form and the API answers', () => {
  it('puts 400 messages next to the named fields (linked for screen readers) and the rest above the form', async () => {
    replies = [
      { status: 400, body: { statusCode: 400, message: ['name should not be empty', 'domain must be a valid domain', 'property extra should not exist'] } },
    ];
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const nameError = await screen.findByText('name should not be empty');
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(nameError.id);
    expect(screen.getByLabelText('Domain').getAttribute('aria-describedby')).toBe(screen.getByText('domain must be a valid domain').id);
    expect(screen.getByRole('alert').textContent).toBe('property extra should not exist');
  });

  it('says "your role cannot …" for a 403', async () => {
    replies = [{ status: 403, body: { statusCode: 403, message: 'Forbidden', error: 'Forbidden' } }];
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your role cannot create companies.');
  });

  it('keeps what was typed when the connection is lost, raises the retry banner, and sends it when submitted again', async () => {
    replies = ['drop'];
    renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme GmbH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/connection .* lost.*input is kept/i);
    expect(notices.get().connectionLost).toBe(true);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Acme GmbH');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Created');
    await waitFor(() => expect(notices.get().connectionLost).toBe(false));
  });

  it('a 401 ends the session (the app opens sign-in with the page kept); a 402 raises the billing banner with the top-up address', async () => {
    let ended = 0;
    replies = [
      { status: 401, body: { statusCode: 401, message: 'Invalid credentials' } },
      { status: 402, body: { statusCode: 402, error: 'insufficient_balance', message: 'The balance does not cover email_send', topUpUrl: 'http://x/billing' } },
    ];
    renderForm(() => ended++);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(ended).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(notices.get().payment).toEqual({ message: 'The balance does not cover email_send', topUpUrl: 'http://x/billing' }));
    notices.dismissPayment();
  });
});
