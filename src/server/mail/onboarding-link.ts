import type { MailMessage } from './mail';

/** An onboarding link, mailed to its payee: the only place it goes when it can change where their money goes. */
export function onboardingLinkMessage(input: {
  to: string;
  organization: string;
  url: string;
  expiresAt: string | null;
}): MailMessage {
  const until = input.expiresAt ? ` (it works until ${new Date(input.expiresAt).toUTCString()})` : '';
  return {
    to: input.to,
    subject: `${input.organization} asks you to finish setting up your payouts`,
    text: `Hello,\n\n${input.organization} asks you to finish setting up how you are paid. Open this link${until}:\n\n${input.url}\n\nThe link is for you alone: do not forward it. If you did not expect this, ignore this message.\n`,
  };
}
