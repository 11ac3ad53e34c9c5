import type { CaseResult } from './routes';

/** Latency percentiles (p50, p90, p99) of each case as horizontal bars, in plain SVG. */
export function latencyChart(results: readonly CaseResult[]): string {
  const rowHeight = 34;
  const left = 330;
  const width = 900;
  const max = Math.max(1, ...results.map((r) => r.p99));
  const scale = (ms: number) => Math.max(1, Math.round(((width - left - 80) * ms) / max));
  const colors = { p50: '#1864ab', p90: '#4dabf7', p99: '#a5d8ff' } as const;
  const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const rows = results.map((r, i) => {
    const y = 40 + i * rowHeight;
    const bars = (['p99', 'p90', 'p50'] as const)
      .map(
        (p) =>
          `<rect x="${left}" y="${y}" width="${scale(r[p])}" height="20" fill="${colors[p]}"><title>${p} ${r[p]} ms</title></rect>`,
      )
      .join('');
    return `<text x="${left - 8}" y="${y + 15}" text-anchor="end" font-size="13">${escapeXml(`${r.target}: ${r.name}`)}</text>${bars}<text x="${left + scale(r.p99) + 6}" y="${y + 15}" font-size="12">${r.p50} / ${r.p90} / ${r.p99} ms</text>`;
  });
  const height = 60 + results.length * rowHeight;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="system-ui, sans-serif" role="img">
<title>Latency p50, p90 and p99 of each benchmark case</title>
<rect width="100%" height="100%" fill="#fff"/>
<text x="16" y="24" font-size="15" font-weight="600">Latency p50 / p90 / p99 (ms), 50 connections</text>
${rows.join('\n')}
</svg>
`;
}
