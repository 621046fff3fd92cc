import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasRoute } from '../routes';
import { notices, useNotices } from './notices';
import { paths } from './paths';

/** The app-wide banners: the balance does not cover an action (402), and the connection was lost. */
export function Banners() {
  const { payment, connectionLost } = useNotices();
  const queryClient = useQueryClient();
  const retry = () => {
    notices.connectionBack();
    void queryClient.resumePausedMutations();
    void queryClient.refetchQueries({ type: 'active' });
  };
  return (
    <>
      {connectionLost && (
        <div className="banner banner-warning" role="alert">
          <p>The connection to the service was lost. Nothing you typed is lost.</p>
          <button type="button" onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {payment && (
        <div className="banner banner-payment" role="alert">
          <p>{payment.message || 'The workspace balance does not cover this action.'}</p>
          {hasRoute(paths.billing.slice(1)) ? (
            <Link to={paths.billing}>Open billing</Link>
          ) : payment.topUpUrl ? (
            <a href={payment.topUpUrl}>Open billing</a>
          ) : null}
          <button type="button" className="secondary" onClick={notices.dismissPayment}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}
