/**
 * Method and path of the moderators' second factor (ADR 074), zod-free and apart from
 * `endpointRoutes` so the web's first route does not carry them: only the moderation page calls
 * them.
 */
export const secondFactorEndpointRoutes = {
  setUpTotp: { method: 'POST', path: '/api/auth/second-factor/totp' },
  confirmTotp: { method: 'POST', path: '/api/auth/second-factor/totp/confirm' },
  removeTotp: { method: 'DELETE', path: '/api/auth/second-factor/totp' },
  proveSecondFactor: { method: 'POST', path: '/api/auth/second-factor/prove' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;
