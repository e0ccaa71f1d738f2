import type { PushKind } from '@mawadda/contract';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';
import type { MatchUpdate } from '../relationships/index.ts';

/** The languages a device is written to in (its subscribe request's `Accept-Language`). */
export type PushLanguage = MailLanguage;

/** What a push says of an event, before the member's choices (the message text) apply. */
export type PushSubject =
  | { kind: 'message'; name: string; content: 'text' | 'photo' | 'voice'; text: string | null }
  | { kind: 'gift'; name: string }
  | { kind: 'request'; name: string }
  | { kind: 'request-settled'; name: string; outcome: 'accepted' | 'declined' | 'expired' }
  | { kind: 'match'; name: string }
  /** `compliment`: the like came with one (ADR 071), its note or null when it is withheld. */
  | { kind: 'like'; name: string; compliment?: string | null }
  | { kind: 'call'; name: string; video: boolean }
  | { kind: 'call-ended'; name: string; missed: boolean }
  | { kind: 'match-update'; name: string; update: MatchUpdate }
  | { kind: 'test' };

/** A lock screen shows a couple of lines: the rest of a long message stays in the app. */
const TEXT_SHOWN = 140;

const shortened = (text: string) =>
  text.length > TEXT_SHOWN ? `${text.slice(0, TEXT_SHOWN - 1).trimEnd()}…` : text;

const TEXTS = {
  fr: {
    message: 'Vous a envoyé un message',
    photo: 'Vous a envoyé une photo',
    voice: 'Vous a envoyé un message vocal',
    gift: 'Vous a offert un cadeau',
    requestTitle: 'Nouvelle demande de message',
    request: (name: string) => `${name} souhaite vous écrire : acceptez ou déclinez`,
    requestSettled: {
      accepted: 'A accepté votre demande : vous pouvez vous écrire',
      declined: 'A répondu à votre demande de message',
      expired: 'Votre demande de message est restée sans réponse pendant 7 jours',
    },
    matchTitle: "C'est un match !",
    match: (name: string) => `Vous et ${name} vous plaisez mutuellement`,
    likeTitle: 'Nouveau like',
    like: (name: string) => `${name} vous a liké`,
    complimentTitle: 'Nouveau compliment',
    compliment: (name: string) => `${name} vous a aimé(e), avec un compliment`,
    quoted: (name: string, note: string) => `${name} : « ${note} »`,
    videoCall: 'Appel vidéo entrant',
    audioCall: 'Appel audio entrant',
    missedCall: 'Appel manqué',
    endedCall: 'Appel terminé',
    test: 'Les notifications fonctionnent sur cet appareil.',
    update: {
      'first-word-reminder': (name: string) =>
        `${name} attend votre premier mot : un simple salam suffit pour commencer.`,
      'match-lapsed': (name: string) =>
        `Votre match avec ${name} s’est refermé sans premier message. Qu’Allah vous facilite.`,
      'silence-reminder': (name: string) =>
        `Cela fait quelques jours sans nouvelles avec ${name}. Un mot, ou une clôture bienveillante ?`,
      'exclusive-proposed': (name: string) => `${name} vous propose le mode exclusif.`,
      'exclusive-started': (name: string) => `Vous et ${name} êtes en mode exclusif.`,
      'exclusive-ended': (name: string) => `${name} a mis fin au mode exclusif.`,
    },
  },
  en: {
    message: 'Sent you a message',
    photo: 'Sent you a photo',
    voice: 'Sent you a voice note',
    gift: 'Sent you a gift',
    requestTitle: 'New message request',
    request: (name: string) => `${name} would like to write to you: accept or decline`,
    requestSettled: {
      accepted: 'Accepted your request: you can write to each other',
      declined: 'Answered your message request',
      expired: 'Your message request was not answered within 7 days',
    },
    matchTitle: "It's a match!",
    match: (name: string) => `You and ${name} liked each other`,
    likeTitle: 'New like',
    like: (name: string) => `${name} liked you`,
    complimentTitle: 'New compliment',
    compliment: (name: string) => `${name} liked you, with a compliment`,
    quoted: (name: string, note: string) => `${name}: “${note}”`,
    videoCall: 'Incoming video call',
    audioCall: 'Incoming voice call',
    missedCall: 'Missed call',
    endedCall: 'Call ended',
    test: 'Notifications work on this device.',
    update: {
      'first-word-reminder': (name: string) =>
        `${name} is waiting for your first word: a simple salam is enough to begin.`,
      'match-lapsed': (name: string) =>
        `Your match with ${name} closed without a first message. May Allah make it easy for you.`,
      'silence-reminder': (name: string) =>
        `A few days without news between you and ${name}. A word, or a kind goodbye?`,
      'exclusive-proposed': (name: string) => `${name} proposes exclusive mode to you.`,
      'exclusive-started': (name: string) => `You and ${name} are in exclusive mode.`,
      'exclusive-ended': (name: string) => `${name} ended exclusive mode.`,
    },
  },
} as const;

/**
 * The title and body of a push in one language. A message's own text only when the member
 * asked for it (`showText`): a lock screen is seen by others.
 */
export function pushText(
  subject: PushSubject,
  language: PushLanguage,
  showText: boolean,
): { kind: PushKind; title: string; body: string } {
  const t = TEXTS[language];
  switch (subject.kind) {
    case 'message': {
      const body =
        subject.content === 'photo'
          ? t.photo
          : subject.content === 'voice'
            ? t.voice
            : showText && subject.text
              ? shortened(subject.text)
              : t.message;
      return { kind: 'message', title: subject.name, body };
    }
    case 'gift':
      return { kind: 'gift', title: subject.name, body: t.gift };
    // A stranger's words never reach her lock screen: she reads them in the app (ADR 068).
    case 'request':
      return { kind: 'message', title: t.requestTitle, body: t.request(subject.name) };
    // A decline is read in the app, with her kind reply; a lock screen says only that she answered.
    case 'request-settled':
      return { kind: 'message', title: subject.name, body: t.requestSettled[subject.outcome] };
    case 'match':
      return { kind: 'match', title: t.matchTitle, body: t.match(subject.name) };
    case 'like':
      if (subject.compliment === undefined) {
        return { kind: 'like', title: t.likeTitle, body: t.like(subject.name) };
      }
      // The note is a member's text, shown as a message's is: only when the member asked for it.
      return {
        kind: 'like',
        title: t.complimentTitle,
        body:
          showText && subject.compliment
            ? t.quoted(subject.name, shortened(subject.compliment))
            : t.compliment(subject.name),
      };
    case 'call':
      return { kind: 'call', title: subject.name, body: subject.video ? t.videoCall : t.audioCall };
    case 'call-ended':
      return {
        kind: 'call-ended',
        title: subject.name,
        body: subject.missed ? t.missedCall : t.endedCall,
      };
    case 'match-update':
      return {
        kind: 'match-update',
        title: 'Mawadda',
        body: t.update[subject.update](subject.name),
      };
    case 'test':
      return { kind: 'test', title: 'Mawadda', body: t.test };
  }
}

/** The member's display first name: a push names the sender as a person would. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
