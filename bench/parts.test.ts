import { describe, expect, it } from 'vitest';
import { budgetLines, type Measured } from './budgets';
import { NotMeasured, need, Parts, smokeProblem } from './parts';
import { smokePlan } from './plan';

describe('the bench as parts', () => {
  it('records a part that throws as failed, with its message, and runs the next one', async () => {
    const parts = new Parts();
    const broken = await parts.run('the console in Chromium', async () => {
      throw new Error('waited 30 s for a row of the table "Transactions"; it did not come');
    });
    const next = await parts.run('growth', async () => ({ p99: 14 }));

    expect(broken).toMatchObject({
      state: 'failed',
      error: 'waited 30 s for a row of the table "Transactions"; it did not come',
    });
    expect(next).toMatchObject({ state: 'measured', value: { p99: 14 } });
    expect(parts.failed().map((p) => p.name)).toEqual(['the console in Chromium']);
    expect(() => need(broken)).toThrow(NotMeasured);
    expect(() => need(broken)).toThrow('not measured: the console in Chromium failed (waited 30 s');
  });

  it('writes a budget line whose part failed as not measured, saying why, and judges the others', async () => {
    const parts = new Parts();
    const failed = await parts.run('load', async () => {
      throw new Error('the server did not start');
    });
    const lines = budgetLines(smokePlan(), { load: failed } as unknown as Measured);
    const load = lines.find((l) => l.what.includes('connections of mixed load'));

    expect(load).toMatchObject({
      verdict: 'not measured',
      figure: 'not measured: load failed (the server did not start)',
    });
    expect(lines.every((l) => l.verdict === 'not measured')).toBe(true);
  });

  it('in smoke mode, passes a part that produced numbers and fails one that did not, never on a time', async () => {
    const parts = new Parts();
    const slow = await parts.run('ledger', async () => [{ lines: 1000, firstPage: { p99: 90_000 } }]);
    const empty = await parts.run('bills', async () => ({ status: 'executed' }));
    const nan = await parts.run('payouts', async () => ({ rules: { median: Number.NaN } }));
    const failed = await parts.run('growth', async () => {
      throw new Error('boom');
    });

    expect(smokeProblem(slow)).toBeUndefined();
    expect(smokeProblem(empty)).toBe('bills produced no number');
    expect(smokeProblem(nan)).toBe('payouts produced rules.median = NaN');
    expect(smokeProblem(failed)).toBe('growth failed: boom');
  });
});
