import type { DecisionFact, GuidelineRule, ProfileText, Restriction } from '@mawadda/contract';
import { mailName } from '../../core/mail-names.ts';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * How the report came: a member's, anyone's through the public page (ADR 079), or the scam
 * shield's own check of the member's messages (ADR 043), which no member filed and the mail must
 * not say one did.
 */
export type WarnedFor = 'member-report' | 'public-report' | 'message-check';

type Bilingual = Record<MailLanguage, string>;

const WHY: Record<WarnedFor, Bilingual> = {
  'member-report': {
    en: 'A member reported you, and our moderation team found that part of what happened breaks the community rules:',
    fr: 'Un membre vous a signalé, et notre équipe de modération a constaté qu’une partie de ce qui s’est passé enfreint les règles de la communauté :',
  },
  'public-report': {
    en: 'Your profile was reported to us as illegal content, and our moderation team found that part of what it shows breaks the community rules:',
    fr: 'Votre profil nous a été signalé comme contenu illégal, et notre équipe de modération a constaté qu’une partie de ce qu’il montre enfreint les règles de la communauté :',
  },
  'message-check': {
    en: 'Our automatic check of messages flagged several of yours, and our moderation team, having read them, found that part of what you wrote breaks the community rules:',
    fr: 'Notre vérification automatique des messages a relevé plusieurs des vôtres, et notre équipe de modération, après les avoir lus, a constaté qu’une partie de ce que vous avez écrit enfreint les règles de la communauté :',
  },
};

const SUBJECTS: Record<Restriction, Bilingual> = {
  warn: {
    en: 'A warning about your Mawadda account',
    fr: 'Un avertissement concernant votre compte Mawadda',
  },
  'remove-photo': {
    en: 'A photo was removed from your Mawadda profile',
    fr: 'Une photo a été retirée de votre profil Mawadda',
  },
  'remove-voice-introduction': {
    en: 'Your voice introduction was removed from your Mawadda profile',
    fr: 'Votre présentation vocale a été retirée de votre profil Mawadda',
  },
  'remove-prompt-answer': {
    en: 'An answer was removed from your Mawadda profile',
    fr: 'Une réponse a été retirée de votre profil Mawadda',
  },
  'remove-compliment': {
    en: 'A compliment you sent on Mawadda was removed',
    fr: 'Un compliment que vous avez envoyé sur Mawadda a été retiré',
  },
  'hide-messages': {
    en: 'Messages you sent on Mawadda were hidden',
    fr: 'Des messages que vous avez envoyés sur Mawadda ont été masqués',
  },
  'remove-profile-text': {
    en: 'A text was removed from your Mawadda profile',
    fr: 'Un texte a été retiré de votre profil Mawadda',
  },
  suspend: {
    en: 'Your Mawadda account is suspended',
    fr: 'Votre compte Mawadda est suspendu',
  },
  ban: { en: 'Your Mawadda account is closed', fr: 'Votre compte Mawadda est fermé' },
  'verification-refused': {
    en: 'Your Mawadda verification selfie was refused',
    fr: 'Votre selfie de vérification Mawadda a été refusé',
  },
};

/** The rules of the community guidelines, as the guidelines page names them. */
export const RULE_TITLES: Record<GuidelineRule, Bilingual> = {
  'be-yourself': {
    en: 'Be yourself: your own name, age and photos',
    fr: 'Soyez vous-même : votre nom, votre âge et vos photos',
  },
  respect: {
    en: 'Respect every member: no insults, threats or hate',
    fr: 'Respectez chaque membre : ni insulte, ni menace, ni haine',
  },
  'no-money': {
    en: 'Never ask for money',
    fr: 'Ne demandez jamais d’argent',
  },
  decency: {
    en: 'Stay decent in photos, words and voice',
    fr: 'Restez décent dans vos photos, vos mots et votre voix',
  },
  'adults-only': { en: 'Adults only: 18 and over', fr: 'Réservé aux adultes : 18 ans et plus' },
  'honest-situation': {
    en: 'Be honest about your situation',
    fr: 'Soyez honnête sur votre situation',
  },
  'marriage-intent': {
    en: 'Here for marriage only',
    fr: 'Ici pour le mariage uniquement',
  },
};

