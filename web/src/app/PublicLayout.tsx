import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useRouteFocus } from './route-focus';

const MAIN_ID = 'main';

/** The frame of the pages outside a workspace (sign-in, registration, questionnaire). */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <header className="public-header">
        <span className="brand">svc</span>
        <span className="brand-tagline">outbound CRM and mailing</span>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="public-main">
        {children}
      </main>
    </>
  );
}

export function PublicLayout() {
  useRouteFocus(MAIN_ID);
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
