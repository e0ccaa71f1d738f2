import { startsWithVowelSound } from '@mawadda/contract/text';
import type { i18n as I18n } from 'i18next';

/**
 * French elides "de" and "que" before a vowel sound: "le selfie d'Aïcha", "celui qu'Ousmane a
 * envoyé", but "de Mamadou". A French text writes `{{name, de}}` or `{{name, que}}` where the
 * word comes before a name, and gets the word in the form the name asks for; no call site
 * chooses it.
 */
export function addElision(instance: I18n) {
  for (const word of ['de', 'que']) {
    instance.services.formatter?.add(word, (value: unknown) => {
      const name = String(value);
      return startsWithVowelSound(name) ? `${word.slice(0, -1)}'${name}` : `${word} ${name}`;
    });
  }
}
