/**
 * The bench as parts: each measurement runs on its own, and one that fails (a wait that ran out, a server that would
 * not start, an answer it did not expect) is recorded as failed with its message, while the others still run and
 * the report is still written. The run then ends non-zero, naming each failed part.
 */

export type Part<T> =
  | { name: string; state: 'measured'; value: T; seconds: number }
  | { name: string; state: 'failed'; error: string; seconds: number };

/** A figure asked of a part that failed: the report says "not measured" and why, in its place. */
export class NotMeasured extends Error {
  override name = 'NotMeasured';
}

export class Parts {
  readonly all: Part<unknown>[] = [];

  /** Runs `measure` as the part `name`; a thrown error makes it a failed part, never the end of the run. */
  async run<T>(name: string, measure: () => Promise<T>): Promise<Part<T>> {
    const started = performance.now();
    const seconds = () => Math.round((performance.now() - started) / 100) / 10;
    let part: Part<T>;
    try {
      part = { name, state: 'measured', value: await measure(), seconds: 0 };
    } catch (error) {
      part = { name, state: 'failed', error: messageOf(error), seconds: 0 };
    }
    part.seconds = seconds();
    this.all.push(part);
    console.log(
      part.state === 'measured'
        ? `[bench] ${name}: measured in ${part.seconds} s: ${JSON.stringify(part.value, (key, value) => (key === 'child' ? undefined : value))}`
        : `[bench] ${name}: FAILED after ${part.seconds} s: ${part.error}`,
    );
    return part;
  }

  failed() {
    return this.all.filter((p) => p.state === 'failed');
  }
}

/** The value of a measured part; for a failed one, a NotMeasured naming the part and its error. */
export function need<T>(part: Part<T>): T {
  if (part.state === 'measured') return part.value;
  throw new NotMeasured(`not measured: ${part.name} failed (${part.error})`);
}

export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Playwright's messages carry a call log after the first lines: the first lines say what failed.
  return text.split('\n').slice(0, 3).join(' ').trim();
}

/** Every number in a result, with its path: what the smoke mode checks a part produced. */
export function numbersIn(value: unknown, path = ''): { path: string; value: number }[] {
  if (typeof value === 'number') return [{ path: path || '(the result)', value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => numbersIn(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => numbersIn(item, path ? `${path}.${key}` : key));
  }
  return [];
}

/**
 * What the smoke mode asserts of a part: it ran, and it produced at least one number and no number that is not one
 * (NaN, an infinity). Never a time budget: a smoke run on a busy machine is slow, not broken.
 */
export function smokeProblem(part: Part<unknown>): string | undefined {
  if (part.state === 'failed') return `${part.name} failed: ${part.error}`;
  const numbers = numbersIn(part.value);
  if (numbers.length === 0) return `${part.name} produced no number`;
  const broken = numbers.filter((n) => !Number.isFinite(n.value));
  if (broken.length > 0) {
    return `${part.name} produced ${broken.map((n) => `${n.path} = ${n.value}`).join(', ')}`;
  }
  return undefined;
}
