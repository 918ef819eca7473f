import { type AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header as sent, by lower-case name (unfolded; the last one wins). */
  headers: Record<string, string>;
}

/** A real SMTP server on a local port (a random one by default) that keeps every message it receives. */
export async function startMailCatcher(port = 0) {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          messages.push({
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n/g, '')
                  .trim(),
              ]),
            ),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    /** The first message (old or new) matching `match`, waiting up to `timeoutMs` for it. */
    async waitFor(match: (mail: CaughtMail) => boolean, timeoutMs = 10_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `No matching mail within ${timeoutMs} ms (have: ${messages.map((m) => m.subject).join(', ')})`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, Math.min(left, 250));
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return link;
}

export function codeIn(mail: CaughtMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in: ${mail.text}`);
  return code;
}
