import './zod-config.ts';
import { z } from 'zod';

const params = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The one error body of every 4xx and 5xx answer: a stable `code` (error-codes.ts) with its
 * `params`, the English `message` for people reading the API, and for a refused form the
 * fields at fault, each with its own code.
 */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  params: params.optional(),
  errors: z
    .array(
      z.object({
        path: z.string(),
        code: z.string(),
        message: z.string(),
        params: params.optional(),
      }),
    )
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type FieldError = NonNullable<ErrorBody['errors']>[number];

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
