import { consolePage } from './console-assets.js';

/**
 * The signup questionnaire page: where GET /api/auth/verify-email sends a registration whose automatic
 * checks did not pass (`?status=PENDING&signup_token=...`). The form posts JSON to
 * POST /api/auth/signup-questionnaire with the token from the address; validation errors of the API
 * (its `message` list) are shown as they come, written with textContent only.
 */
export const QUESTIONNAIRE_HTML = consolePage(
  'svc signup questionnaire',
  '/console/signup-questionnaire.js',
  `<header><strong>svc signup</strong></header>
<main>
<p id="missing" class="error" hidden>This page needs the link from your verification email (it carries a signup token).</p>
<form id="questionnaire" hidden>
  <h2>Tell us about your outreach</h2>
  <p>Your email is confirmed. The automatic checks could not approve the account on their own, so an administrator reviews it with these answers.</p>
  <p><label>Company name<br><input id="companyName" required maxlength="200"></label></p>
  <p><label>Company website<br><input id="website" type="url" placeholder="https://example.com" maxlength="2048"></label></p>
  <p><label>Your job title<br><input id="jobTitle" maxlength="120"></label></p>
  <p><label>Company size<br><select id="companySize"><option value="">-</option><option>1-10</option><option>11-50</option><option>51-200</option><option>201-1000</option><option>1000+</option></select></label></p>
  <p><label>Country (ISO code, e.g. DE)<br><input id="country" maxlength="2" pattern="[A-Za-z]{2}"></label></p>
  <p><label>Phone<br><input id="phone" maxlength="40"></label></p>
  <p><label>What will you use svc for?<br><textarea id="useCase" required maxlength="2000" rows="4" cols="60"></textarea></label></p>
  <p><label>Target countries (ISO codes, comma separated)<br><input id="targetCountries" placeholder="DE, FR"></label></p>
  <p><label>Expected emails per month<br><input id="expectedMonthlyVolume" type="number" min="0" max="10000000"></label></p>
  <p><label>Where do your contacts come from?<br><textarea id="contactSource" required maxlength="1000" rows="3" cols="60"></textarea></label></p>
  <p><label><input id="b2bOnly" type="checkbox" style="width:auto"> I only contact businesses (B2B)</label></p>
  <button type="submit" id="submit">Submit for review</button>
  <div id="status" role="status"></div>
</form>
<section id="done" hidden>
  <h2>Thank you</h2>
  <p id="done-text"></p>
</section>
</main>`,
);

export const QUESTIONNAIRE_JS = `(() => {
  const $ = (id) => document.getElementById(id);
  const token = new URLSearchParams(location.search).get('signup_token');
  if (!token) { $('missing').hidden = false; return; }
  $('questionnaire').hidden = false;
  const text = (id) => $(id).value.trim();
  $('questionnaire').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { signup_token: token, companyName: text('companyName'), useCase: text('useCase'), contactSource: text('contactSource'), b2bOnly: $('b2bOnly').checked };
    for (const id of ['website', 'jobTitle', 'companySize', 'phone']) if (text(id)) body[id] = text(id);
    if (text('country')) body.country = text('country').toUpperCase();
    const targets = text('targetCountries').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean);
    if (targets.length) body.targetCountries = targets;
    if (text('expectedMonthlyVolume')) body.expectedMonthlyVolume = Number(text('expectedMonthlyVolume'));
    $('submit').disabled = true;
    $('status').className = '';
    $('status').textContent = 'Sending...';
    try {
      const res = await fetch('/api/auth/signup-questionnaire', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const out = await res.json().catch(() => ({}));
      if (!res.ok) {
        $('status').className = 'error';
        $('status').textContent = Array.isArray(out.message) ? out.message.join('; ') : String(out.message || 'The answers could not be saved (' + res.status + ').');
        return;
      }
      $('questionnaire').hidden = true;
      $('done').hidden = false;
      $('done-text').textContent = 'Your answers were received (status ' + out.status + '). An administrator reviews the account; you get an email when it is approved.';
    } catch (e) {
      $('status').className = 'error';
      $('status').textContent = 'Network error, please try again.';
    } finally {
      $('submit').disabled = false;
    }
  });
})();
`;
