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

/**
 * French given names whose h is mute ("d'Hélène"). Arabic and West African names keep theirs
 * sounded ("de Hawa", "de Habib"), so an h elides only for these.
 */
const MUTE_H_NAMES = new Set([
  'hector',
  'hélène',
  'héloïse',
  'hermine',
  'hilaire',
  'hippolyte',
  'honoré',
  'honorine',
  'hortense',
  'hubert',
  'hugo',
  'hyacinthe',
]);

/**
 * Whether French elides before this name ("d'Aïcha", "qu'Ousmane"): it starts with a vowel
 * sound, that is a vowel (accented or not), a y before a consonant ("Yves", not "Yacine"), or
 * the mute h of the names above.
 */
export function startsWithVowelSound(name: string): boolean {
  const word = name.trim().toLowerCase();
  // Decomposed, an accented letter starts with its plain one: "É" is "e" and its accent.
  const letters = word.normalize('NFD');
  if (/^[aeiou]|^y[^aeiouy]/u.test(letters)) return true;
  return MUTE_H_NAMES.has(word.normalize('NFC').split(/[\s-]/u)[0] ?? '');
}