/** The sentences a moderator chooses from for the facts. */
export const FACT_TEXTS: Record<DecisionFact, Bilingual> = {
  'asked-for-money': {
    en: 'You asked a member for money or a transfer.',
    fr: 'Vous avez demandé de l’argent ou un transfert à un membre.',
  },
  'insults-or-threats': {
    en: 'You insulted or threatened a member.',
    fr: 'Vous avez insulté ou menacé un membre.',
  },
  'sexual-content': {
    en: 'You sent sexual content.',
    fr: 'Vous avez envoyé un contenu à caractère sexuel.',
  },
  'photo-not-the-member': {
    en: 'A photo of your profile shows someone else.',
    fr: 'Une photo de votre profil montre quelqu’un d’autre.',
  },
  'inappropriate-photo': {
    en: 'A photo of your profile is not decent.',
    fr: 'Une photo de votre profil n’est pas décente.',
  },
  'false-identity': {
    en: 'Your profile does not tell who you are.',
    fr: 'Votre profil ne dit pas qui vous êtes.',
  },
  'under-age': {
    en: 'You appear to be under 18.',
    fr: 'Vous semblez avoir moins de 18 ans.',
  },
  'hidden-marriage': {
    en: 'You hid that you are married.',
    fr: 'Vous avez caché que vous êtes marié(e).',
  },
  'spam-or-advertising': {
    en: 'You sent advertising or the same message to many members.',
    fr: 'Vous avez envoyé de la publicité ou le même message à de nombreux membres.',
  },
  'not-seeking-marriage': {
    en: 'You used Mawadda for something other than seeking marriage.',
    fr: 'Vous avez utilisé Mawadda pour autre chose que la recherche du mariage.',
  },
  'inappropriate-content': {
    en: 'Something you show on your profile is not decent.',
    fr: 'Un élément de votre profil n’est pas décent.',
  },
  'selfie-unclear': {
    en: 'Your verification selfie did not show your face clearly in the pose asked.',
    fr: 'Votre selfie de vérification ne montrait pas clairement votre visage dans la pose demandée.',
  },
  'selfie-not-live': {
    en: 'Your verification selfie was a photo of a photo or of a screen.',
    fr: 'Votre selfie de vérification était la photo d’une photo ou d’un écran.',
  },
  'offensive-text': {
    en: 'What you wrote insults, demeans or shocks others.',
    fr: 'Ce que vous avez écrit insulte, rabaisse ou choque les autres.',
  },
  'contact-details-shared': {
    en: 'You gave contact details or links to take members off Mawadda.',
    fr: 'Vous avez donné des coordonnées ou des liens pour faire sortir des membres de Mawadda.',
  },
  other: {
    en: 'What you did breaks this rule, as the moderator explains:',
    fr: 'Ce que vous avez fait enfreint cette règle, comme l’explique le modérateur :',
  },
};

/** The profile's free texts as the profile form names them (ADR 083). */
const PROFILE_TEXT_NAMES: Record<ProfileText, Bilingual> = {
  bio: { en: 'Bio', fr: 'Présentation' },
  profession: { en: 'Profession', fr: 'Profession' },
};

/** What a hiding or a removal of texts took (ADR 083); nothing to add for the others. */
function whatWasTaken(
  language: MailLanguage,
  decision: Restriction,
  profileTexts: readonly ProfileText[],
): string[] {
  if (decision === 'hide-messages') {
    return [
      language === 'fr'
        ? 'Les messages concernés ne sont plus montrés au membre à qui vous les avez envoyés. Vous les voyez encore, marqués comme masqués. Si la décision est annulée, ils sont de nouveau montrés.'
        : 'These messages are no longer shown to the member you sent them to. You still see them, marked as hidden. If the decision is reversed, they are shown again.',
    ];
  }
  if (decision === 'remove-profile-text') {
    const quoted = profileTexts
      .map((field) => PROFILE_TEXT_NAMES[field][language])
      .map((name) => (language === 'fr' ? `« ${name} »` : `“${name}”`))
      .join(', ');
    return [
      language === 'fr'
        ? `Retiré de votre profil : ${quoted}. Une annulation ne le rend pas ; vous pouvez en écrire un nouveau qui respecte les règles.`
        : `Removed from your profile: ${quoted}. A reversal does not give it back; you may write a new one that follows the rules.`,
    ];
  }
  return [];
}

const day = (language: MailLanguage, at: Date) =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);

/**
 * The statement of reasons of a restriction (ADR 076, DSA Art. 17), in the member's language
 * first: what was decided, the rule it rests on, the facts (the chosen sentence and the
 * moderator's words), how long, and how to appeal. Never a moderator's name or comment.
 */
