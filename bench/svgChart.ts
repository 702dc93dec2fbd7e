/** A tiny dependency-free SVG line chart (linear x, log or linear y) for the sweep results. */

export interface Series {
  name: string;
  color: string;
  dashed?: boolean;
  points: { x: number; y: number; label?: string }[];
}

export interface Panel {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  /** Horizontal reference lines (e.g. the 100 ms target). */
  guides?: { y: number; label: string; color: string }[];
  logY?: boolean;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (v: number) => (v >= 1000 ? `${Math.round(v / 100) / 10}k` : v >= 10 ? String(Math.round(v)) : String(Math.round(v * 10) / 10));

function niceTicks(min: number, max: number, count: number): number[] {
  const span = max - min || 1;
  const step0 = span / count;
  const mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= step0) ?? mag * 10;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) ticks.push(v);
  return ticks;
}

function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (v >= min && v <= max) ticks.push(v);
    }
  }
  return ticks;
}

function panel(p: Panel, x0: number, y0: number, w: number, h: number): string {
  const m = { left: 60, right: 20, top: 30, bottom: 45 };
  const pw = w - m.left - m.right;
  const ph = h - m.top - m.bottom;
  const pts = p.series.flatMap((s) => s.points).filter((q) => Number.isFinite(q.y) && q.y > 0);
  const guides = p.guides ?? [];
  const xsMax = Math.max(1, ...pts.map((q) => q.x));
  const ysAll = [...pts.map((q) => q.y), ...guides.map((g) => g.y)];
  const yMinRaw = Math.min(...ysAll, Number.POSITIVE_INFINITY);
  const yMaxRaw = Math.max(...ysAll, 1);
  const logY = p.logY ?? false;
  const yMin = logY ? 10 ** Math.floor(Math.log10(Math.max(0.1, yMinRaw))) : 0;
  const yMax = logY ? 10 ** Math.ceil(Math.log10(yMaxRaw * 1.05)) : yMaxRaw * 1.1;
  const xMax = xsMax * 1.05;
  const sx = (x: number) => x0 + m.left + (x / xMax) * pw;
  const sy = (y: number) =>
    y0 + m.top + ph - (logY ? (Math.log10(y) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin)) : (y - yMin) / (yMax - yMin)) * ph;

  const out: string[] = [];
  out.push(`<text x="${x0 + w / 2}" y="${y0 + 18}" text-anchor="middle" font-size="14" font-weight="bold">${esc(p.title)}</text>`);
  out.push(`<rect x="${x0 + m.left}" y="${y0 + m.top}" width="${pw}" height="${ph}" fill="none" stroke="#999"/>`);
  for (const t of niceTicks(0, xMax, 6)) {
    out.push(`<line x1="${sx(t)}" y1="${y0 + m.top}" x2="${sx(t)}" y2="${y0 + m.top + ph}" stroke="#eee"/>`);
    out.push(`<text x="${sx(t)}" y="${y0 + m.top + ph + 15}" text-anchor="middle" font-size="11">${fmt(t)}</text>`);
  }
  for (const t of logY ? logTicks(yMin, yMax) : niceTicks(yMin, yMax, 6)) {
    out.push(`<line x1="${x0 + m.left}" y1="${sy(t)}" x2="${x0 + m.left + pw}" y2="${sy(t)}" stroke="#eee"/>`);
    out.push(`<text x="${x0 + m.left - 5}" y="${sy(t) + 4}" text-anchor="end" font-size="11">${fmt(t)}</text>`);
  }
  out.push(`<text x="${x0 + m.left + pw / 2}" y="${y0 + h - 8}" text-anchor="middle" font-size="12">${esc(p.xLabel)}</text>`);
  out.push(`<text transform="translate(${x0 + 14},${y0 + m.top + ph / 2}) rotate(-90)" text-anchor="middle" font-size="12">${esc(p.yLabel)}</text>`);
  for (const g of guides) {
    out.push(`<line x1="${x0 + m.left}" y1="${sy(g.y)}" x2="${x0 + m.left + pw}" y2="${sy(g.y)}" stroke="${g.color}" stroke-dasharray="6 4"/>`);
    out.push(`<text x="${x0 + m.left + pw - 4}" y="${sy(g.y) - 4}" text-anchor="end" font-size="11" fill="${g.color}">${esc(g.label)}</text>`);
  }
  p.series.forEach((s, i) => {
    const valid = s.points.filter((q) => Number.isFinite(q.y) && q.y > 0).sort((a, b) => a.x - b.x);
    if (valid.length > 1) {
      const d = valid.map((q, j) => `${j === 0 ? 'M' : 'L'}${sx(q.x).toFixed(1)},${sy(q.y).toFixed(1)}`).join(' ');
      out.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 3"' : ''}/>`);
    }
    for (const q of valid) {
      out.push(`<circle cx="${sx(q.x).toFixed(1)}" cy="${sy(q.y).toFixed(1)}" r="3.5" fill="${s.color}"><title>${esc(`${s.name}: ${q.label ?? fmt(q.x)} -> ${q.y.toFixed(1)} ms`)}</title></circle>`);
    }
    const ly = y0 + m.top + 14 + i * 15;
    out.push(`<line x1="${x0 + m.left + 8}" y1="${ly - 4}" x2="${x0 + m.left + 28}" y2="${ly - 4}" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 3"' : ''}/>`);
    out.push(`<text x="${x0 + m.left + 32}" y="${ly}" font-size="11">${esc(s.name)}</text>`);
  });
  return out.join('\n');
}

/** Panels side by side in one SVG document. */
export function svgChart(panels: Panel[], caption: string, panelWidth = 520, panelHeight = 360): string {
  const w = panelWidth * panels.length;
  const h = panelHeight + 24;
  const body = panels.map((p, i) => panel(p, i * panelWidth, 0, panelWidth, panelHeight)).join('\n');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="sans-serif">`,
    `<rect width="${w}" height="${h}" fill="white"/>`,
    body,
    `<text x="8" y="${h - 6}" font-size="10" fill="#555">${esc(caption)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
