import {
  GIFT_NUMBERS,
  type Gift,
  type GiftNumber,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_PRICES,
  type SubscriptionPlan,
} from '@mawadda/contract';

type Text = { en: string; fr: string };
/** `inSentence`: the name as a sentence says it, with its article ("you sent a tulip bouquet"). */
type CatalogueGift = { price: number; name: Text; inSentence: Text; description: Text };

/**
 * The gifts of docs/spec.md §3, numbered as the spec numbers them (a gift message is
 * `gift:{number}`), priced by the server in US cents (by mobile money, in FCFA from config). Their
 * pictures are the web app's own SVGs.
 */
const GIFTS: Record<GiftNumber, CatalogueGift> = {
  1: {
    price: 299,
    name: { en: 'Tulip bouquet', fr: 'Bouquet de tulipes' },
    inSentence: { en: 'a tulip bouquet', fr: 'un bouquet de tulipes' },
    description: {
      en: 'Fresh tulips to say you are thinking of them.',
      fr: 'Des tulipes fraîches pour dire que vous pensez à elle ou à lui.',
    },
  },
  2: {
    price: 399,
    name: { en: 'Plush elephant', fr: 'Éléphant en peluche' },
    inSentence: { en: 'a plush elephant', fr: 'un éléphant en peluche' },
    description: {
      en: 'A soft elephant, for a smile that lasts.',
      fr: 'Un éléphant tout doux, pour un sourire qui dure.',
    },
  },
  3: {
    price: 599,
    name: { en: 'Giant heart plush', fr: 'Cœur géant en peluche' },
    inSentence: { en: 'a giant heart plush', fr: 'un cœur géant en peluche' },
    description: {
      en: 'A big heart, for when words are not enough.',
      fr: 'Un grand cœur, quand les mots ne suffisent pas.',
    },
  },
  4: {
    price: 999,
    name: { en: 'Gold bracelet', fr: 'Bracelet en or' },
    inSentence: { en: 'a gold bracelet', fr: 'un bracelet en or' },
    description: {
      en: 'A precious bracelet for a serious intention.',
      fr: 'Un bracelet précieux pour une intention sérieuse.',
    },
  },
  5: {
    price: 199,
    name: { en: 'Symbolic link', fr: 'Lien symbolique' },
    inSentence: { en: 'a symbolic link', fr: 'un lien symbolique' },
    description: {
      en: 'A simple sign that a bond is forming.',
      fr: 'Un signe simple qu’un lien se crée.',
    },
  },
  6: {
    price: 249,
    name: { en: 'Chocolates', fr: 'Chocolats' },
    inSentence: { en: 'chocolates', fr: 'des chocolats' },
    description: {
      en: 'A box of chocolates to share a sweet moment.',
      fr: 'Une boîte de chocolats pour partager un moment de douceur.',
    },
  },
  7: {
    price: 499,
    name: { en: 'Flower under glass', fr: 'Fleur sous cloche' },
    inSentence: { en: 'a flower under glass', fr: 'une fleur sous cloche' },
    description: {
      en: 'A flower that never fades, like a sincere promise.',
      fr: 'Une fleur qui ne fane pas, comme une promesse sincère.',
    },
  },
  8: {
    price: 349,
    name: { en: 'Scented candle', fr: 'Bougie parfumée' },
    inSentence: { en: 'a scented candle', fr: 'une bougie parfumée' },
    description: {
      en: 'A gentle light and a warm scent.',
      fr: 'Une lumière douce et un parfum chaleureux.',
    },
  },
};

export type GiftEntry = CatalogueGift & { id: GiftNumber };

export function findGift(id: number): GiftEntry | undefined {
  const gift = GIFTS[id as GiftNumber];
  return gift ? { ...gift, id: id as GiftNumber } : undefined;
}

/** The catalogue as `GET /api/gifts` answers it, in one language, with its FCFA prices (config). */
export function giftList(language: keyof Text, xofPrices: Record<GiftNumber, number>): Gift[] {
  return Object.entries(GIFTS).map(([id, gift]) => ({
    id: Number(id),
    name: gift.name[language],
    inSentence: gift.inSentence[language],
    description: gift.description[language],
    price: gift.price,
    xof: xofPrices[Number(id) as GiftNumber],
    imageUrl: `/images/gifts/${GIFT_NUMBERS[Number(id) as GiftNumber]}.svg`,
  }));
}

/** The plans' names, in the middle of a sentence (the web app has its own for its screens). */
const PLAN_NAMES: Record<SubscriptionPlan, Text> = {
  WEEKLY: { en: 'weekly plan', fr: 'formule hebdomadaire' },
  MONTHLY: { en: 'monthly plan', fr: 'formule mensuelle' },
  ANNUAL: { en: 'annual plan', fr: 'formule annuelle' },
};

/** What a checkout page says is bought, in the member's language. */
export const checkoutDescription = {
  gift: (gift: GiftEntry, receiver: string, language: keyof Text) =>
    language === 'fr'
      ? `Cadeau : ${gift.name.fr} pour ${receiver}`
      : `Gift: ${gift.name.en} for ${receiver}`,
  plan: (plan: SubscriptionPlan, language: keyof Text) =>
    language === 'fr'
      ? `Abonnement Mawadda : ${PLAN_NAMES[plan].fr}`
      : `Mawadda subscription: ${PLAN_NAMES[plan].en}`,
};

/** A plan's prepaid period. */
export const PLAN_DAYS: Record<SubscriptionPlan, number> = { WEEKLY: 7, MONTHLY: 30, ANNUAL: 365 };

/** Each plan's prices: US cents by card (docs/spec.md §9) and FCFA by mobile money (config). */
export function planOffers(xofPrices: Record<SubscriptionPlan, number>) {
  return SUBSCRIPTION_PLANS.map((plan) => ({
    plan,
    days: PLAN_DAYS[plan],
    usdCents: SUBSCRIPTION_PRICES[plan],
    xof: xofPrices[plan],
  }));
}
