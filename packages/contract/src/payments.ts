import { z } from 'zod';
import { requiredField } from './form-fields.ts';
import { memberIdSchema } from './users.ts';
import { subscriptionPlanSchema } from './value-sets.ts';

export const giftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Minor units (cents); shown divided by 100 in dollars. */
  price: z.number().int(),
  imageUrl: z.string(),
});
export type Gift = z.infer<typeof giftSchema>;

const giftIdField = requiredField(
  z.coerce.number().int().min(1, 'Unknown gift'),
  'giftId is required',
);
const receiverIdField = requiredField(memberIdSchema, 'receiverId is required');

export const giftSendRequestSchema = z.object({ giftId: giftIdField, receiverId: receiverIdField });

/** The client's giftName and amount are informative only: the server prices from its catalogue. */
export const giftCheckoutRequestSchema = z.object({
  giftId: giftIdField,
  receiverId: receiverIdField,
  giftName: z.string().optional(),
  amount: z.number().optional(),
});

export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.string() });

export const planQuerySchema = z.object({ plan: subscriptionPlanSchema });
export const subscriptionSessionQuerySchema = planQuerySchema.extend({
  userId: memberIdSchema.optional(),
});
export const paydunyaSessionRequestSchema = z.object({
  callbackUrl: z.url({ error: 'callbackUrl must be a URL' }).optional(),
});
export const paydunyaSessionResponseSchema = z.object({ redirectUrl: z.string() });
