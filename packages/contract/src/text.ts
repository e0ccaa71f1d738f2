/** Text rules shared by the server (e-mails) and the web app (cards, pages); zod-free. */

/** Names as people write them: `aÏCHA  diallo-ba` -> `Aïcha Diallo-Ba`. */
export function titleCase(name: string): string {
  return name
    .trim()
    .replace(/\s+/gu, ' ')
    .toLowerCase()
    .replace(/(^|[\s\-'’])(\p{Ll})/gu, (_, separator: string, letter: string) => {
      return separator + letter.toUpperCase();
    });
}
