import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { languagePrefixOf, withLanguagePrefix } from '@/components/layouts/paths.ts';
import type { LoginLocationState } from '@/features/auth/components/login-page.tsx';
import { setSessionExpiredHandler } from '@/lib/api-client.ts';
import { session } from '@/lib/session.ts';
import { BrandSplash } from './brand-splash.tsx';
import { RootErrorScreen } from './root-error-screen.tsx';
import { RootLayout } from './routes/root-layout.tsx';

/**
 * Anonymous visitors are sent to login (docs/spec.md §6: visitors and members only); a member's
 * screens get back their last answers first (lib/member-area.ts).
 */
async function requireMember() {
  const [{ enterMemberArea }, { appQueryClient }] = await Promise.all([
    import('@/lib/member-area.ts'),
    import('@/lib/query-client.ts'),
  ]);
  if (!(await enterMemberArea(appQueryClient()))) throw redirect('/');
  return null;
}

/**
 * Login and registration are for visitors: a member opening them (the installed app starts at
 * `/`) goes to the member area, in the language of the address.
 */
function visitorsOnly({ request }: LoaderFunctionArgs) {
  if (!session.get()) return null;
  const prefix = /^\/(fr|en)(\/|$)/.exec(new URL(request.url).pathname)?.[1];
  throw redirect(`${prefix ? `/${prefix}` : ''}/suggestions`);
}

/**
 * The routes of docs/spec.md §2. Login loads with the app; every other screen is its own chunk.
 * The app shell (top navigation bar) wraps every route except /, /register, /forget and
 * /reset-password/*.
 */
function appRoutes(): RouteObject[] {
  return [
    { index: true, loader: visitorsOnly, lazy: () => import('./routes/login.tsx') },
    { path: 'register', loader: visitorsOnly, lazy: () => import('./routes/register.tsx') },
    { path: 'forget', lazy: () => import('./routes/forget.tsx') },
    { path: 'reset-password/:token', lazy: () => import('./routes/reset-password.tsx') },
    { path: 'guardian/:token', lazy: () => import('./routes/guardian.tsx') },
    {
      lazy: () => import('./routes/shell-layout.tsx'),
      children: [
        { path: 'terms', lazy: () => import('./routes/terms.tsx') },
        { path: 'privacy', lazy: () => import('./routes/privacy.tsx') },
        {
          loader: requireMember,
          lazy: () => import('./routes/member-area.tsx'),
          children: [
            { path: 'suggestions', lazy: () => import('./routes/suggestions.tsx') },
            { path: 'user-details/:id', lazy: () => import('./routes/user-details.tsx') },
            { path: 'chat', lazy: () => import('./routes/chat.tsx') },
            { path: 'gifts', lazy: () => import('./routes/gifts.tsx') },
            { path: 'mon-profil', lazy: () => import('./routes/mon-profil.tsx') },
            { path: 'profile-views', lazy: () => import('./routes/profile-views.tsx') },
            { path: 'moderation', lazy: () => import('./routes/moderation.tsx') },
          ],
        },
      ],
    },
    { path: '*', lazy: () => import('./routes/not-found.tsx') },
  ];
}

/** The same screens under /fr and /en: the path prefix chooses the language (docs/spec.md §1). */
export function routeTree(): RouteObject[] {
  const routes = appRoutes();
  return [
    {
      element: <RootLayout />,
      HydrateFallback: BrandSplash,
      // Below it, a screen that throws or a chunk that will not load (ADR 047).
      ErrorBoundary: RootErrorScreen,
      children: [
        { path: '/', children: routes },
        { path: '/fr', children: routes },
        { path: '/en', children: routes },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(routeTree());
  // To login in the language of the address; a suspension or a ban is said there first.
  setSessionExpiredHandler((closedBy) => {
    const home = withLanguagePrefix(languagePrefixOf(router.state.location.pathname), '/');
    const state: LoginLocationState = closedBy ? { accountClosed: closedBy } : null;
    void router.navigate(home, { state });
  });
  return router;
}
