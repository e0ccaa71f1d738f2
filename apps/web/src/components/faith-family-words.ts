/**
 * The words around the faith and family questions (ADR 041), in both languages, beside the
 * questions' own labels in the contract: the edit-profile section and the wizard's step show the
 * same form, so they read the same words.
 */
export type FaithFamilyWords = {
  notAnswered: string;
  preferNotToSay: string;
  faith: string;
  family: string;
  /** The matches-only checkbox under a faith question, naming it. */
  matchesOnly: (field: string) => string;
  /** What keeping an answer to matches costs: it meets no one's dealbreaker (ADR 042). */
  matchesOnlyHint: string;
  professionHint: string;
};

export const FAITH_FAMILY_WORDS: Record<'fr' | 'en', FaithFamilyWords> = {
  en: {
    notAnswered: 'Not answered',
    preferNotToSay: 'I prefer not to say',
    faith: 'Faith',
    family: 'Marriage and family',
    matchesOnly: (field) => `Show my “${field}” answer to my matches only`,
    matchesOnlyHint:
      'An answer shown to your matches only stays private, so it meets no one’s dealbreaker: members who filter on it will not see you.',
    professionHint: 'Checked like your bio: keep it simple and true.',
  },
  fr: {
    notAnswered: 'Pas de réponse',
    preferNotToSay: 'Je préfère ne pas le dire',
    faith: 'Foi',
    family: 'Mariage et famille',
    matchesOnly: (field) => `Réserver ma réponse « ${field} » à mes matchs`,
    matchesOnlyHint:
      'Une réponse réservée à vos matchs reste privée : elle ne remplit donc le critère indispensable de personne, et les membres qui filtrent sur cette question ne vous verront pas.',
    professionHint: 'Vérifiée comme votre présentation : restez simple et vrai(e).',
  },
};
