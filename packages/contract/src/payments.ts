import './zod-config.ts';
import { z } from 'zod';
import { isReturnPath, LANGUAGES } from './constants.ts';
import { E } from './error-codes.ts';
import { requiredField, wholeNumber } from './form-fields.ts';
import { memberIdSchema } from './users.ts';
import { SUBSCRIPTION_PLANS, subscriptionPlanSchema } from './value-sets.ts';

const GIFT_LANGUAGES = ['en', 'fr'] as const;
/** `GET /api/gifts?lang=fr`: names and descriptions in the member's language (English by default). */
export const giftsQuerySchema = z.object({ lang: z.enum(GIFT_LANGUAGES).optional() });

export const giftSchema = z.object({
  id: z.number().int(),
  /** As a title: "Tulip bouquet", "Bouquet de tulipes". */
  name: z.string(),
  /** As a sentence says it, with its article: "You sent a tulip bouquet", "un bouquet de tulipes". */
  inSentence: z.string(),
  description: z.string(),
  /** Minor units (cents); shown divided by 100 in dollars. */
  price: z.number().int(),
  /** The price by mobile money, in whole FCFA (XOF has no decimals). */
  xof: z.number().int(),
  imageUrl: z.string(),
});
export type Gift = z.infer<typeof giftSchema>;

const giftIdField = requiredField(wholeNumber(E.GIFT_UNKNOWN, { min: 1 }), E.GIFT_REQUIRED);
const receiverIdField = requiredField(memberIdSchema, E.RECEIVER_REQUIRED);

/** `POST /api/gifts/send`, and a gift by mobile money: the gift and its receiver, priced by the server. */
export const giftSendRequestSchema = z.object({ giftId: giftIdField, receiverId: receiverIdField });

/**
 * `?lang=fr` on a checkout: the provider sends the member back to /fr/chat, in the language they
 * paid in. Without it they come back to /chat, whose language the browser decides.
 */
const returnLanguageField = z.enum(LANGUAGES).optional();
/**
 * `?returnTo=/chat?userId=…`: the page the member started from, where the provider brings them
 * back, paid or cancelled (`isReturnPath`: a page of this app, never another site). Without it,
 * /chat.
 */
const returnPathField = z
  .string({ error: E.RETURN_PATH_INVALID })
  .refine(isReturnPath, E.RETURN_PATH_INVALID)
  .optional();
const returnFields = { lang: returnLanguageField, returnTo: returnPathField };
export const giftCheckoutQuerySchema = z.object(returnFields);

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
  ...returnFields,
});
export const paydunyaSessionQuerySchema = planQuerySchema.extend(returnFields);
export const paydunyaSessionRequestSchema = z.object({
  callbackUrl: z.url({ error: E.CALLBACK_URL_INVALID }).optional(),
});
export const paydunyaSessionResponseSchema = z.object({ redirectUrl: z.string() });

/**
 * `POST /api/gifts/send` and `POST /api/subscription/confirm`: what became of the payment.
 * `undelivered` (gifts only): paid, but the gift could not be delivered when the payment was
 * granted (the receiver is no longer available to the giver); the payment is owed back.
 */
const PAYMENT_STATUSES = ['paid', 'undelivered', 'pending', 'cancelled', 'failed'] as const;
export const paymentOutcomeSchema = z.object({ status: z.enum(PAYMENT_STATUSES) });
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** `GET /api/subscription/plans`: each plan's length and price by card (cents) and mobile money (FCFA). */
const planOfferSchema = z.object({
  plan: z.enum(SUBSCRIPTION_PLANS),
  days: z.number().int(),
  usdCents: z.number().int(),
  xof: z.number().int(),
});
export const planOffersSchema = z.object({
  plans: z.array(planOfferSchema),
  /** Which methods this server can take now, for plans and gifts alike (a provider may be unconfigured). */
  methods: z.array(z.enum(['card', 'mobile-money'])),
});
export type PlanOffers = z.infer<typeof planOffersSchema>;
