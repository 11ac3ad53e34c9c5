import { escapeHtml } from '../../lib/escape-html';
import type { Mailer, MailMessage } from './mail';

/** Where the sandbox's mailbox is read (a sandbox extension). */
export const MAILBOX_PATH = '/sandbox/mailbox';

/** A message the sandbox's outbox kept, with when it was sent. */
export interface KeptMail extends MailMessage {
  id: number;
  sentAt: string;
}

/** The outbox keeps the newest messages only: a demo that runs for days does not grow without end. */
export const OUTBOX_LIMIT = 200;

/**
 * The sandbox's own mailbox (sandbox mode without SMTP_URL): onboarding links for the demo's payees are kept here, in
 * memory, and read at /sandbox/mailbox (an extension, absent upstream), so that the demo makes links with no mail
 * account anywhere. Whoever can reach the sandbox's helpers reads it: a link kept here is one its maker could see.
 */
export class LocalOutbox implements Mailer {
  private kept: KeptMail[] = [];
  private next = 1;

  constructor(private readonly now: () => Date = () => new Date()) {}

  async send(message: MailMessage): Promise<void> {
    this.kept.push({ ...message, id: this.next++, sentAt: this.now().toISOString() });
    if (this.kept.length > OUTBOX_LIMIT) this.kept.splice(0, this.kept.length - OUTBOX_LIMIT);
  }

  /** Newest first. */
  messages(): readonly KeptMail[] {
    return [...this.kept].reverse();
  }
}

/** A link in a message's text, made clickable (only http and https; everything else stays text). */
const withLinks = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The sandbox's mailbox as a page: the demo's payees' mail, newest first, marked as the sandbox's. */
export function mailboxPage(messages: readonly KeptMail[]): string {
  const items = messages
    .map(
      (m) => `<article aria-labelledby="m${m.id}">
<h2 id="m${m.id}">${escapeHtml(m.subject)}</h2>
<p>To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt.slice(0, 19).replace('T', ' '))} UTC</p>
<pre>${withLinks(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Sandbox mailbox</title>
</head>
<body><main>
<h1>Sandbox mailbox</h1>
<p>The sandbox's own mailbox: mail this console sends its demo's payees, kept here because no mail server is set
(SMTP_URL). It exists only in the sandbox; with a mail server, or upstream, mail goes to its person.</p>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
}
