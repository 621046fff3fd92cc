/** The stylesheet of the console pages (admin console and the workspace billing page). */
export const CONSOLE_CSS = `body{font-family:system-ui,Arial,sans-serif;margin:0;color:#111;background:#f6f7f9}
header{background:#1f2937;color:#fff;padding:12px 24px;display:flex;justify-content:space-between;align-items:center}
header h1{font-size:1em;margin:0}
main{padding:24px;max-width:1100px;margin:0 auto}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border-bottom:1px solid #e5e7eb;padding:8px;text-align:left;font-size:14px}
button{padding:6px 12px;border-radius:4px;border:1px solid #9ca3af;background:#fff;cursor:pointer}
button.approve{background:#15803d;color:#fff;border-color:#15803d}button.reject{background:#dc2626;color:#fff;border-color:#dc2626}
#status,#tenant-status{margin:12px 0;min-height:1.2em}.error{color:#b91c1c}[hidden]{display:none!important}
input{padding:6px;width:340px}
label{display:block;font-weight:600;margin-bottom:4px}
input.amount{width:90px}input.note{width:220px}
h2{margin-top:32px}
`;

/** One console page: the shared head and stylesheet, the body, and its script (CSP: script-src 'self'). */
export const consolePage = (title: string, script: string, body: string, css = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>
${CONSOLE_CSS}${css}</style></head>
<body>
${body}
<script src="${script}"></script>
</body></html>`;

/**
 * The admin console: one static page and its script. The admin signs in with the platform admin
 * token (SVC_ADMIN_TOKEN) or the API key of an account flagged platformAdmin; it is kept in
 * sessionStorage of this tab only and sent as a Bearer header to /admin/api/*. Every value from the
 * API is written with textContent (registrations carry user-supplied text). Tenants are listed with a
 * Credit form: crediting is the only top-up path (the spec has no top-up API).
 */
export const CONSOLE_HTML = consolePage(
  'svc admin console',
  '/console/app.js',
  `<header><h1>svc admin console</h1><button id="signout" hidden>Sign out</button></header>
<main>
<form id="login">
  <h2>Sign in</h2>
  <p>Paste the platform admin token (SVC_ADMIN_TOKEN) or the API key of an admin account. It stays in this tab only.</p>
  <label for="token">Admin token or admin API key</label>
  <input id="token" type="password" autocomplete="off" required>
  <button type="submit" id="signin">Sign in</button>
</form>
<section id="panel" hidden>
  <h2>Registrations awaiting approval</h2>
  <p><button id="refresh">Refresh</button></p>
  <div id="status" role="status"></div>
  <table><thead><tr><th>Email</th><th>Organisation</th><th>Name</th><th>Use case</th><th>Created</th><th>Expires</th><th>Decision</th></tr></thead>
  <tbody id="rows"></tbody></table>
  <p id="empty" hidden>No registration is waiting.</p>
  <h2>Signup questionnaires</h2>
  <p>Accounts registered in the app whose address did not pass the automatic checks, with their answers. Approving one creates its workspace.</p>
  <div id="q-status" role="status"></div>
  <table><thead><tr><th>Email</th><th>Company</th><th>Checks</th><th>Submitted</th><th>Account</th><th>Decision</th></tr></thead>
  <tbody id="questionnaires"></tbody></table>
  <p id="q-empty" hidden>No questionnaire was submitted.</p>
  <h2>Tenants</h2>
  <p>Crediting a balance is the top-up path (a ledger entry with your name and the note).</p>
  <div id="tenant-status" role="status"></div>
  <table><thead><tr><th>Name</th><th>Tenant id</th><th>Status</th><th>Balance</th><th>Credit</th></tr></thead>
  <tbody id="tenants"></tbody></table>
  <p><button id="more-tenants" hidden>More tenants</button></p>
</section>
</main>`,
);

export const CONSOLE_JS = `(() => {
  const KEY = 'svc_admin_token';
  const $ = (id) => document.getElementById(id);
  const token = () => sessionStorage.getItem(KEY);
  const status = (text, error) => { $('status').textContent = text; $('status').className = error ? 'error' : ''; };
  async function api(method, path, payload) {
    const res = await fetch(path, { method, headers: { authorization: 'Bearer ' + token(), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, body: method === 'POST' ? JSON.stringify(payload || {}) : undefined });
    const body = await res.json().catch(() => ({}));
    if (res.status === 401 || (res.status === 404 && path.endsWith('registrations?state=awaiting_admin_approval'))) { signOut('That token is not an admin credential.'); throw new Error('unauthorized'); }
    if (!res.ok) throw new Error(Array.isArray(body.message) ? body.message.join('; ') : body.message || ('HTTP ' + res.status));
    return body;
  }
  function cell(tr, text) { const td = document.createElement('td'); td.textContent = text == null ? '' : String(text); tr.appendChild(td); return td; }
  async function load() {
    const { data } = await api('GET', '/admin/api/registrations?state=awaiting_admin_approval');
    const rows = $('rows'); rows.textContent = '';
    $('empty').hidden = data.length > 0;
    for (const r of data) {
      const tr = document.createElement('tr'); tr.dataset.id = r.id; tr.dataset.email = r.email;
      cell(tr, r.email); cell(tr, r.org); cell(tr, [r.firstName, r.lastName].filter(Boolean).join(' ')); cell(tr, r.use_case); cell(tr, r.createdAt); cell(tr, r.expiresAt);
      const actions = cell(tr, '');
      for (const [label, action] of [['Approve', 'approve'], ['Reject', 'reject']]) {
        const b = document.createElement('button'); b.textContent = label; b.className = action; b.dataset.action = action;
        b.addEventListener('click', () => decide(r, action, b)); actions.appendChild(b);
      }
      rows.appendChild(tr);
    }
    return data;
  }
  async function decide(r, action, button) {
    if (action === 'reject' && !confirm('Reject and delete the registration of ' + r.email + '?')) return;
    button.disabled = true;
    try {
      const out = await api('POST', '/admin/api/registrations/' + encodeURIComponent(r.id) + '/' + action);
      status(action === 'approve' ? 'Approved ' + r.email + ' (tenant ' + out.tenantId + ')' : 'Rejected ' + r.email);
      await load();
    } catch (e) { if (e.message !== 'unauthorized') status(e.message, true); button.disabled = false; }
  }
  async function loadQuestionnaires() {
    const { data } = await api('GET', '/admin/api/questionnaires?pageSize=50');
    const rows = $('questionnaires'); rows.textContent = '';
    $('q-empty').hidden = data.length > 0;
    for (const q of data) {
      const tr = document.createElement('tr'); tr.dataset.account = q.accountId;
      cell(tr, q.email); cell(tr, q.companyName); cell(tr, q.checksPassed ? 'passed' : 'not passed: ' + q.reasons.join(', ')); cell(tr, q.submittedAt);
      const state = cell(tr, q.accountStatus === 'PENDING' ? 'waiting' : q.accountStatus.toLowerCase());
      const actions = cell(tr, '');
      if (q.accountStatus === 'PENDING') {
        const b = document.createElement('button'); b.textContent = 'Approve'; b.className = 'approve'; b.setAttribute('aria-label', 'Approve ' + q.email);
        b.addEventListener('click', async () => {
          b.disabled = true;
          try {
            const out = await api('POST', '/admin/api/registrations/' + encodeURIComponent(q.accountId) + '/approve');
            $('q-status').textContent = 'Approved ' + q.email + ' (tenant ' + out.tenantId + ')'; $('q-status').className = '';
            state.textContent = 'active'; b.remove();
            await loadTenants(false);
          } catch (e) { if (e.message !== 'unauthorized') { $('q-status').textContent = e.message; $('q-status').className = 'error'; } b.disabled = false; }
        });
        actions.appendChild(b);
      }
      rows.appendChild(tr);
    }
  }
  let tenantCursor = null;
  async function loadTenants(more) {
    const { data, nextCursor } = await api('GET', '/admin/api/tenants?pageSize=50' + (more && tenantCursor ? '&cursor=' + encodeURIComponent(tenantCursor) : ''));
    if (!more) $('tenants').textContent = '';
    tenantCursor = nextCursor; $('more-tenants').hidden = !nextCursor;
    for (const t of data) {
      const tr = document.createElement('tr'); tr.dataset.tenant = t.id;
      cell(tr, t.name); cell(tr, t.id); cell(tr, t.status);
      const balance = cell(tr, t.balance + ' ' + t.currency); balance.className = 'balance';
      const form = document.createElement('form'); form.className = 'credit';
      const amount = document.createElement('input'); amount.className = 'amount'; amount.type = 'number'; amount.min = '0.01'; amount.step = '0.01'; amount.required = true; amount.placeholder = 'amount'; amount.setAttribute('aria-label', 'Amount to credit ' + t.name);
      const note = document.createElement('input'); note.className = 'note'; note.maxLength = 500; note.required = true; note.placeholder = 'note (e.g. invoice number)'; note.setAttribute('aria-label', 'Note for the credit of ' + t.name);
      const go = document.createElement('button'); go.type = 'submit'; go.textContent = 'Credit';
      form.append(amount, ' ', note, ' ', go);
      form.addEventListener('submit', async (ev) => {
        ev.preventDefault(); go.disabled = true;
        try {
          const out = await api('POST', '/admin/api/tenants/' + encodeURIComponent(t.id) + '/credit', { amount: Number(amount.value), note: note.value.trim() });
          balance.textContent = out.balance_after + ' ' + t.currency; amount.value = ''; note.value = '';
          $('tenant-status').textContent = 'Credited ' + t.name + ': balance ' + out.balance_after + ' ' + t.currency; $('tenant-status').className = '';
        } catch (e) { if (e.message !== 'unauthorized') { $('tenant-status').textContent = e.message; $('tenant-status').className = 'error'; } }
        go.disabled = false;
      });
      cell(tr, '').appendChild(form);
      $('tenants').appendChild(tr);
    }
  }
  function show(signedIn) { $('login').hidden = signedIn; $('panel').hidden = !signedIn; $('signout').hidden = !signedIn; }
  function signOut(message) { sessionStorage.removeItem(KEY); show(false); if (message) alertLogin(message); }
  function alertLogin(message) { let p = $('login-error'); if (!p) { p = document.createElement('p'); p.id = 'login-error'; p.className = 'error'; $('login').appendChild(p); } p.textContent = message; }
  async function start() {
    show(true); status('Loading...');
    try { const d = await load(); status(d.length + ' waiting'); await loadQuestionnaires(); await loadTenants(false); } catch (e) { if (e.message !== 'unauthorized') status(e.message, true); }
  }
  $('login').addEventListener('submit', (ev) => { ev.preventDefault(); sessionStorage.setItem(KEY, $('token').value.trim()); $('token').value = ''; start(); });
  $('signout').addEventListener('click', () => signOut());
  $('refresh').addEventListener('click', () => start());
  $('more-tenants').addEventListener('click', () => loadTenants(true).catch((e) => status(e.message, true)));
  if (token()) start(); else show(false);
})();`;
