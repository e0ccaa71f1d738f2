import { APP_ROUTES } from '@mawadda/contract/app-routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from './router.tsx';

/** Every screen's path in the route tree, a parameter given a sample value. */
function screenPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path =
      route.path === undefined
        ? parent
        : `/${`${parent}/${route.path}`.split('/').filter(Boolean).join('/')}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [path] : [];
    return [...own, ...screenPaths(route.children ?? [], path)];
  });
}

describe('the route tree', () => {
  // A screen the server and the service worker do not know gets a 404 on a reload and nothing
  // offline, though the app shows it when reached by a link.
  it('has every screen in the list the server and the service worker answer with the app', () => {
    const paths = screenPaths(routeTree())
      .filter((path) => !path.endsWith('*'))
      .map((path) => path.replace(/:\w+/g, 'abc123'));
    expect(paths).toContain('/fr/moderation');
    for (const path of paths) expect(APP_ROUTES.test(path), path).toBe(true);
  });
});
