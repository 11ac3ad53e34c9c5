import type { BatchRowOutcome, RunVerb } from './run-batches';

/** A run of batches as its status line reads it. */
export interface RunStatus {
  state: 'sending' | 'paying' | 'done';
  progress: { done: number; total: number; status: string };
  counts: () => { paid: number; paidBefore: number; refused: number; unknown: number };
}

const n = (count: number) => count.toLocaleString('en-US');
const capital = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** Each row's outcome as the rows table and the results file name it: "To pay", "Paid", "Paid before", ... */
export function outcomeWords(verb: RunVerb): Record<BatchRowOutcome['kind'], string> {
  return {
    waiting: `To ${verb.base}`,
    paid: capital(verb.past),
    paidBefore: `${capital(verb.past)} before`,
    refused: 'Refused',
    unknown: 'Unknown',
  };
}

/** "48 paid · 2 paid before · 0 refused · 0 unknown". */
export function summaryLine(verb: RunVerb, counts: ReturnType<RunStatus['counts']>): string {
  return `${n(counts.paid)} ${verb.past} · ${n(counts.paidBefore)} ${verb.past} before · ${n(counts.refused)} refused · ${n(counts.unknown)} unknown`;
}

/**
 * How far a run is, as its status line says it: what it does now, the rows the service has answered of all, and the
 * batch's status as the service says it; once done, its summary.
 */
export function progressLine(verb: RunVerb, run: RunStatus): string {
  if (run.state === 'done') return summaryLine(verb, run.counts());
  const { done, total, status } = run.progress;
  const doing = run.state === 'sending' ? 'Sending the batch' : `The service is ${verb.doing}`;
  return `${doing} · ${n(done)} of ${n(total)} answered${status ? ` · batch ${status}` : ''}`;
}