export function statementMail(options: {
  to: string;
  name: string;
  language: MailLanguage;
  decision: Restriction;
  warnedFor: WarnedFor;
  rule: GuidelineRule;
  fact: DecisionFact;
  detail: string;
  until: Date | null;
  /** The texts a `remove-profile-text` took; empty for the others. */
  profileTexts: readonly ProfileText[];
  appealUntil: Date;
  guidelinesUrl: string;
}): MailMessage {
  const { decision, until } = options;
  const length = (language: MailLanguage) => {
    if (decision === 'suspend' && until) {
      return language === 'fr'
        ? `Votre compte est suspendu jusqu’au ${day('fr', until)} (UTC).`
        : `Your account is suspended until ${day('en', until)} (UTC).`;
    }
    if (decision === 'ban') {
      return language === 'fr'
        ? 'Votre compte est fermé, sans date de fin.'
        : 'Your account is closed, with no end date.';
    }
    return language === 'fr'
      ? 'Votre compte reste ouvert. Si cela se reproduit, il pourra être suspendu ou fermé.'
      : 'Your account stays open. If it happens again, it may be suspended or closed.';
  };
  const texts = (language: MailLanguage) => ({
    subject: SUBJECTS[decision][language],
    paragraphs: [
      WHY[options.warnedFor][language],
      language === 'fr'
        ? `Règle concernée : ${RULE_TITLES[options.rule].fr}.`
        : `The rule: ${RULE_TITLES[options.rule].en}.`,
      `${FACT_TEXTS[options.fact][language]} ${options.detail}`,
      ...whatWasTaken(language, decision, options.profileTexts),
      length(language),
      language === 'fr'
        ? `Vous pouvez contester cette décision gratuitement jusqu’au ${day('fr', options.appealUntil)} (UTC) : connectez-vous à Mawadda, lisez la décision et faites appel. Un autre modérateur vous répondra.`
        : `You may appeal this decision for free until ${day('en', options.appealUntil)} (UTC): sign in to Mawadda, read the decision and appeal. Another moderator will answer you.`,
      language === 'fr' ? 'Les règles de la communauté :' : 'The community guidelines:',
      { link: options.guidelinesUrl },
    ],
  });
  return bilingualMail({
    to: options.to,
    name: mailName(options.name),
    language: options.language,
    texts: { en: texts('en'), fr: texts('fr') },
  });
}

const DECIDED: Record<Restriction, Bilingual> = {
  warn: { en: 'the warning you were given', fr: 'l’avertissement qui vous a été donné' },
  'remove-photo': { en: 'the removal of your photo', fr: 'le retrait de votre photo' },
  'remove-voice-introduction': {
    en: 'the removal of your voice introduction',
    fr: 'le retrait de votre présentation vocale',
  },
  'remove-prompt-answer': { en: 'the removal of your answer', fr: 'le retrait de votre réponse' },
  'remove-compliment': {
    en: 'the removal of your compliment',
    fr: 'le retrait de votre compliment',
  },
  'hide-messages': {
    en: 'the hiding of your messages',
    fr: 'le masquage de vos messages',
  },
  'remove-profile-text': {
    en: 'the removal of a text of your profile',
    fr: 'le retrait d’un texte de votre profil',
  },
  suspend: { en: 'the suspension of your account', fr: 'la suspension de votre compte' },
  ban: { en: 'the closing of your account', fr: 'la fermeture de votre compte' },
  'verification-refused': {
    en: 'the refusal of your verification selfie',
    fr: 'le refus de votre selfie de vérification',
  },
};

/**
 * A moderator's answer to the member's appeal, with its reasons: upheld, the decision is
 * reversed (an account may be used again at once); rejected, it stands.
 */
export function appealAnswerMail(options: {
  to: string;
  name: string;
  language: MailLanguage;
  decision: Restriction;
  outcome: 'upheld' | 'rejected';
  answer: string;
}): MailMessage {
  const upheld = options.outcome === 'upheld';
  const what = DECIDED[options.decision];
  return bilingualMail({
    to: options.to,
    name: mailName(options.name),
    language: options.language,
    texts: {
      en: {
        subject: upheld
          ? 'Your appeal on Mawadda was upheld'
          : 'Your appeal on Mawadda was not upheld',
        paragraphs: [
          upheld
            ? `A moderator read your appeal against ${what.en} and upheld it: the decision is reversed.`
            : `A moderator read your appeal against ${what.en} and did not uphold it: the decision stands.`,
          options.answer,
        ],
      },
      fr: {
        subject: upheld
          ? 'Votre recours sur Mawadda a été accepté'
          : 'Votre recours sur Mawadda n’a pas été accepté',
        paragraphs: [
          upheld
            ? `Un modérateur a lu votre recours contre ${what.fr} et l’a accepté : la décision est annulée.`
            : `Un modérateur a lu votre recours contre ${what.fr} et ne l’a pas accepté : la décision est maintenue.`,
          options.answer,
        ],
      },
    },
  });
}
