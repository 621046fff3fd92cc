import { Link, useLocation } from 'react-router';
import { paths } from '../../app/paths';

export default function RegisteredPage() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <div className="page page-narrow">
      <h1>Check your mail</h1>
      <p role="status">We sent a verification link to {email ? <strong>{email}</strong> : 'your address'}. Open it within 24 hours to activate your account.</p>
      <p>
        A business address whose domain has a website and mail servers is activated at once. Otherwise the link leads to a short questionnaire about your
        business, and an administrator reviews it.
      </p>
      <p>
        <Link to={paths.login}>Go to sign in</Link>
      </p>
    </div>
  );
}
