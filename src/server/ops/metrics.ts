import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { countWaiting } from '../db/repositories/team/approval-requests';
import type { Team } from '../team';
import { opsEvents } from './events';

/**
 * The kinds of money the console moves, by the audit action that records each send: a line with an amount under one
 * of these is money sent (its outcome: ok, refused or failed).
 */
const MONEY_KINDS: Record<string, string> = {
  'payment.create': 'payment',
  'payout.create': 'payout',
  'payout.send': 'payout',
  'payout-link.create': 'payout-link',
  'payout-batch.create': 'payout-batch',
  'payout-request.create': 'payout-request',
  'approval.row': 'approved-row',
  'deposit.create': 'deposit',
  'withdrawal.create': 'withdrawal',
  'transfer.create': 'wallet-transfer',
  'transfer-batch.create': 'wallet-transfer-batch',
  'organization-transfer.create': 'organization-transfer',
  'bill.pay': 'bill-pay',
  'flow.payout': 'payout-link-claim',
};

/** Whether an audit action records money sent (a payment, a payout, a wallet move, a bill's pay, ...). */
export function isMoneyAction(action: string): boolean {
  return Object.hasOwn(MONEY_KINDS, action);
}

const DECISIONS: Record<string, string> = {
  'approval.approve': 'approved',
  'approval.reject': 'rejected',
  'bill.approve': 'approved',
  'bill.reject': 'rejected',
  'team-request.confirm': 'approved',
  'team-request.reject': 'rejected',
  'payee-request.confirm': 'approved',
  'payee-request.reject': 'rejected',
  'vendor-method.confirm': 'approved',
  'vendor-method.reject': 'rejected',
};

export interface ConsoleMetrics {
  registry: Registry;
  observeRequest(route: string, status: number, seconds: number): void;
  /** Counts the approval requests waiting in this team's database at each scrape. */
  watchTeam(team: Team): void;
}

let shared: ConsoleMetrics | null = null;

/** The process's metrics, made on first use: every console app of the process reports to one registry. */
export function consoleMetrics(): ConsoleMetrics {
  shared ??= makeMetrics();
  return shared;
}

function makeMetrics(): ConsoleMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'console_http_requests_total',
    help: 'Requests answered, by route (ids replaced) and status',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'console_http_request_duration_seconds',
    help: 'Time to answer a request, by route',
    labelNames: ['route'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const moneyCount = new Counter({
    name: 'console_money_sends_total',
    help: 'Money the console sent to the payout service, by kind and outcome (ok, refused, failed)',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const moneyCents = new Counter({
    name: 'console_money_cents_total',
    help: 'Cents the console sent to the payout service, by kind and outcome',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const decided = new Counter({
    name: 'console_approvals_decided_total',
    help: 'Decisions of a second member (approval requests, bills, team, payee and vendor changes)',
    labelNames: ['decision'],
    registers: [registry],
  });
  const auditLines = new Counter({
    name: 'console_audit_lines_total',
    help: 'Lines appended to the audit trail, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const renewals = new Counter({
    name: 'console_executor_lease_renewals_total',
    help: 'Renewals of an executor’s claim on an approved request it is paying',
    registers: [registry],
  });
  const takeovers = new Counter({
    name: 'console_executor_takeovers_total',
    help: 'Approved requests taken over from an executor that stopped',
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'console_upstream_errors_total',
    help: 'Requests the payout service did not answer (unreachable, timeout, answer too large)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const teams = new Set<Team>();
  new Gauge({
    name: 'console_approvals_waiting',
    help: 'Approval requests waiting for a second member',
    registers: [registry],
    async collect() {
      let waiting = 0;
      for (const team of teams) {
        // One past its deadline is expired already to its readers, whether or not the sweep wrote it down yet.
        waiting += await countWaiting(team.database.db, new Date().toISOString());
      }
      this.set(waiting);
    },
  });

  opsEvents.on('audit-line', ({ action, outcome, amountCents }) => {
    auditLines.inc({ outcome });
    const kind = MONEY_KINDS[action];
    if (kind && amountCents !== null) {
      moneyCount.inc({ kind, outcome });
      moneyCents.inc({ kind, outcome }, amountCents);
    }
    const decision = DECISIONS[action];
    if (decision && outcome === 'ok') decided.inc({ decision });
  });
  opsEvents.on('lease-renewal', () => renewals.inc());
  opsEvents.on('takeover', ({ requests: n }) => takeovers.inc(n));
  opsEvents.on('upstream-error', ({ kind }) => upstreamErrors.inc({ kind }));

  return {
    registry,
    observeRequest(route, status, seconds) {
      requests.inc({ route, status: String(status) });
      latency.observe({ route }, seconds);
    },
    watchTeam(team) {
      teams.add(team);
    },
  };
}
