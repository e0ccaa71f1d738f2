/**
 * STOMP destinations of spec section 7. Zod-free (`@mawadda/contract/destinations`), so the web
 * app's real-time client names them without loading the schemas.
 */
export const destinations = {
  presence: '/topic/presence',
  chat: (memberId: string) => `/topic/chat/${memberId}`,
  read: (memberId: string) => `/topic/read/${memberId}`,
  call: (memberId: string) => `/topic/call/${memberId}`,
  publishPresence: '/app/presence',
  publishCall: (memberId: string) => `/app/call/${memberId}`,
} as const;
