/**
 * Up to two initials for an avatar without a photo: "amina diallo" gives "AD", "Fatou" gives "F",
 * "Ibn al-Khattab" gives "IA" (first and last word). Letters outside Latin are kept whole.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase();
  return `${letter(first)}${last ? letter(last) : ''}`;
}
