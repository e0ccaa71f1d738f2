/**
 * Method and path of the endpoints of a member's signed-in devices and password (ADR 075),
 * zod-free, apart from `endpointRoutes` so the web's first route does not carry them: only the
 * account settings call them.
 */
export const sessionEndpointRoutes = {
  sessions: { method: 'GET', path: '/api/auth/sessions' },
  endSession: { method: 'DELETE', path: '/api/auth/sessions/:id' },
  endOtherSessions: { method: 'POST', path: '/api/auth/sessions/end-others' },
  changePassword: { method: 'POST', path: '/api/auth/password' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;
