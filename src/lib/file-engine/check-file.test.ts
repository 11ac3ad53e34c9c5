import { describe, expect, it } from 'vitest';
import { checkFileRows } from './check-file';
import { fileReader } from './read-file';
import type { RowError } from './row-checks';

const read = fileReader({ columns: ['name'], rowsAre: 'names', maxRows: 10 });
const error = (row: number, message: string): RowError => ({ row, column: 'name', message });

/** A kind of file whose rows are names: "bad" breaks a rule, "gone" is not found by the look-up. */
describe('a file checked before its review', () => {
  const check = (text: string, steps: string[] = []) =>
    checkFileRows(new File([text], 'names.csv'), {
      rowsAre: 'names',
      read,
      checkRows: (file) => ({
        names: file.rows.filter((row) => row.cells.name !== 'bad'),
        errors: file.rows
          .filter((row) => row.cells.name === 'bad')
          .map((row) => error(row.row, 'a bad name')),
      }),
      resolving: 'people',
      resolve: async (rows) => ({
        people: rows.names.filter((row) => row.cells.name !== 'gone'),
        errors: rows.names.filter((row) => row.cells.name === 'gone').map((row) => error(row.row, 'no one')),
      }),
      keysOf: async (resolved) => resolved.people.map((row) => `k-${row.row}`),
      lastDay: async () => ({ complete: false, names: ['Amara'] }),
      plan: (resolved, keys, lastDay) =>
        resolved.people.map((row, index) => ({
          name: row.cells.name,
          key: keys[index],
          before: lastDay.names.includes(row.cells.name ?? ''),
        })),
      onStep: (step) => steps.push(step),
    });

  it('goes through its steps in order, and gives every row error in row order and the valid rows planned', async () => {
    const steps: string[] = [];
    const found = await check('name\ngone\nbad\nAmara\n', steps);
    expect(steps).toEqual(['reading', 'people', 'paid']);
    if (!found.ok) throw new Error(found.problem);
    expect(found.checked.errors.map((e) => [e.row, e.message])).toEqual([
      [2, 'no one'],
      [3, 'a bad name'],
    ]);
    expect(found.checked.planned).toEqual([{ name: 'Amara', key: 'k-4', before: true }]);
    expect(found.checked).toMatchObject({ fileName: 'names.csv', lastDayComplete: false });
    expect(found.checked.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(found.keys).toEqual(['k-4']);
  });

  it('stops at a file that cannot be read, by its size or its header, before any look-up', async () => {
    const steps: string[] = [];
    expect(await check('', steps)).toEqual({ ok: false, problem: 'The file is empty' });
    expect(await check('age\n3\n', steps)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('"age"'),
    });
    expect(steps).toEqual(['reading']);
  });
});
