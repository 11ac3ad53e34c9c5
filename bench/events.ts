import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type IntakeResult, runEventIntake } from './events-intake';
import { type OpenPagesResult, runOpenPages } from './events-pages';
import { type PaymentsBesideEventsResult, runPaymentsBesideEvents } from './events-payments';
import { type Server, scratchDir, startConsoleServer } from './lib';
import type { Part, Parts } from './parts';
import type { BenchPlan } from './plan';

export interface EventParts {
  pages: Part<OpenPagesResult>;
  payments: Part<PaymentsBesideEventsResult>;
  intake: Part<IntakeResult>;
}

/**
 * The service's events, their budgets (issue 55), on a console server of their own as `npm start` ships it (its
 * sandbox sending events to it over HTTP, as a service would): the open page shows a change; a member's payments with
 * subscriptions on beside off; events received and applied at a thousand a second. Three parts, one server; the
 * heaviest (the intake, which leaves a tenant of that many transfers) last.
 */
export async function runEventParts(parts: Parts, plan: BenchPlan): Promise<EventParts> {
  const dir = scratchDir('bench-events-');
  const consoleDb = join(dir, 'console.db');
  // The bench signs the intake's events itself: the server accepts this secret for every organization's events.
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const starting: Promise<Server> = startConsoleServer({
    CONSOLE_DB: consoleDb,
    SANDBOX_DB: join(dir, 'sandbox.db'),
    PAYOUT_EVENTS_SECRET: secret,
  });
  // A start that failed is each part's failure, said in its place.
  starting.catch(() => {});
  const { events } = plan;
  try {
    const pages = await parts.run('events: the open page shows a change', async () =>
      runOpenPages((await starting).url, events.runs, events.tabs, events.streams),
    );
    const payments = await parts.run("events: a member's payments, subscriptions on and off", async () => {
      const server = await starting;
      return runPaymentsBesideEvents(
        server.url,
        consoleDb,
        plan.rounds,
        plan.seconds,
        16,
        server.child.pid,
        plan.smoke ? 2_000 : 30_000,
      );
    });
    const intake = await parts.run('events: received and applied by one server', async () =>
      runEventIntake((await starting).url, secret, events.perSecond, events.seconds),
    );
    return { pages, payments, intake };
  } finally {
    (await starting.catch(() => null))?.child.kill('SIGTERM');
  }
}
