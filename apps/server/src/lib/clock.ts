/** Time comes through this, so tests can move it (token expiry, rate-limit windows). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
