/**
 * A V8 CPU profile (`node --cpu-prof`) read two ways: the functions that cost the most, by self and by inclusive
 * time, and a flame graph as a standalone SVG (open it in a browser; hover a frame for its figures).
 */

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  /** Microseconds since the previous sample. */
  timeDeltas: number[];
}

/** Where a frame's time goes, in the graph's colours and the summary's words. */
export type Origin = 'ours' | 'dependency' | 'node' | 'native';

export interface FrameCost {
  name: string;
  origin: Origin;
  /** Share of the profile's busy time (idle excluded), 0–1. */
  share: number;
}

export interface ProfileSummary {
  /** Microseconds the process was busy (idle excluded). */
  busyUs: number;
  /** Share of the profile's whole time spent idle, 0–1. */
  idleShare: number;
  bySelf: FrameCost[];
  byInclusive: FrameCost[];
}

const IDLE = '(idle)';

/** `name path:line`, the path made short: from the project or from node_modules on. */
export function frameName(frame: CpuProfileNode['callFrame']): string {
  const url = frame.url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, '')
    .replace(/.*\/(src|bench|scripts)\//, '$1/');
  const where = url ? ` ${url}:${frame.lineNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'}${where}`;
}

export function originOf(frame: CpuProfileNode['callFrame']): Origin {
  if (frame.url.includes('/node_modules/')) return 'dependency';
  if (frame.url.startsWith('node:')) return 'node';
  if (frame.url === '') return 'native';
  return 'ours';
}

/** Microseconds of samples that landed in each node itself. */
function selfTimes(profile: CpuProfile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return self;
}

function parents(profile: CpuProfile): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  return parentOf;
}

function isIdle(node: CpuProfileNode): boolean {
  return node.callFrame.functionName === IDLE;
}

export function summarize(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = parents(profile);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const origin = new Map<string, Origin>();
  let busyUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfTimes(profile)) {
    const node = byId.get(id);
    if (!node) continue;
    if (isIdle(node)) {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + us);
    origin.set(name, originOf(node.callFrame));
    // A recursive function counts once per sample in its inclusive time.
    const counted = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at);
      if (!frame || frame.callFrame.functionName === '(root)') continue;
      const frameLabel = frameName(frame.callFrame);
      if (counted.has(frameLabel)) continue;
      counted.add(frameLabel);
      inclusive.set(frameLabel, (inclusive.get(frameLabel) ?? 0) + us);
      origin.set(frameLabel, originOf(frame.callFrame));
    }
  }
  const ranked = (costs: Map<string, number>): FrameCost[] =>
    [...costs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, origin: origin.get(name) ?? 'native', share: busyUs ? us / busyUs : 0 }));
  return {
    busyUs,
    idleShare: busyUs + idleUs ? idleUs / (busyUs + idleUs) : 0,
    bySelf: ranked(self),
    byInclusive: ranked(inclusive),
  };
}

interface Frame {
  name: string;
  origin: Origin;
  us: number;
  children: Frame[];
}

/** The call tree with each node's total time (idle left out), siblings of one name merged, biggest first. */
function callTree(profile: CpuProfile): Frame {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = selfTimes(profile);
  const build = (node: CpuProfileNode): Frame => {
    const merged = new Map<string, Frame>();
    for (const childId of node.children ?? []) {
      const child = byId.get(childId);
      if (!child || isIdle(child)) continue;
      const built = build(child);
      const twin = merged.get(built.name);
      if (twin) {
        twin.us += built.us;
        twin.children.push(...built.children);
      } else merged.set(built.name, built);
    }
    const children = [...merged.values()].sort((a, b) => b.us - a.us);
    const us = (self.get(node.id) ?? 0) + children.reduce((sum, child) => sum + child.us, 0);
    return { name: frameName(node.callFrame), origin: originOf(node.callFrame), us, children };
  };
  const root = profile.nodes.find((node) => !parents(profile).has(node.id));
  if (!root) throw new Error('The profile has no root');
  return build(root);
}

const COLOURS: Record<Origin, string> = {
  ours: '#e8743b',
  dependency: '#5b8def',
  node: '#9aa5b1',
  native: '#b48ead',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A flame graph: the root at the bottom, each frame as wide as its share of the busy time, callees above callers.
 * Frames narrower than `minShare` of the whole are left out, to keep the file small.
 */
export function flameGraphSvg(profile: CpuProfile, title: string, minShare = 0.002): string {
  const width = 1200;
  const row = 17;
  const root = callTree(profile);
  const rects: string[] = [];
  let depth = 0;
  const place = (frame: Frame, x: number, level: number) => {
    const w = (frame.us / root.us) * width;
    if (frame.us / root.us < minShare) return;
    depth = Math.max(depth, level);
    const percent = ((frame.us / root.us) * 100).toFixed(1);
    const label = w > 40 ? frame.name.slice(0, Math.floor((w - 6) / 6.5)) : '';
    rects.push(
      `<g transform="translate(${x.toFixed(1)},LEVEL${level})"><title>${escapeXml(frame.name)}: ${(frame.us / 1000).toFixed(1)} ms, ${percent}%</title>` +
        `<rect width="${Math.max(w - 0.5, 0.5).toFixed(1)}" height="${row - 1}" fill="${COLOURS[frame.origin]}" rx="2"/>` +
        (label ? `<text x="3" y="12">${escapeXml(label)}</text>` : '') +
        '</g>',
    );
    let childX = x;
    for (const child of frame.children) {
      place(child, childX, level + 1);
      childX += (child.us / root.us) * width;
    }
  };
  place(root, 0, 0);
  const top = 40;
  const height = top + (depth + 1) * row + 30;
  const body = rects
    .join('\n')
    .replace(/LEVEL(\d+)/g, (_, level: string) => String(height - 30 - (Number(level) + 1) * row));
  const legend = (Object.keys(COLOURS) as Origin[])
    .map(
      (origin, index) =>
        `<rect x="${10 + index * 150}" y="${height - 20}" width="12" height="12" fill="${COLOURS[origin]}"/>` +
        `<text x="${26 + index * 150}" y="${height - 10}">${{ ours: 'this project', dependency: 'dependencies', node: 'Node.js', native: 'native, GC, other' }[origin]}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="monospace" font-size="11" role="img">
<title>${escapeXml(title)}</title>
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="10" y="22" font-size="15" font-family="sans-serif">${escapeXml(title)}</text>
${body}
${legend}
</svg>
`;
}
