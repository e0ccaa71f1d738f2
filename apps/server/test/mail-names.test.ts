import { describe, expect, it } from 'vitest';
import { mailFirstName, mailName } from '../src/core/mail-names.ts';
import type { MailMessage } from '../src/lib/mailer.ts';
import { passwordResetMail } from '../src/modules/auth/password-reset.mail.ts';
import { digestMail } from '../src/modules/digest/digest.mail.ts';
import { guardianDigestMail } from '../src/modules/guardians/guardian-digest.mail.ts';
import { guardianInvitationMail } from '../src/modules/guardians/guardian-invitation.mail.ts';
import { appealAnswerMail, statementMail } from '../src/modules/moderation/statement.mail.ts';
import { registrationAttemptMail } from '../src/modules/users/registration-attempt.mail.ts';
import { verificationMail } from '../src/modules/verification/verification.mail.ts';

/**
 * Names a member may type (80 characters for a guardian's) that read as a contact: a mail from
 * Mawadda prints none of them, in its subject, text or HTML (core/mail-names.ts).
 */
const LINK = 'Visit www.mawadda-support.example now';
const PHONE = 'Appelle le 07 08 09 10 11';
const shown = (mail: MailMessage) => `${mail.subject}\n${mail.text}\n${mail.html}`;
const expectNoContact = (mail: MailMessage) => {
  expect(shown(mail)).not.toMatch(/mawadda-support|07 08 09/);
};

const news = { messages: 0, senders: [], requests: 0, matches: 0, matchNames: [], likerNames: [] };
const base = { to: 'reader@example.org', language: 'fr' as const };

/** Every mail the server sends, addressed to a reader named `name`. */
const MAILS: Record<string, (name: string) => MailMessage> = {
  'password reset': (name) =>
    passwordResetMail({ ...base, name, link: 'https://mawadda.example/reset-password/t' }),
  'registration attempt': (name) =>
    registrationAttemptMail({ ...base, name, publicUrl: 'https://mawadda.example' }),
  'statement of reasons': (name) =>
    statementMail({
      ...base,
      name,
      decision: 'suspend',
      warnedFor: 'member-report',
      rule: 'respect',
      fact: 'insults-or-threats',
      detail: 'Insults in a conversation.',
      until: new Date('2026-12-10T12:00:00Z'),
      profileTexts: [],
      appealUntil: new Date('2027-06-03T12:00:00Z'),
      guidelinesUrl: 'https://mawadda.example/guidelines',
    }),
  'appeal answer': (name) =>
    appealAnswerMail({
      ...base,
      name,
      decision: 'suspend',
      outcome: 'upheld',
      answer: 'The messages were not yours.',
    }),
  verification: (name) => verificationMail({ ...base, name, decision: { approved: true } }),
  'members’ digest': (name) =>
    digestMail({
      ...base,
      name,
      news: { ...news, messages: 1, senders: ['Fatou Sow'] },
      appUrl: 'https://mawadda.example/fr/chat',
      unsubscribeUrl: 'https://mawadda.example/u',
    }),
  'guardian’s digest': (name) =>
    guardianDigestMail({
      ...base,
      guardianName: name,
      memberName: 'Aminata Diallo',
      weekly: true,
      news: [{ name: 'Youssef Ba', count: 2 }],
      pageUrl: 'https://mawadda.example/fr/guardian/t',
      unsubscribeUrl: 'https://mawadda.example/u',
    }),
  'guardian’s invitation': (name) =>
    guardianInvitationMail({
      ...base,
      guardianName: name,
      memberName: 'Aminata Diallo',
      relation: 'father',
      link: 'https://mawadda.example/fr/guardian/t',
    }),
};

