/**
 * A member's name as cards show it (spec section 2): each word starts with a capital, the rest
 * is lower case. Words are split on spaces, hyphens and apostrophes, so 'aïcha DIALLO' is
 * 'Aïcha Diallo', 'jean-marc' is 'Jean-Marc' and "n'diaye" is "N'Diaye". Extra spaces go.
 */
export function titleCase(name: string): string {
  return name
    .trim()
    .replace(/\s+/gu, ' ')
    .toLowerCase()
    .replace(/(^|[\s\-'’])(\p{Ll})/gu, (_, separator: string, letter: string) => {
      return separator + letter.toUpperCase();
    });
}
