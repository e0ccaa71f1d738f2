import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { setSessionExpiredHandler } from '../lib/api-client.ts';
import { session } from '../lib/session.ts';
import { BrandSplash } from './brand-splash.tsx';
import { RootLayout } from './routes/root-layout.tsx';

/** Anonymous visitors are sent to login (spec section 6: visitors and members only). */
function requireMember() {
  if (!session.get()) throw redirect('/');
  return null;
}

/**
 * The routes of spec section 2. Login loads with the app; every other screen is its own chunk.
 * The app shell (top navigation bar) wraps every route except /, /register, /forget and
 * /reset-password/*.
 */
const appRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/login.tsx') },
  { path: 'register', lazy: () => import('./routes/register.tsx') },
  { path: 'forget', lazy: () => import('./routes/forget.tsx') },
  { path: 'reset-password/:token', lazy: () => import('./routes/reset-password.tsx') },
  {
    lazy: () => import('./routes/shell-layout.tsx'),
    children: [
      { path: 'terms', lazy: () => import('./routes/terms.tsx') },
      { path: 'privacy', lazy: () => import('./routes/privacy.tsx') },
      {
        loader: requireMember,
        children: [
          { path: 'suggestions', lazy: () => import('./routes/suggestions.tsx') },
          { path: 'user-details/:id', lazy: () => import('./routes/user-details.tsx') },
          { path: 'chat', lazy: () => import('./routes/chat.tsx') },
          { path: 'gifts', lazy: () => import('./routes/gifts.tsx') },
          { path: 'mon-profil', lazy: () => import('./routes/mon-profil.tsx') },
          { path: 'profile-views', lazy: () => import('./routes/profile-views.tsx') },
        ],
      },
    ],
  },
  { path: '*', lazy: () => import('./routes/not-found.tsx') },
];

/** The same screens under /fr and /en: the path prefix chooses the language (spec section 1). */
export function createAppRouter() {
  const router = createBrowserRouter([
    {
      element: <RootLayout />,
      HydrateFallback: BrandSplash,
      children: [
        { path: '/', children: appRoutes },
        { path: '/fr', children: appRoutes },
        { path: '/en', children: appRoutes },
      ],
    },
  ]);
  setSessionExpiredHandler(() => void router.navigate('/'));
  return router;
}
