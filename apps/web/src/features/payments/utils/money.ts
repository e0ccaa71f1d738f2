/** A price in US cents as dollars, in the member's language ("$4.99", "4,99 $US"). */
export function formatUsd(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );
}

/**
 * A mobile-money price in FCFA, grouped in the member's language ("3 000 FCFA", "3,000 FCFA"),
 * whole francs; the unit kept on the amount's line.
 */
export function formatXof(amount: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(amount)}\u00a0FCFA`;
}

/**
 * The operators PayDunya's page offers a member of the region (which of them depends on her
 * country): named before she leaves for it, so she knows hers will be there.
 */
const MOBILE_MONEY_OPERATORS = ['Orange Money', 'Wave', 'MTN Mobile Money', 'Moov Money'];

/** "Orange Money, Wave, MTN Mobile Money ou Moov Money", in the member's language. */
export function mobileMoneyOperators(language: string): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(MOBILE_MONEY_OPERATORS);
}
