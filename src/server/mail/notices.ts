import { formatCents } from '../../lib/money';
import { ROLE_LABELS, type Role } from '../../lib/roles';
import type { Mailer, MailMessage } from './mail';

/** The mail the console sends, in words: one-time links, and the approval requests' news. */

export interface OneTimeLink {
  url: string;
  expiresAt: string;
}

/** Where a one-time link went: by mail to its member, shown to the admin (no SMTP), or nowhere (mail failed). */
export type LinkDelivery =
  | { delivery: 'email'; to: string; expires_at: string }
  | { delivery: 'shown'; url: string; expires_at: string }
  | { delivery: 'failed'; to: string; message: string };

export function linkMessage(
  purpose: 'invite' | 'reset',
  to: { email: string; name: string; role: Role },
  organization: string,
  link: OneTimeLink,
): MailMessage {
  const until = new Date(link.expiresAt).toUTCString();
  return purpose === 'invite'
    ? {
        to: to.email,
        subject: `You are invited to ${organization} on Payout Console`,
        text: `Hello ${to.name},\n\nYou are invited to ${organization} on Payout Console as ${ROLE_LABELS[to.role]}. Set your password here (the link works once, until ${until}):\n\n${link.url}\n\nIf you did not expect this, ignore this message.\n`,
      }
    : {
        to: to.email,
        subject: `Set a new password for ${organization} on Payout Console`,
        text: `Hello ${to.name},\n\nAn admin of ${organization} reset your Payout Console password: your old one no longer works. Set a new one here (the link works once, until ${until}):\n\n${link.url}\n\nIf you did not expect this, tell your admins.\n`,
      };
}

/** Sends the link to its member (SMTP), or says it is for the admin to hand over (no SMTP). */
export async function deliverLink(
  mailer: Mailer | null,
  message: MailMessage,
  link: OneTimeLink,
): Promise<LinkDelivery> {
  if (!mailer) return { delivery: 'shown', url: link.url, expires_at: link.expiresAt };
  try {
    await mailer.send(message);
    return { delivery: 'email', to: message.to, expires_at: link.expiresAt };
  } catch (error) {
    console.error(`[mail] a one-time link could not be sent: ${(error as Error).message}`);
    return {
      delivery: 'failed',
      to: message.to,
      message: 'The mail server refused the message: reset the password to send a new link',
    };
  }
}

interface RequestNews {
  id: string;
  amountCents: number;
  count: number;
  maker: { name: string; email: string };
  origin: string;
}

const what = (news: RequestNews) =>
  news.count > 1
    ? `${news.count} payments from a file, ${formatCents(news.amountCents)} in all`
    : `a payment of ${formatCents(news.amountCents)}`;

export function waitingMessages(approvers: readonly { email: string; name: string }[], news: RequestNews) {
  return approvers.map((approver) => ({
    to: approver.email,
    subject: `${news.maker.name} asks you to approve ${formatCents(news.amountCents)}`,
    text: `Hello ${approver.name},\n\n${news.maker.name} (${news.maker.email}) submitted ${what(news)} for approval. Nothing moves until another member approves it:\n\n${news.origin}/approvals/${news.id}\n`,
  }));
}

export function decidedMessage(
  news: RequestNews,
  outcome: { status: string; reason?: string | undefined },
): MailMessage {
  const said: Record<string, string> = {
    executed: 'was approved and paid',
    'partly-executed': 'was approved and partly paid: some rows were not',
    failed: 'was approved, but the payment service refused it',
    rejected: 'was rejected',
    expired: 'expired: nobody decided it in 7 days',
    cancelled: 'was canceled',
  };
  const ending = said[outcome.status] ?? `is ${outcome.status}`;
  return {
    to: news.maker.email,
    subject: `Your request for ${formatCents(news.amountCents)} ${ending.split(':')[0]}`,
    text: `Hello ${news.maker.name},\n\nYour request for ${what(news)} ${ending}.${outcome.reason ? `\n\nThe reason given: ${outcome.reason}` : ''}\n\n${news.origin}/approvals/${news.id}\n`,
  };
}

/**
 * A member's own payment that failed or came back, for those who asked for their notices by mail: what happened and
 * where to see it in the console; never an account number, and no link that opens anything without a session.
 */
export function troubleMessage(
  to: { email: string; name: string },
  news: { words: string; amountCents: number | null; link: string; origin: string },
): MailMessage {
  const amount = news.amountCents === null ? '' : ` (${formatCents(news.amountCents)})`;
  return {
    to: to.email,
    subject: `${news.words}${amount}`,
    text: `Hello ${to.name},\n\n${news.words}${amount}. See it in the console, signed in:\n\n${news.origin}${news.link}\n\nYou get this mail because you asked for it in Settings.\n`,
  };
}
