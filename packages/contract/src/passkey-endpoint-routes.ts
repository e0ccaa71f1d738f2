/**
 * Method and path of the passkey endpoints (ADR 073), zod-free like `endpointRoutes`, which
 * spreads them: the login page (the first route) calls the sign-in ones.
 */
export const passkeyEndpointRoutes = {
  passkeyLoginOptions: { method: 'POST', path: '/api/auth/passkeys/login-options' },
  passkeyLogin: { method: 'POST', path: '/api/auth/passkeys/login' },
  passkeys: { method: 'GET', path: '/api/auth/passkeys' },
  passkeyRegistrationOptions: { method: 'POST', path: '/api/auth/passkeys/registration-options' },
  addPasskey: { method: 'POST', path: '/api/auth/passkeys' },
  renamePasskey: { method: 'PUT', path: '/api/auth/passkeys/:id' },
  removePasskey: { method: 'DELETE', path: '/api/auth/passkeys/:id' },
  passkeyConfirmOptions: { method: 'POST', path: '/api/auth/passkeys/confirm-options' },
  passkeyConfirm: { method: 'POST', path: '/api/auth/passkeys/confirm' },
  turnPasswordOff: { method: 'DELETE', path: '/api/auth/password' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;
