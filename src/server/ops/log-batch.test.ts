import { afterEach, describe, expect, it, vi } from 'vitest';
import { LineBatch } from './log-batch';

function sink() {
  const writes: string[] = [];
  return { writes, write: (chunk: string) => writes.push(chunk) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('log lines gathered before they are written', () => {
  it('hands them over in one write once they reach the size, in the order logged', () => {
    const to = sink();
    const batch = new LineBatch(to, { bytes: 30, waitMs: 1_000 });
    for (let n = 0; n < 7; n++) batch.write(`line ${n}\n`);
    // Seven characters a line: the fifth reaches 30, the last two wait.
    expect(to.writes).toEqual(['line 0\nline 1\nline 2\nline 3\nline 4\n']);
    batch.flush();
    expect(to.writes).toEqual(['line 0\nline 1\nline 2\nline 3\nline 4\n', 'line 5\nline 6\n']);
    batch.flush();
    expect(to.writes, 'nothing held, nothing written').toHaveLength(2);
  });

  it('writes a few lines that never reach the size a moment after the first, once', () => {
    vi.useFakeTimers();
    const to = sink();
    const batch = new LineBatch(to, { bytes: 4096, waitMs: 250 });
    batch.write('a\n');
    vi.advanceTimersByTime(200);
    batch.write('b\n');
    expect(to.writes).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(to.writes).toEqual(['a\nb\n']);
    vi.advanceTimersByTime(1_000);
    expect(to.writes).toHaveLength(1);
    batch.write('c\n');
    vi.advanceTimersByTime(250);
    expect(to.writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('at exit has the destination write what it holds, then writes what it gathered, both in step', () => {
    const order: string[] = [];
    const to = {
      write: (chunk: string) => order.push(`handed over: ${chunk}`),
      flushSync: () => order.push('destination written'),
    };
    const batch = new LineBatch(to, { bytes: 4096, waitMs: 250 }, (chunk) => order.push(`in step: ${chunk}`));
    batch.write('last words\n');
    batch.flushSync();
    expect(order).toEqual(['destination written', 'in step: last words\n']);
    batch.flushSync();
    expect(order, 'nothing gathered, nothing more written').toHaveLength(3);
  });

  it("at exit writes what it gathered even when pino's destination cannot write, then says why", () => {
    const inStep: string[] = [];
    const to = {
      write: () => true,
      flushSync: () => {
        throw new Error('SonicBoom destroyed');
      },
    };
    const batch = new LineBatch(to, { bytes: 4096, waitMs: 250 }, (chunk) => inStep.push(chunk));
    batch.write('last words\n');
    expect(() => batch.flushSync()).toThrow('SonicBoom destroyed');
    expect(inStep).toEqual(['last words\n']);
  });
});
