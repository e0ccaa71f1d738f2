/**
 * STOMP destinations of docs/spec.md §7. Zod-free (`@mawadda/contract/destinations`), so the web
 * app's real-time client names them without loading the schemas.
 */
export const destinations = {
  presence: '/topic/presence',
  chat: (memberId: string) => `/topic/chat/${memberId}` as const,
  read: (memberId: string) => `/topic/read/${memberId}` as const,
  call: (memberId: string) => `/topic/call/${memberId}` as const,
  /** Ours: a member someone liked back, told live ("It's a match"). */
  match: (memberId: string) => `/topic/match/${memberId}` as const,
  /** Ours: what is between the member and another changed (a match ended, a block). */
  contact: (memberId: string) => `/topic/contact/${memberId}` as const,
  publishPresence: '/app/presence',
  publishCall: (memberId: string) => `/app/call/${memberId}` as const,
  /**
   * Ours (ADR 037): which conversation this socket shows (`viewingFrameSchema`), so a message in
   * it is not pushed to the member's phone while they read it.
   */
  publishViewing: '/app/viewing',
} as const;
