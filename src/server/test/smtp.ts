import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as it arrived at the test's SMTP server: its recipients and its text (quoted-printable undone). */
export interface ReceivedMail {
  to: string[];
  text: string;
}

/** A real SMTP server, started here: what the console sends is what arrives, through the wire. */
export async function smtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: text.replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first message that `find` picks, once it has arrived. */
export async function mailFor<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 250; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no such mail arrived');
}

/** The one-time link a message carries, as the console server's API path that uses it. */
export function linkIn(text: string): string {
  const url = /(http:\/\/[^\s]+\/invitation\/[\w-]+)/.exec(text)?.[1];
  if (!url) throw new Error(`no link in: ${text.slice(0, 200)}`);
  return new URL(url).pathname.replace('/invitation/', '/api/team/invitations/');
}
