/** A price in US cents as dollars, in the member's language ("$4.99", "4,99 $US"). */
export function formatUsd(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );
}

/** A mobile-money price in FCFA, grouped in the member's language ("3 000 FCFA"). */
export function formatXof(amount: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(amount)} FCFA`;
}
