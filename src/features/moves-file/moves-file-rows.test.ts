import { describe, expect, it } from 'vitest';
import { summarizeMoves } from './moves-file-plan';
import { checkMoveRows, directionOf, MOVES_TEMPLATE_CSV, readMovesFile } from './moves-file-rows';

const read = (text: string) => {
  const file = readMovesFile(text);
  if (!file.ok) throw new Error(file.problem);
  return checkMoveRows(file.file);
};

describe('a wallet moves file’s rows', () => {
  it('reads the template: a user by name, email or id, each direction, metadata', () => {
    const { moves, errors } = read(MOVES_TEMPLATE_CSV);
    expect(errors).toEqual([]);
    expect(moves.map((m) => [m.user, m.cents, m.direction])).toEqual([
      [{ name: 'Amara Okafor' }, 2500, 'to_user'],
      [{ email: 'li.wei@example.com' }, 125005, 'to_user'],
      [{ id: 'a169451c-8525-4352-b8ca-070dd449a1a5' }, 1000, 'from_user'],
    ]);
    expect(moves[0]?.metadata).toEqual({ reason: 'Referral bonus' });
  });

  it('names each problem at its row and column', () => {
    const { moves, errors } = read(
      [
        'user_name,user_id,amount,direction',
        'Sam Lee,a169451c-8525-4352-b8ca-070dd449a1a5,1.00,to_user',
        ',not-an-id,1.00,to_user',
        'Sam Lee,,12.345,to_user',
        'Sam Lee,,1.00,sideways',
        'Sam Lee,,1.00,',
      ].join('\n'),
    );
    expect(moves).toEqual([]);
    expect(errors.map((e) => `${e.row} ${e.column}`)).toEqual([
      '2 user_name',
      '3 user_id',
      '4 amount',
      '5 direction',
      '6 direction',
    ]);
    expect(errors[0]?.message).toBe('give exactly one user: user_id, user_email or user_name');
  });

  it('reads a direction in any case, with a dash or a space', () => {
    expect(['To User', 'from-user', 'TO_USER'].map(directionOf)).toEqual(['to_user', 'from_user', 'to_user']);
    expect(directionOf('in')).toBeNull();
  });
});

describe('the review’s sums', () => {
  it('totals every row’s size for the limit, each way apart, and leaves rows moved before out', () => {
    const row = (cents: number, direction: 'to_user' | 'from_user', paidBefore?: string) => ({
      move: { row: 2, userId: 'u', userName: 'U', userEmail: null, cents, direction, metadata: {} },
      key: 'k',
      body: { amount: 0, user_id: 'u', idempotency_key: 'k', metadata: {} },
      paidBefore,
    });
    expect(
      summarizeMoves([row(500, 'to_user'), row(200, 'from_user'), row(900, 'to_user', 't-1')]),
    ).toMatchObject({
      cents: 700,
      toUsers: 500,
      fromUsers: 200,
      paidBefore: 1,
    });
  });
});
