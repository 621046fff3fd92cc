/**
 * The admin console: one static page and its script. The admin signs in with the platform admin
 * token (SVC_ADMIN_TOKEN) or the API key of an account flagged platformAdmin; it is kept in
 * sessionStorage of this tab only and sent as a Bearer header to /admin/api/*. Every value from the
 * API is written with textContent (registrations carry user-supplied text).
 */
export const CONSOLE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>svc admin console</title>
<style>
body{font-family:system-ui,Arial,sans-serif;margin:0;color:#111;background:#f6f7f9}
header{background:#1f2937;color:#fff;padding:12px 24px;display:flex;justify-content:space-between;align-items:center}
main{padding:24px;max-width:1100px;margin:0 auto}
table{border-collapse:collapse;width:100%;background:#fff}th,td{border-bottom:1px solid #e5e7eb;padding:8px;text-align:left;font-size:14px}
button{padding:6px 12px;border-radius:4px;border:1px solid #9ca3af;background:#fff;cursor:pointer}
button.approve{background:#16a34a;color:#fff;border-color:#16a34a}button.reject{background:#dc2626;color:#fff;border-color:#dc2626}
#status{margin:12px 0;min-height:1.2em}.error{color:#b91c1c}[hidden]{display:none!important}
input{padding:6px;width:340px}
</style></head>
<body>
<header><strong>svc admin console</strong><button id="signout" hidden>Sign out</button></header>
<main>
<form id="login">
  <h2>Sign in</h2>
  <p>Paste the platform admin token (SVC_ADMIN_TOKEN) or the API key of an admin account. It stays in this tab only.</p>
  <input id="token" type="password" autocomplete="off" placeholder="admin token" required>
  <button type="submit" id="signin">Sign in</button>
</form>
<section id="panel" hidden>
  <h2>Registrations awaiting approval</h2>
  <p><button id="refresh">Refresh</button></p>
  <div id="status" role="status"></div>
  <table><thead><tr><th>Email</th><th>Organisation</th><th>Name</th><th>Use case</th><th>Created</th><th>Expires</th><th></th></tr></thead>
  <tbody id="rows"></tbody></table>
  <p id="empty" hidden>No registration is waiting.</p>
</section>
</main>
<script src="/console/app.js"></script>
</body></html>`;

export const CONSOLE_JS = `(() => {
  const KEY = 'svc_admin_token';
  const $ = (id) => document.getElementById(id);
  const token = () => sessionStorage.getItem(KEY);
  const status = (text, error) => { $('status').textContent = text; $('status').className = error ? 'error' : ''; };
  async function api(method, path) {
    const res = await fetch(path, { method, headers: { authorization: 'Bearer ' + token(), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, body: method === 'POST' ? '{}' : undefined });
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
  function show(signedIn) { $('login').hidden = signedIn; $('panel').hidden = !signedIn; $('signout').hidden = !signedIn; }
  function signOut(message) { sessionStorage.removeItem(KEY); show(false); if (message) alertLogin(message); }
  function alertLogin(message) { let p = $('login-error'); if (!p) { p = document.createElement('p'); p.id = 'login-error'; p.className = 'error'; $('login').appendChild(p); } p.textContent = message; }
  async function start() { show(true); status('Loading...'); try { const d = await load(); status(d.length + ' waiting'); } catch (e) { if (e.message !== 'unauthorized') status(e.message, true); } }
  $('login').addEventListener('submit', (ev) => { ev.preventDefault(); sessionStorage.setItem(KEY, $('token').value.trim()); $('token').value = ''; start(); });
  $('signout').addEventListener('click', () => signOut());
  $('refresh').addEventListener('click', () => start());
  if (token()) start(); else show(false);
})();`;
