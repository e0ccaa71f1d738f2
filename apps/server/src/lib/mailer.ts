import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { loggedUrl } from './logger.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Headers of the message's own (`List-Unsubscribe`): both mailers write them as given. */
  headers?: Record<string, string>;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};

/** SMTP, for production (`SMTP_URL`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP, each mail becomes an `.eml` file in the outbox (any mail client opens it) and a
 * log line, so a newcomer can follow a password reset with no mail server at all. The line names
 * the mail's links as the log writes any URL (`loggedUrl`): a reset or guardian link, an
 * unsubscribe link, is a key, kept in the file only.
 */
export function createOutboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await builder.sendMail({ from, ...message });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      const links = (message.text.match(/https?:\/\/\S+/g) ?? []).map(loggedUrl);
      log.info(
        { to: message.to, subject: message.subject, file, links },
        `Mail written to ${file}`,
      );
    },
    async close() {},
  };
}
