import { describe, expect, it } from 'vitest';
import { outcomeWords, progressLine, type RunStatus, summaryLine } from './batch-words';

const MOVE = { base: 'move', past: 'moved', doing: 'moving' };
const counts = () => ({ paid: 1200, paidBefore: 2, refused: 1, unknown: 0 });
const run = (state: RunStatus['state'], status = ''): RunStatus => ({
  state,
  progress: { done: 1500, total: 5000, status },
  counts,
});

describe("a run of batches in the operator's words", () => {
  it("names each row's outcome by what the file does", () => {
    expect(outcomeWords(MOVE)).toEqual({
      waiting: 'To move',
      paid: 'Moved',
      paidBefore: 'Moved before',
      refused: 'Refused',
      unknown: 'Unknown',
    });
  });

  it('sums up a run in one line', () => {
    expect(summaryLine(MOVE, counts())).toBe('1,200 moved · 2 moved before · 1 refused · 0 unknown');
  });

  it('says what the run does now and how far the service has answered, then its summary', () => {
    expect(progressLine(MOVE, run('sending'))).toBe('Sending the batch · 1,500 of 5,000 answered');
    expect(progressLine(MOVE, run('paying', 'pending'))).toBe(
      'The service is moving · 1,500 of 5,000 answered · batch pending',
    );
    expect(progressLine(MOVE, run('done', 'completed'))).toBe(
      '1,200 moved · 2 moved before · 1 refused · 0 unknown',
    );
  });
});
