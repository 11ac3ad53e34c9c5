import { describe, expect, it } from 'vitest';
import { type CpuProfile, flameGraphSvg, frameName, summarize } from './flame';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

/**
 * (root) → handle (ours) → query (a dependency), and → hash (Node); handle → handle again (recursion); (idle).
 * Samples, 10 µs each: query ×5, hash ×2, handle ×1, the inner handle ×1, idle ×11.
 */
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 6] },
    { id: 2, callFrame: frame('handle', 'file:///work/app/src/routes.ts', 9), children: [3, 4, 5] },
    { id: 3, callFrame: frame('query', 'file:///work/app/node_modules/db/index.js', 0) },
    { id: 4, callFrame: frame('hash', 'node:crypto', 4) },
    { id: 5, callFrame: frame('handle', 'file:///work/app/src/routes.ts', 9) },
    { id: 6, callFrame: frame('(idle)') },
  ],
  samples: [3, 3, 3, 3, 3, 4, 4, 2, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6],
  timeDeltas: Array(20).fill(10),
};

describe('a CPU profile summarized', () => {
  const summary = summarize(PROFILE);

  it('leaves idle time out of the shares, and says how much there was', () => {
    expect(summary.busyUs).toBe(90);
    expect(summary.idleShare).toBeCloseTo(11 / 20);
  });

  it('ranks functions by their own time, named by short path and 1-based line, with where they come from', () => {
    expect(summary.bySelf[0]).toEqual({ name: 'query db/index.js:1', origin: 'dependency', share: 50 / 90 });
    expect(summary.bySelf[1]).toEqual({ name: 'hash node:crypto:5', origin: 'node', share: 20 / 90 });
    expect(summary.bySelf[2]).toEqual({ name: 'handle src/routes.ts:10', origin: 'ours', share: 20 / 90 });
  });

  it('counts a recursive function once per sample in its inclusive time', () => {
    expect(summary.byInclusive[0]).toEqual({ name: 'handle src/routes.ts:10', origin: 'ours', share: 1 });
  });

  it('names frames without a script as such', () => {
    expect(frameName(frame('(garbage collector)'))).toBe('(garbage collector)');
    expect(frameName(frame('', 'file:///x/src/a.ts', 2))).toBe('(anonymous) src/a.ts:3');
  });
});

describe('a flame graph', () => {
  const svg = flameGraphSvg(PROFILE, 'GET <one> & "two"');

  it('draws each frame as wide as its share of the busy time, callees above callers, idle left out', () => {
    const width = (name: string) =>
      Number(new RegExp(`<title>${name}[^<]*</title><rect width="([\\d.]+)"`).exec(svg)?.[1]);
    expect(width('\\(root\\)')).toBeCloseTo(1199.5);
    expect(width('query db/index.js:1')).toBeCloseTo((50 / 90) * 1200 - 0.5, 0);
    expect(svg).not.toContain('(idle)');
    const rowOf = (name: string) =>
      Number(new RegExp(`translate\\([\\d.]+,(\\d+)\\)"><title>${name}`).exec(svg)?.[1]);
    expect(rowOf('query')).toBeLessThan(rowOf('handle'));
    expect(rowOf('handle')).toBeLessThan(rowOf('\\(root\\)'));
  });

  it('is well-formed: the title and names are escaped', () => {
    expect(svg).toContain('GET &#60;one&#62; &#38; &#34;two&#34;');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});
