import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SentMail {
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: SentMail[];
  /** Waits for the next mail to `to` and returns the 6-digit code in it. */
  nextCode(to: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message, so tests read codes as a user would.
 * `port` brings a sink back where an earlier one was, to model a mail server coming back.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: SentMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.server.address() as AddressInfo;
  let seen = 0;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    async nextCode(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const index = mails.findIndex((mail, i) => i >= seen && mail.to.includes(to));
        if (index >= 0) {
          seen = index + 1;
          const code = /\b(\d{6})\b/.exec((mails[index] as SentMail).raw.replace(/=\r?\n/g, ''))?.[1];
          if (code) return code;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no mail with a code reached ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