describe('a name in a mail', () => {
  it('is printed title-cased, its first word alone where a mail names someone else', () => {
    expect(mailName('aminata  DIALLO')).toBe('Aminata Diallo');
    expect(mailFirstName('aminata diallo')).toBe('Aminata');
  });

  it('is not printed when it, or the word printed, reads as a link or a phone number', () => {
    for (const name of [LINK, PHONE, 'wa.me/2250708091011', 'Fatou sow.shop']) {
      expect(mailName(name), name).toBeUndefined();
      expect(mailFirstName(name), name).toBeUndefined();
    }
    // The word printed is read on its own too: "F" after the digits may read as francs.
    expect(mailFirstName('0708091011 F')).toBeUndefined();
    // What the scam shield reads otherwise (money, another app) is a name still.
    expect(mailName('Mariam Western Union')).toBe('Mariam Western Union');
  });

  for (const [kind, mail] of Object.entries(MAILS)) {
    it(`${kind}: greets the reader by name, or with a neutral greeting when it reads as a contact`, () => {
      expect(mail('aïcha diallo').text).toMatch(/^Assalamu alaykum Aïcha Diallo,\n/);
      for (const name of [LINK, PHONE]) {
        const sent = mail(name);
        expectNoContact(sent);
        expect(sent.text).toMatch(/^Bonjour,\n[\s\S]*\n---\n\nHello,\n/);
        expect(sent.html).toMatch(/^<p>Bonjour,<\/p>[\s\S]*<hr><p>Hello,<\/p>/);
      }
    });
  }

  it('the guardian’s invitation says "a member" for a member’s name that reads as a contact', () => {
    const mail = guardianInvitationMail({
      ...base,
      guardianName: 'Mamadou Diallo',
      memberName: LINK,
      relation: 'father',
      link: 'https://mawadda.example/fr/guardian/t',
    });
    expectNoContact(mail);
    expect(mail.subject).toBe('Un membre vous invite à suivre ses conversations sur Mawadda');
    expect(mail.text).toContain('Un membre vous a désigné comme père sur Mawadda');
    expect(mail.text).toContain('les conversations que ce membre choisit de partager');
    expect(mail.text).toContain('A member named you as their father on Mawadda');
    expect(mail.text).toContain('This member sees when you open it');
  });

  it('the guardian’s digest leaves out the member’s and the others’ names that read as a contact', () => {
    const mail = guardianDigestMail({
      ...base,
      language: 'en',
      guardianName: 'Mamadou Diallo',
      memberName: PHONE,
      weekly: false,
      news: [
        { name: LINK, count: 2 },
        { name: 'Youssef Ba', count: 1 },
      ],
      pageUrl: 'https://mawadda.example/en/guardian/t',
      unsubscribeUrl: 'https://mawadda.example/u',
    });
    expectNoContact(mail);
    expect(mail.subject).toBe('New messages in the conversations you follow on Mawadda');
    expect(mail.text).toContain('in the conversations shared with you:\n\nA member: 2 messages');
    expect(mail.text).toContain('Youssef: 1 message');
    expect(mail.text).toContain(
      'les conversations partagées avec vous :\n\nUn membre : 2 messages',
    );
  });

  it('the members’ digest counts a name that reads as a contact among the others', () => {
    const mail = digestMail({
      ...base,
      language: 'en',
      name: 'Aminata Diallo',
      news: {
        messages: 3,
        senders: ['Fatou Sow', LINK],
        requests: 0,
        matches: 1,
        matchNames: [PHONE],
        likerNames: [LINK, PHONE],
      },
      appUrl: 'https://mawadda.example/en/chat',
      unsubscribeUrl: 'https://mawadda.example/u',
    });
    expectNoContact(mail);
    expect(mail.text).toContain('Fatou and 1 other sent you 3 messages.');
    expect(mail.text).toContain('You have a new match: a member.');
    expect(mail.text).toContain('2 members liked your profile.');
    expect(mail.text).toContain('Fatou et 1 autre personne vous ont envoyé 3 messages.');
    expect(mail.text).toContain('Vous avez un nouveau match : un membre.');
    expect(mail.text).toContain('2 membres ont aimé votre profil.');
  });
});
