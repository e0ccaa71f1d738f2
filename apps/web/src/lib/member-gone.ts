import { ApiError } from './api-client.ts';

/**
 * The member cannot be reached (docs/spec.md §8): they no longer exist (404), or the id is one the
 * server refuses (400), which is as unopenable.
 */
export function isMemberGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
