import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setApiTenant } from '../api/client';
import { logout } from '../api/session';
import { paths } from './paths';

/** Ends the session (the server clears the cookie), forgets every cached answer, opens sign-in. */
export function LogoutButton({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const out = useMutation({
    mutationFn: logout,
    meta: { signInRedirect: false },
    onSettled: () => {
      setApiTenant(undefined);
      queryClient.clear();
      void navigate(paths.login, { replace: true });
    },
  });
  return (
    <button type="button" className={className} onClick={() => out.mutate()} disabled={out.isPending}>
      Sign out
    </button>
  );
}
