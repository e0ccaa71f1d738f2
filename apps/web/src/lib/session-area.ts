/** Where lib/session.ts keeps the member's token; read alone by the entry (early-start.ts). */
export const TOKEN_KEY = 'authToken';

/** Session storage when this tab's session ends with the browser (remember-me unticked). */
export function sessionArea(): Storage {
  return sessionStorage.getItem(TOKEN_KEY) ? sessionStorage : localStorage;
}

export function storedToken(): string | null {
  return sessionArea().getItem(TOKEN_KEY);
}
