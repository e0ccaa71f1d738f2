/**
 * Method and path of the endpoints of travel mode (ADR 077), zod-free, apart from
 * `endpointRoutes` so the web's first route does not carry them: only the stays screen calls them.
 */
export const stayEndpointRoutes = {
  stays: { method: 'GET', path: '/api/users/stays' },
  createStay: { method: 'POST', path: '/api/users/stays' },
  deleteStay: { method: 'DELETE', path: '/api/users/stays/:id' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;
