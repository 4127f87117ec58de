import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface Mailer {
  sendCode(
    to: string,
    purpose: 'verify_email' | 'reset_password',
    code: string,
    minutes: number,
  ): Promise<void>;
  /** A composed email with both parts and extra headers (List-Unsubscribe for reports). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

const subjects = {
  verify_email: 'Your ARLO verification code',
  reset_password: 'Your ARLO password reset code',
} as const;

/** Mail over SMTP_URL; without it (local demo), the code is written to the server log instead. */
export function createMailer(config: Pick<Config, 'mail'>, log: FastifyBaseLogger): Mailer {
  if (!config.mail.smtpUrl) {
    return {
      sendCode: async (to, purpose, code) => {
        log.info(
          { to, purpose },
          `SMTP_URL is not set; ${purpose === 'verify_email' ? 'verification' : 'reset'} code: ${code}`,
        );
      },
      send: async (message) => {
        log.info({ to: message.to, subject: message.subject }, 'SMTP_URL is not set; email not sent');
      },
      close: () => {},
    };
  }
  const { smtpUrl } = config.mail;
  // nodemailer is loaded by the first email, not with the app: most requests, and most processes
  // between two sign-ups, send none.
  let transport: Promise<Transporter> | undefined;
  const opened = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return transport;
  };
  return {
    sendCode: async (to, purpose, code, minutes) => {
      const action = purpose === 'verify_email' ? 'verify your email' : 'reset your password';
      await (await opened()).sendMail({
        from: config.mail.from,
        to,
        subject: subjects[purpose],
        text: `Your code to ${action} is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this email.`,
        html: `<p>Your code to ${action} is:</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p><p>It expires in ${minutes} minutes. If you did not ask for it, ignore this email.</p>`,
      });
    },
    send: async (message) => {
      await (await opened()).sendMail({ from: config.mail.from, ...message });
    },
    close: () => {
      void transport?.then(
        (open) => open.close(),
        () => {},
      );
    },
  };
}
