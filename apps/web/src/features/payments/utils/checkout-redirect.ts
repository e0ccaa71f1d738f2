/**
 * Leaving for a provider's checkout page: one place, so tests can watch where the member goes
 * (jsdom cannot navigate).
 */
export const checkoutRedirect = {
  go(url: string) {
    window.location.assign(url);
  },
};
