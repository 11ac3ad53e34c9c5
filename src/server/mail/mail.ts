import nodemailer from 'nodemailer';

/** One message to one member. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail through the organization's SMTP server; a failure rejects. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`) with MAIL_FROM as the sender: one-time links and approval
 * notices then go to the member they are for. Null without SMTP_URL (the sandbox, a local trial).
 */
export function mailerFrom(env: NodeJS.ProcessEnv): Mailer | null {
  const url = env.SMTP_URL?.trim();
  if (!url) return null;
  const from = env.MAIL_FROM?.trim() || 'Payout Console <no-reply@payout-console.invalid>';
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Sends without waiting or failing the request that caused it: a notice that cannot go is logged, not fatal. */
export function sendInBackground(mailer: Mailer | null, messages: readonly MailMessage[]): void {
  if (!mailer) return;
  for (const message of messages) {
    mailer.send(message).catch((error: Error) => {
      console.error(`[mail] a notice to a member could not be sent: ${error.message}`);
    });
  }
}
