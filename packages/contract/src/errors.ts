import { z } from 'zod';

/** The one error body of every 4xx and 5xx answer. */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const UNEXPECTED_ERROR_MESSAGE = 'Unexpected server error';
