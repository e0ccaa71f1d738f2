import type {
  familyOpinionEndpointRoutes,
  guardianEndpointRoutes,
  waliEndpointRoutes,
} from './guardian-endpoint-routes.ts';
import type { moderationDecisionEndpointRoutes } from './moderation-decision-endpoint-routes.ts';
import { passkeyEndpointRoutes } from './passkey-endpoint-routes.ts';
import type { publicReportEndpointRoutes } from './public-report-endpoint-routes.ts';
import type { secondFactorEndpointRoutes } from './second-factor-endpoint-routes.ts';
import type { sessionEndpointRoutes } from './session-endpoint-routes.ts';
import type { stayEndpointRoutes } from './stay-endpoint-routes.ts';
import type { transparencyEndpointRoutes } from './transparency-endpoint-routes.ts';
import type {
  verificationEndpointRoutes,
  verificationQueueEndpointRoutes,
} from './verification-endpoint-routes.ts';

/**
 * Method and path of every HTTP endpoint (docs/spec.md §7), zod-free so the web's first route can
 * call the API without loading schemas. `endpoints.ts` gives each one its schemas; the server
 * registers its routes from there and the web client types its calls from it.
 */
export const endpointRoutes = {
  login: { method: 'POST', path: '/api/auth/login' },
  googleLogin: { method: 'POST', path: '/api/auth/google' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password' },
  checkResetLink: { method: 'GET', path: '/api/auth/reset-password/:token' },
  clientConfig: { method: 'GET', path: '/api/config' },
  register: { method: 'POST', path: '/api/users/register' },
  currentUser: { method: 'GET', path: '/api/users/me' },
  giveConsent: { method: 'POST', path: '/api/users/consent' },
  updateProfile: { method: 'PUT', path: '/api/users/update' },
  saveVoiceIntroduction: { method: 'PUT', path: '/api/users/me/voice-introduction' },
  removeVoiceIntroduction: { method: 'DELETE', path: '/api/users/me/voice-introduction' },
  deleteAccount: { method: 'DELETE', path: '/api/users/me' },
  requestDataExport: { method: 'POST', path: '/api/users/me/export' },
  dataExport: { method: 'GET', path: '/api/users/me/export' },
  downloadDataExport: { method: 'GET', path: '/api/users/me/export/file' },
  suggestions: { method: 'GET', path: '/api/users/suggestions' },
  memberDetails: { method: 'GET', path: '/api/users/:id/details' },
  preferences: { method: 'GET', path: '/api/users/preferences' },
  savePreferences: { method: 'PUT', path: '/api/users/preferences' },
  estimateAudience: { method: 'POST', path: '/api/users/preferences/estimate' },
  like: { method: 'POST', path: '/like' },
  lovely: { method: 'POST', path: '/lovely' },
  likes: { method: 'GET', path: '/likes' },
  markLikesSeen: { method: 'POST', path: '/api/users/likes/mark-seen' },
  openLike: { method: 'POST', path: '/api/users/likes/:id/open' },
  profileViews: { method: 'GET', path: '/api/users/profile-views' },
  markProfileViewsSeen: { method: 'POST', path: '/api/users/profile-views/mark-seen' },
  notifications: { method: 'GET', path: '/api/users/notifications' },
  reverseGeocode: { method: 'GET', path: '/api/geo/reverse' },
  searchPlaces: { method: 'GET', path: '/api/geo/search' },
  chatContacts: { method: 'GET', path: '/api/chat/contacts' },
  chatContact: { method: 'GET', path: '/api/chat/contacts/:userId' },
  conversation: { method: 'GET', path: '/api/chat/conversation/:userId' },
  sendMessage: { method: 'POST', path: '/api/chat/send/:userId' },
  markConversationRead: { method: 'PUT', path: '/api/chat/mark-as-read/:userId' },
  chatRequests: { method: 'GET', path: '/api/chat/requests' },
  acceptChatRequest: { method: 'POST', path: '/api/chat/requests/:userId/accept' },
  declineChatRequest: { method: 'POST', path: '/api/chat/requests/:userId/decline' },
  subscribePush: { method: 'POST', path: '/api/push/subscriptions' },
  unsubscribePush: { method: 'DELETE', path: '/api/push/subscriptions' },
  notificationSettings: { method: 'GET', path: '/api/push/settings' },
  saveNotificationSettings: { method: 'PUT', path: '/api/push/settings' },
  pushTest: { method: 'POST', path: '/api/push/test' },
  unsubscribeDigest: { method: 'POST', path: '/api/notifications/digest/unsubscribe' },
  iceServers: { method: 'GET', path: '/api/calls/ice-servers' },
  block: { method: 'POST', path: '/api/users/:id/block' },
  unblock: { method: 'DELETE', path: '/api/users/:id/block' },
  blockedMembers: { method: 'GET', path: '/api/users/blocks' },
  unmatch: { method: 'DELETE', path: '/api/users/:id/match' },
  closeKindly: { method: 'POST', path: '/api/users/:id/match/close-kindly' },
  exclusiveState: { method: 'GET', path: '/api/users/:id/exclusive' },
  proposeExclusive: { method: 'POST', path: '/api/users/:id/exclusive' },
  acceptExclusive: { method: 'POST', path: '/api/users/:id/exclusive/accept' },
  endExclusive: { method: 'DELETE', path: '/api/users/:id/exclusive' },
  report: { method: 'POST', path: '/api/reports' },
  moderationQueue: { method: 'GET', path: '/api/moderation/reports' },
  moderationAction: { method: 'POST', path: '/api/moderation/reports/:id/actions' },
  gifts: { method: 'GET', path: '/api/gifts' },
  giftCheckout: { method: 'POST', path: '/api/payment/create-checkout-session' },
  sendGift: { method: 'POST', path: '/api/gifts/send' },
  paydunyaGiftCheckout: { method: 'POST', path: '/api/gifts/paydunya/paydunya-session' },
  subscriptionPlans: { method: 'GET', path: '/api/subscription/plans' },
  subscriptionCheckout: { method: 'POST', path: '/api/subscription/create-subscription-session' },
  paydunyaCheckout: { method: 'POST', path: '/api/subscription/paydunya/paydunya-session' },
  confirmSubscription: { method: 'POST', path: '/api/subscription/confirm' },
  ...passkeyEndpointRoutes,
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;

/**
 * Every endpoint's name: this map's, family mode's (`guardian-endpoint-routes.ts`, ADR 045) and
 * verification's (`verification-endpoint-routes.ts`), which are kept apart so the web's first
 * route does not carry the paths only its later pages call (the first route's budget,
 * `bench/web/first-route-size.bench.ts`).
 */
export type EndpointName =
  | keyof typeof endpointRoutes
  | keyof typeof guardianEndpointRoutes
  | keyof typeof waliEndpointRoutes
  | keyof typeof familyOpinionEndpointRoutes
  | keyof typeof verificationEndpointRoutes
  | keyof typeof verificationQueueEndpointRoutes
  | keyof typeof sessionEndpointRoutes
  | keyof typeof secondFactorEndpointRoutes
  | keyof typeof stayEndpointRoutes
  | keyof typeof moderationDecisionEndpointRoutes
  | keyof typeof publicReportEndpointRoutes
  | keyof typeof transparencyEndpointRoutes;

/** The path with its `:name` segments filled in, each value URL-encoded. */
export function endpointPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
