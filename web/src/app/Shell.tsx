import { useEffect, useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { areas } from '../routes';
import { Banners } from './Banners';
import { LogoutButton } from './LogoutButton';
import { useRouteFocus } from './route-focus';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';
import { useWorkspace } from './workspace';

const MAIN_ID = 'main';

/**
 * The layout of every workspace page: skip link, header (workspace switcher, who is signed in, sign
 * out), the navigation built from the areas' routes (collapsed behind a button on narrow screens),
 * the app-wide banners, and the page.
 */
export function Shell() {
  const { me } = useWorkspace();
  const [navOpen, setNavOpen] = useState(false);
  const navId = useId();
  const location = useLocation();
  useRouteFocus(MAIN_ID);
  useEffect(() => setNavOpen(false), [location.pathname]);

  const sections = areas
    .map((a) => ({ ...a, links: a.routes.filter((r) => r.nav && r.access !== 'public').sort((x, y) => (x.nav!.order ?? 0) - (y.nav!.order ?? 0)) }))
    .filter((a) => a.links.length > 0);
  const badges = sections.flatMap((s) => s.links.flatMap((r) => (r.nav?.badge ? [{ path: r.path, label: r.nav.label, Badge: r.nav.badge }] : [])));

  return (
    <div className="shell">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <header className="shell-header">
        <button type="button" className="nav-toggle" aria-expanded={navOpen} aria-controls={navId} onClick={() => setNavOpen((o) => !o)}>
          Menu
        </button>
        {/* The navigation collapsed (narrow screens): its counts stay in sight, each a link to its page. */}
        {badges.map(({ path, label, Badge }) => (
          <Badge key={path} link={{ to: `/${path}`, label }} />
        ))}
        <span className="brand">svc</span>
        <WorkspaceSwitcher />
        <span className="signed-in" title="Signed in as">
          {me.email}
        </span>
        <LogoutButton className="secondary" />
      </header>
      <nav id={navId} className={navOpen ? 'shell-nav open' : 'shell-nav'} aria-label="Main">
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`${navId}-${section.id}`}>
            <h2 id={`${navId}-${section.id}`}>{section.label}</h2>
            <ul>
              {section.links.map((r) => (
                <li key={r.path}>
                  {/* A link covers its sub-pages (Companies on a company's page) unless another link is one of them (Import a file vs Import jobs). */}
                  <NavLink to={`/${r.path}`} end={r.path === '' || section.links.some((o) => o.path.startsWith(`${r.path}/`))}>
                    {r.nav!.label}
                    {badges
                      .filter((b) => b.path === r.path)
                      .map(({ path, Badge }) => (
                        <Badge key={path} />
                      ))}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <main id={MAIN_ID} tabIndex={-1} className="shell-main">
        <Banners />
        <Outlet />
      </main>
    </div>
  );
}
