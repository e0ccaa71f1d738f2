import type { Contact, Gift, PlanOffers } from '@mawadda/contract';
import { aContact } from '@/test/fixtures.ts';

export const AWA = '00000000-0000-4000-8000-0000000000a1';
export const BINTA = '00000000-0000-4000-8000-0000000000b2';

export const gifts: Gift[] = [
  {
    id: 1,
    name: 'Tulip bouquet',
    inSentence: 'a tulip bouquet',
    description: 'Fresh tulips to brighten the day.',
    price: 499,
    xof: 1000,
    imageUrl: '/images/gifts/tulip-bouquet.svg',
  },
  {
    id: 4,
    name: 'Gold bracelet',
    inSentence: 'a gold bracelet',
    description: 'A fine bracelet.',
    price: 2999,
    xof: 5000,
    imageUrl: '/images/gifts/gold-bracelet.svg',
  },
];

export function contact(id: string, name: string, lastMessageTime: string | null = null): Contact {
  return aContact({ id, name, lastMessageTime });
}

export const offers: PlanOffers = {
  plans: [
    { plan: 'WEEKLY', days: 7, usdCents: 499, xof: 3000 },
    { plan: 'MONTHLY', days: 30, usdCents: 999, xof: 6000 },
    { plan: 'ANNUAL', days: 365, usdCents: 7999, xof: 48000 },
  ],
  methods: ['card', 'mobile-money'],
};

/** A server that takes cards only (no PayDunya keys): a gift goes straight to the checkout. */
export const cardOnly: PlanOffers = { ...offers, methods: ['card'] };

/** A member signed in, as the login screen leaves them. */
export function logIn(id = 'me-0000') {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem(
    'currentUser',
    JSON.stringify({ id, name: 'Moussa', latitude: null, longitude: null, mediaUrls: [] }),
  );
}
