import type { PushKind } from '@mawadda/contract';
import type { MailLanguage } from '../../lib/bilingual-mail.ts';

/** The languages a device is written to in (its subscribe request's `Accept-Language`). */
export type PushLanguage = MailLanguage;

/** What a push says of an event, before the member's choices (the message text) apply. */
export type PushSubject =
  | { kind: 'message'; name: string; content: 'text' | 'photo' | 'voice'; text: string | null }
  | { kind: 'gift'; name: string }
  | { kind: 'request'; name: string }
  | { kind: 'request-settled'; name: string; outcome: 'accepted' | 'declined' | 'expired' }
  | { kind: 'match'; name: string }
  | { kind: 'like'; name: string }
  | { kind: 'call'; name: string; video: boolean }
  | { kind: 'call-ended'; name: string; missed: boolean }
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
    videoCall: 'Appel vidéo entrant',
    audioCall: 'Appel audio entrant',
    missedCall: 'Appel manqué',
    endedCall: 'Appel terminé',
    test: 'Les notifications fonctionnent sur cet appareil.',
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
    videoCall: 'Incoming video call',
    audioCall: 'Incoming voice call',
    missedCall: 'Missed call',
    endedCall: 'Call ended',
    test: 'Notifications work on this device.',
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
      return { kind: 'like', title: t.likeTitle, body: t.like(subject.name) };
    case 'call':
      return { kind: 'call', title: subject.name, body: subject.video ? t.videoCall : t.audioCall };
    case 'call-ended':
      return {
        kind: 'call-ended',
        title: subject.name,
        body: subject.missed ? t.missedCall : t.endedCall,
      };
    case 'test':
      return { kind: 'test', title: 'Mawadda', body: t.test };
  }
}

/** The member's display first name: a push names the sender as a person would. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
