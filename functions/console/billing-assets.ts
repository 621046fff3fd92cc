import { consolePage } from './console-assets.js';

/**
 * The workspace billing page: the `topUpUrl` of every 402 `insufficient_balance` and of
 * GET /api/billing/balance. A person signed in through /api/auth/login is recognised by the session
 * cookie; an agent's operator pastes the API key (kept in this tab's sessionStorage, sent as a Bearer
 * header). `?tenant=<id>` picks the workspace (X-Tenant-Id). The page reads the balance and the ledger
 * through the public API and says how a top-up is applied: there is no top-up API and no card payment
 * in this deployment, so the platform operator credits the balance in the admin console, and the
 * credit shows in this ledger with its note.
 */
const BILLING_CSS = `.figure{font-size:28px;font-weight:600}
.box{background:#fff;border:1px solid #e5e7eb;padding:12px 16px;margin:16px 0}
`;

export const BILLING_HTML = consolePage(
  'svc billing',
  '/console/billing.js',
  `<header><h1>svc billing</h1><button id="signout" hidden>Sign out</button></header>
<main>
<form id="login" hidden>
  <h2>Sign in</h2>
  <p>Paste the API key of the workspace (svc_pk_...), or sign in with your password through the app first. The key stays in this tab only.</p>
  <label for="key">API key</label>
  <input id="key" type="password" autocomplete="off" placeholder="svc_pk_..." required>
  <button type="submit" id="signin">Show billing</button>
  <p id="login-error" class="error"></p>
</form>
<section id="panel" hidden>
  <h2>Balance</h2>
  <p class="figure" id="balance"></p>
  <p>Workspace <code id="tenant"></code>, updated <span id="updated"></span></p>
  <div class="box" id="topup">
    <strong>Top up</strong>
    <p>Top-ups are applied by the platform operator: send them the workspace id above and the amount.
    The credit appears in the ledger below with its note, and paid operations (and paused campaigns) can continue at once.
    There is no top-up API.</p>
  </div>
  <h2>Ledger</h2>
  <div id="status" role="status"></div>
  <table><thead><tr><th>When</th><th>Type</th><th>Operation</th><th>Quantity</th><th>Amount</th><th>Balance after</th><th>Note</th></tr></thead>
  <tbody id="rows"></tbody></table>
  <p id="empty" hidden>No entries yet.</p>
  <p><button id="more" hidden>Older entries</button></p>
</section>
</main>`,
  BILLING_CSS,
);

export const BILLING_JS = `(() => {
  const KEY = 'svc_api_key';
  const $ = (id) => document.getElementById(id);
  const tenant = new URLSearchParams(location.search).get('tenant');
  let cursor = null;
  let submitted = false;
  async function api(path) {
    const headers = {};
    const key = sessionStorage.getItem(KEY);
    if (key) headers.authorization = 'Bearer ' + key;
    if (tenant) headers['x-tenant-id'] = tenant;
    const res = await fetch(path, { headers, credentials: 'same-origin' });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) { const e = new Error(Array.isArray(body.message) ? body.message.join('; ') : body.message || ('HTTP ' + res.status)); e.status = res.status; throw e; }
    return body;
  }
  function cell(tr, text) { const td = document.createElement('td'); td.textContent = text == null ? '' : String(text); tr.appendChild(td); }
  async function ledger(more) {
    const page = await api('/api/billing/ledger?pageSize=25' + (more && cursor ? '&cursor=' + encodeURIComponent(cursor) : ''));
    if (!more) $('rows').textContent = '';
    for (const e of page.data) {
      const tr = document.createElement('tr'); tr.dataset.entry = e.id;
      cell(tr, e.createdAt); cell(tr, e.type); cell(tr, e.operation); cell(tr, e.quantity); cell(tr, e.amount + ' ' + e.currency); cell(tr, e.balanceAfter); cell(tr, e.note);
      $('rows').appendChild(tr);
    }
    cursor = page.nextCursor; $('more').hidden = !cursor;
    $('empty').hidden = $('rows').children.length > 0;
  }
  function show(signedIn) { $('login').hidden = signedIn; $('panel').hidden = !signedIn; $('signout').hidden = !signedIn; }
  async function start() {
    try {
      const b = await api('/api/billing/balance');
      $('balance').textContent = b.balance + ' ' + b.currency; $('tenant').textContent = b.tenantId; $('updated').textContent = b.updatedAt || '';
      show(true);
      await ledger(false);
    } catch (e) {
      if (e.status === 401 || e.status === 403) sessionStorage.removeItem(KEY);
      show(false);
      // A first visit without a session is simply asked for a key; a refused key or workspace says why.
      $('login-error').textContent = e.status === 401 ? (submitted ? 'That key is not valid.' : '') : e.message;
    }
  }
  $('login').addEventListener('submit', (ev) => { ev.preventDefault(); sessionStorage.setItem(KEY, $('key').value.trim()); submitted = true; $('key').value = ''; start(); });
  $('signout').addEventListener('click', () => { sessionStorage.removeItem(KEY); show(false); $('login-error').textContent = ''; });
  $('more').addEventListener('click', () => ledger(true).catch((e) => { $('status').textContent = e.message; $('status').className = 'error'; }));
  start();
})();`;
