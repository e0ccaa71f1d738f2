/**
 * Method and path of the transparency summary (ADR 081), zod-free and apart from
 * `endpointRoutes`: only the moderators' transparency page calls them.
 */
export const transparencyEndpointRoutes = {
  transparencySummary: { method: 'GET', path: '/api/moderation/transparency' },
  transparencyCsv: { method: 'GET', path: '/api/moderation/transparency.csv' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;
