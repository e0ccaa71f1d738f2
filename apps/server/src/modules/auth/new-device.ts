import { findMailRecipient } from '../../core/members.repository.ts';
import { createMailCap, type MailShare } from '../../lib/mail-cap.ts';
import type { SessionDeps, SignInDevice } from './auth-sessions.ts';
import { deviceLabel } from './device-label.ts';
import { newDeviceMail } from './new-device.mail.ts';

/**
 * New-device mails' share of what one address may receive: enough for a member who signs in on
 * a few new browsers in a day, never so many that a stranger holding the password could fill
 * the inbox, or use up the share a reset mail needs.
 */
export const NEW_DEVICE_MAILS: MailShare = { name: 'new-device', perHour: 3, perDay: 6 };

/** Where the mail's link leads: the member's signed-in devices, in the mail's language. */
export const sessionsScreenUrl = (publicUrl: string, language: string) =>
  `${publicUrl}/${language}/sessions`;

/**
 * Tells a member, in their language, that a browser that never signed in to their account did:
 * one without a device cookie for it (ADR 027), which every sign-in, password or not, leaves.
 * Capped like the other mails (`mail-cap.ts`); a known browser or an address past its share
 * gets nothing.
 */
export async function mailNewDevice(
  deps: SessionDeps,
  memberId: string,
  device: SignInDevice,
): Promise<void> {
  const member = await findMailRecipient(deps.db, memberId);
  if (!member) return;
  if (deps.deviceCookies.recognise(device.cookie, member.email.toLowerCase())) return;
  if (!(await createMailCap(deps.limiter).take(member.email, NEW_DEVICE_MAILS))) {
    device.log.info({ memberId }, 'New-device mail not sent: the address had its share');
    return;
  }
  await deps.mailer.send(
    newDeviceMail({
      to: member.email,
      name: member.name,
      language: member.language,
      device: { ...deviceLabel(device.userAgent), country: device.country ?? null },
      link: sessionsScreenUrl(deps.publicUrl, member.language),
    }),
  );
}
