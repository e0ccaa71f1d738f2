/**
 * Method and path of the moderation history, statement and appeal endpoints (ADR 076), zod-free
 * and apart from `endpointRoutes` like verification's, so the web's first route does not carry
 * them. `standing*` are reached with the pass a suspended or banned member gets at sign-in (403
 * `STANDING_PASS_INVALID` without a live one).
 */
export const moderationDecisionEndpointRoutes = {
  moderationQueueFigures: { method: 'GET', path: '/api/moderation/reports/figures' },
  moderationBulkAction: { method: 'POST', path: '/api/moderation/reports/actions' },
  moderationSubject: { method: 'GET', path: '/api/moderation/members/:id' },
  moderationComment: { method: 'POST', path: '/api/moderation/members/:id/comments' },
  moderationEscalation: { method: 'POST', path: '/api/moderation/members/:id/escalation' },
  moderationReversal: { method: 'POST', path: '/api/moderation/decisions/:id/reversal' },
  appealQueue: { method: 'GET', path: '/api/moderation/appeals' },
  appealAnswer: { method: 'POST', path: '/api/moderation/appeals/:id/answer' },
  statements: { method: 'GET', path: '/api/users/me/statements' },
  appeal: { method: 'POST', path: '/api/users/me/statements/:id/appeal' },
  standing: { method: 'GET', path: '/api/standing' },
  standingAppeal: { method: 'POST', path: '/api/standing/statements/:id/appeal' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;
