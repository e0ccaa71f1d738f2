import { type ComponentType, lazy, type ReactNode, useState } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { languagePrefixOf, withLanguagePrefix } from '@/components/layouts/paths.ts';
import { session } from '@/lib/session.ts';
import { RootLayout } from './routes/root-layout.tsx';

/** Each route screen's loader, by the element that draws it. */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A route's screen, its own chunk, loaded when the route is first drawn: React suspends the
 * route meanwhile (the root layout's brand on a first visit; on a later navigation, a transition,
 * the screen the member is leaving stays until the next one is ready). Route modules export
 * their screen as `Component`.
 */
function screen(load: () => Promise<{ Component: ComponentType }>) {
  const Screen = lazy(() => load().then((module) => ({ default: module.Component })));
  const element = <Screen />;
  loaders.set(element, load);
  return element;
}

/**
 * Login and registration are for visitors: a member opening them (the installed app starts at
 * `/`) goes to the member area, in the language of the address. Asked on arrival only: a visitor
 * signing in on the page stays on it until the sign-in has finished and leads on (to the profile
 * for a profile still incomplete, the suggestions otherwise).
 */
function VisitorsOnly({ children }: { children: ReactNode }) {
  const [member] = useState(() => session.get() !== null);
  const prefix = languagePrefixOf(useLocation().pathname);
  if (member) return <Navigate to={withLanguagePrefix(prefix, '/suggestions')} replace />;
  return children;
}

/**
 * The routes of docs/spec.md §2. Login loads with the app; every other screen is its own chunk.
 * The app shell (top navigation bar) wraps every route except /, /register, /forget and
 * /reset-password/*; the member area (routes/member-area.tsx) sends a visitor to login.
 */
function appRoutes(): RouteObject[] {
  return [
    {
      index: true,
      element: <VisitorsOnly>{screen(() => import('./routes/login.tsx'))}</VisitorsOnly>,
    },
    {
      path: 'register',
      element: <VisitorsOnly>{screen(() => import('./routes/register.tsx'))}</VisitorsOnly>,
    },
    { path: 'forget', element: screen(() => import('./routes/forget.tsx')) },
    { path: 'reset-password/:token', element: screen(() => import('./routes/reset-password.tsx')) },
    { path: 'guardian/:token', element: screen(() => import('./routes/guardian.tsx')) },
    {
      path: 'guardian/opinion/:token',
      element: screen(() => import('./routes/guardian-opinion.tsx')),
    },
    {
      element: screen(() => import('./routes/shell-layout.tsx')),
      children: [
        { path: 'terms', element: screen(() => import('./routes/terms.tsx')) },
        { path: 'privacy', element: screen(() => import('./routes/privacy.tsx')) },
        { path: 'guidelines', element: screen(() => import('./routes/guidelines.tsx')) },
        // Anyone's report of illegal content, no account needed (ADR 079).
        { path: 'report', element: screen(() => import('./routes/report.tsx')) },
        // A suspended or banned member's statement of reasons and appeal (ADR 076).
        { path: 'standing', element: screen(() => import('./routes/standing.tsx')) },
        {
          element: screen(() => import('./routes/member-area.tsx')),
          children: [
            { path: 'suggestions', element: screen(() => import('./routes/suggestions.tsx')) },
            {
              path: 'user-details/:id',
              element: screen(() => import('./routes/user-details.tsx')),
            },
            { path: 'chat', element: screen(() => import('./routes/chat.tsx')) },
            { path: 'gifts', element: screen(() => import('./routes/gifts.tsx')) },
            { path: 'mon-profil', element: screen(() => import('./routes/mon-profil.tsx')) },
            { path: 'profile-views', element: screen(() => import('./routes/profile-views.tsx')) },
            { path: 'moderation', element: screen(() => import('./routes/moderation.tsx')) },
            {
              path: 'moderation/transparency',
              element: screen(() => import('./routes/moderation-transparency.tsx')),
            },
            { path: 'sessions', element: screen(() => import('./routes/sessions.tsx')) },
            { path: 'decisions', element: screen(() => import('./routes/decisions.tsx')) },
          ],
        },
      ],
    },
    { path: '*', element: screen(() => import('./routes/not-found.tsx')) },
  ];
}

/** The same screens under /fr and /en: the path prefix chooses the language (docs/spec.md §1). */
export function routeTree(): RouteObject[] {
  const routes = appRoutes();
  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', children: routes },
        { path: '/fr', children: routes },
        { path: '/en', children: routes },
      ],
    },
  ];
}

const tree = routeTree();

/**
 * The app's screens for the address, under the router the app (or a test) gives. Every chunk the
 * address needs (the shell, the member area, the page) is asked for at once: drawn in turn, each
 * lazy screen would ask for the next only once it had arrived, a round trip each.
 */
export function AppRoutes() {
  const location = useLocation();
  for (const { route } of matchRoutes(tree, location) ?? []) {
    if (route.element && typeof route.element === 'object') {
      void loaders
        .get(route.element)?.()
        .catch(() => undefined);
    }
  }
  return useRoutes(tree, location);
}
