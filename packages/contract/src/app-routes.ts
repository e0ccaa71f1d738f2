/**
 * The web app's client-side routes (docs/spec.md §2), optionally under a language prefix (/en,
 * /fr), with any query (a payment return carries one). A navigation to one of them gets the app's
 * index.html, from the server (a deep link, a reload) and from the service worker offline; any
 * other path stays a 404. One list for both, so a new screen cannot be reachable in one and not
 * the other; apps/web/src/app/router.test.ts checks that it holds every screen of the router.
 * Zod-free: the web build's configuration imports it.
 */
export const APP_ROUTES =
  /^(\/(en|fr))?(\/|\/register|\/forget|\/reset-password\/[^/]+|\/guardian\/(opinion\/)?[^/]+|\/terms|\/privacy|\/guidelines|\/report|\/standing|\/suggestions|\/user-details\/[^/]+|\/chat|\/gifts|\/mon-profil|\/profile-views|\/moderation(\/transparency)?|\/sessions|\/decisions)?\/?(\?.*)?$/;
