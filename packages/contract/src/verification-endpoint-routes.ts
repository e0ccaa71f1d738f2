/**
 * Method and path of the verification endpoints (ADR 044), zod-free, apart from
 * `endpointRoutes` so the web's first route does not load them: the member's verification section
 * and the moderators' queue each call theirs through a caller of their own map (one map each, so
 * that no chunk of its own is shared between them).
 */
export const verificationEndpointRoutes = {
  verificationPose: { method: 'POST', path: '/api/users/me/verification/pose' },
  requestVerification: { method: 'POST', path: '/api/users/me/verification' },
  verification: { method: 'GET', path: '/api/users/me/verification' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;

export const verificationQueueEndpointRoutes = {
  verificationQueue: { method: 'GET', path: '/api/moderation/verifications' },
  verificationDecision: { method: 'POST', path: '/api/moderation/verifications/:id/decision' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;
