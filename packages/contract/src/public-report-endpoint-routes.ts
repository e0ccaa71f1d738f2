/**
 * Method and path of the public report (ADR 079), zod-free and apart from `endpointRoutes`, so
 * the web's first route does not carry it: only the report page calls it.
 */
export const publicReportEndpointRoutes = {
  publicReport: { method: 'POST', path: '/api/public-reports' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;
