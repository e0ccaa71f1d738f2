/** The day a plan ends, as a member reads it ("December 22, 2026", "22 décembre 2026"). */
export function formatEndDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}
