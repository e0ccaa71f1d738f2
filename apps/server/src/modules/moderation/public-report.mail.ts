import type { IllegalContentKind, ModerationAction, PublicReportSubject } from '@mawadda/contract';
import { mailName } from '../../core/mail-names.ts';
import { bilingualMail, type MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MailMessage } from '../../lib/mailer.ts';

type Bilingual = Record<MailLanguage, string>;

const KINDS: Record<IllegalContentKind, Bilingual> = {
  minor: { en: 'a minor', fr: 'un mineur' },
  'intimate-image': {
    en: 'an intimate image shared without consent',
    fr: 'une image intime partagée sans consentement',
  },
  fraud: { en: 'fraud or a scam', fr: 'une fraude ou une escroquerie' },
  impersonation: { en: 'impersonation', fr: 'une usurpation d’identité' },
  'hate-or-terrorism': {
    en: 'hate speech or terrorism',
    fr: 'un discours de haine ou du terrorisme',
  },
  'other-illegal': { en: 'other illegal content', fr: 'un autre contenu illégal' },
};

const SUBJECTS: Record<PublicReportSubject, Bilingual> = {
  profile: { en: 'a profile', fr: 'un profil' },
  photo: { en: 'a photo of a profile', fr: 'une photo d’un profil' },
};

/** What the reporter is told of a decision: what was done, never more of the member. */
const OUTCOMES: Record<ModerationAction, Bilingual> = {
  dismiss: {
    en: 'Our moderators found nothing in what you reported that breaks the law or our community guidelines: it stays as it is.',
    fr: 'Nos modérateurs n’ont rien trouvé dans ce que vous avez signalé qui enfreigne la loi ou nos règles de la communauté : il reste en l’état.',
  },
  'remove-photo': {
    en: 'Our moderators removed a photo of the profile.',
    fr: 'Nos modérateurs ont retiré une photo du profil.',
  },
  'remove-voice-introduction': {
    en: 'Our moderators removed content from the profile.',
    fr: 'Nos modérateurs ont retiré un contenu du profil.',
  },
  'remove-prompt-answer': {
    en: 'Our moderators removed content from the profile.',
    fr: 'Nos modérateurs ont retiré un contenu du profil.',
  },
  'remove-compliment': {
    en: 'Our moderators removed content the member sent.',
    fr: 'Nos modérateurs ont retiré un contenu envoyé par le membre.',
  },
  'hide-messages': {
    en: 'Our moderators removed content the member sent.',
    fr: 'Nos modérateurs ont retiré un contenu envoyé par le membre.',
  },
  'remove-profile-text': {
    en: 'Our moderators removed content from the profile.',
    fr: 'Nos modérateurs ont retiré un contenu du profil.',
  },
  warn: {
    en: 'Our moderators warned the member.',
    fr: 'Nos modérateurs ont adressé un avertissement au membre.',
  },
  suspend: {
    en: 'Our moderators suspended the account.',
    fr: 'Nos modérateurs ont suspendu le compte.',
  },
  ban: { en: 'Our moderators closed the account.', fr: 'Nos modérateurs ont fermé le compte.' },
};

const day = (language: MailLanguage, at: Date) =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(at);

type Reporter = { to: string; name: string | null; language: MailLanguage };

const mailTo = (
  reporter: Reporter,
  texts: Record<MailLanguage, { subject: string; paragraphs: string[] }>,
) =>
  bilingualMail({
    to: reporter.to,
    name: reporter.name ? mailName(reporter.name) : undefined,
    language: reporter.language,
    texts,
  });

const what = (
  language: MailLanguage,
  report: { kind: IllegalContentKind; subject: PublicReportSubject; at: Date },
) =>
  language === 'fr'
    ? `votre signalement du ${day('fr', report.at)} : ${SUBJECTS[report.subject].fr}, pour ${KINDS[report.kind].fr}`
    : `your report of ${day('en', report.at)}: ${SUBJECTS[report.subject].en}, for ${KINDS[report.kind].en}`;

/**
 * The receipt of a public report (ADR 079, DSA Art. 16(4)), in the page's language first: the
 * same words whether or not the profile exists, so the mailbox tells no more than the page.
 */
export function publicReportReceiptMail(
  reporter: Reporter,
  report: { kind: IllegalContentKind; subject: PublicReportSubject; at: Date },
): MailMessage {
  return mailTo(reporter, {
    en: {
      subject: 'We received your report',
      paragraphs: [
        `We received ${what('en', report)}.`,
        'A moderator, a person, will review it and we will write to you with the decision. We keep your address only to answer you, and erase it once we have.',
      ],
    },
    fr: {
      subject: 'Nous avons reçu votre signalement',
      paragraphs: [
        `Nous avons reçu ${what('fr', report)}.`,
        'Un modérateur, une personne, va l’examiner et nous vous écrirons pour vous dire sa décision. Nous gardons votre adresse uniquement pour vous répondre et l’effaçons une fois la réponse envoyée.',
      ],
    },
  });
}

/**
 * The outcome of a public report (ADR 079, DSA Art. 16(5)): what was decided, by a person, and
 * where else the reporter may turn; nothing else of the member.
 */
export function publicReportOutcomeMail(
  reporter: Reporter,
  report: { kind: IllegalContentKind; subject: PublicReportSubject; at: Date },
  decision: ModerationAction,
): MailMessage {
  return mailTo(reporter, {
    en: {
      subject: 'The decision on your report',
      paragraphs: [
        `A moderator has decided on ${what('en', report)}.`,
        OUTCOMES[decision].en,
        'This decision was taken by a person, not by an automatic system. If you believe the content is illegal, you may also turn to the competent authorities. We now erase your address.',
      ],
    },
    fr: {
      subject: 'La décision sur votre signalement',
      paragraphs: [
        `Un modérateur a statué sur ${what('fr', report)}.`,
        OUTCOMES[decision].fr,
        'Cette décision a été prise par une personne, non par un système automatique. Si vous pensez que ce contenu est illégal, vous pouvez aussi vous adresser aux autorités compétentes. Nous effaçons maintenant votre adresse.',
      ],
    },
  });
}
