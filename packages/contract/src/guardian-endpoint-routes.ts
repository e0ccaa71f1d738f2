/**
 * Method and path of family mode's endpoints (ADR 045), zod-free, apart from
 * `endpointRoutes` so the web's first route does not load them: the pages that call them do so
 * through a caller of this map (`endpointCaller` in the web app). `endpoints.ts` gives each one
 * its schemas.
 */
export const guardianEndpointRoutes = {
  guardians: { method: 'GET', path: '/api/guardians' },
  addGuardian: { method: 'POST', path: '/api/guardians' },
  removeGuardian: { method: 'DELETE', path: '/api/guardians/:id' },
  saveGuardianSettings: { method: 'PUT', path: '/api/guardians/settings' },
  followAllConversations: { method: 'PUT', path: '/api/guardians/conversations' },
  followConversation: { method: 'PUT', path: '/api/guardians/conversations/:userId' },
  guardianVisits: { method: 'GET', path: '/api/guardians/visits' },
  guardianPage: { method: 'GET', path: '/api/guardian/:token' },
  guardianConversation: { method: 'GET', path: '/api/guardian/:token/conversations/:userId' },
  saveGuardianDigest: { method: 'PUT', path: '/api/guardian/:token/digest' },
  saveShownToFamilies: { method: 'PUT', path: '/api/guardians/shown-to-families' },
  familyOpinionPage: { method: 'GET', path: '/api/guardian/opinion/:token' },
  answerFamilyOpinion: { method: 'PUT', path: '/api/guardian/opinion/:token' },
  unsubscribeGuardianDigest: { method: 'POST', path: '/api/guardian-digest/unsubscribe' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;

/**
 * "Ask for the wali's contact", family mode's (the guardians module serves it, under its OpenAPI
 * tag) but called from the chat only, hence its paths: a map of its own, so each lazy chunk that
 * calls family mode carries only its own paths (a map two chunks share becomes a chunk of its
 * own, named in the first route's table of chunks).
 */
export const waliEndpointRoutes = {
  askWaliContact: { method: 'POST', path: '/api/chat/wali/:userId' },
  answerWaliContact: { method: 'POST', path: '/api/chat/wali/:userId/answer' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;

/**
 * The family's opinion on a match (ADR 078), asked from the conversation: the chat's chunk
 * alone calls these, so they are a map of their own as the wali's are.
 */
export const familyOpinionEndpointRoutes = {
  familyOpinions: { method: 'GET', path: '/api/chat/family-opinions/:userId' },
  askFamilyOpinion: { method: 'POST', path: '/api/chat/family-opinions/:userId' },
  revokeFamilyOpinion: { method: 'DELETE', path: '/api/chat/family-opinions/:userId/:id' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;
