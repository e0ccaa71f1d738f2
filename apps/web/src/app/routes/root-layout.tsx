import { Outlet, ScrollRestoration } from 'react-router';

/** Wraps every route: restores scroll on navigation. The PWA and offline banners join it here. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
