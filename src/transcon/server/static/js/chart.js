// Each player's value or score over the game, as a hand-drawn SVG line chart, with round
// markers and the position being viewed.

const SVG_NS = "http://www.w3.org/2000/svg";
const W = 600;
const H = 180;
const PAD = { left: 40, right: 10, top: 10, bottom: 22 };
/** Player colours with a dash pattern each, so the lines differ without colour too. */
const LINES = [
  ["#1f77b4", ""],
  ["#d62728", "6 3"],
  ["#2ca02c", "2 3"],
  ["#9467bd", "8 3 2 3"],
  ["#ff7f0e", "1 2"],
  ["#17becf", "10 4"],
];

function el(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The chart of ``timeline`` ({players, points}) over actions 0..``last``; ``at`` marks the
 * position shown; a click calls ``onPick(seq)``. */
export function drawChart(timeline, last, at, onPick) {
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-label": "value of each player over time" });
  const points = timeline.points || [];
  if (!points.length) return svg;
  const maxSeq = Math.max(1, last, points[points.length - 1].seq);
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) {
    for (const v of Object.values(p.values)) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  if (!Number.isFinite(lo)) return svg;
  if (hi === lo) hi = lo + 1;
  lo = Math.min(lo, 0);
  const x = (seq) => PAD.left + ((W - PAD.left - PAD.right) * seq) / maxSeq;
  const y = (v) => H - PAD.bottom - ((H - PAD.top - PAD.bottom) * (v - lo)) / (hi - lo);
  svg.append(el("line", { x1: PAD.left, y1: y(lo), x2: W - PAD.right, y2: y(lo), class: "axis" }));
  svg.append(el("text", { x: PAD.left - 4, y: y(hi) + 4, class: "tick", "text-anchor": "end" }, String(Math.round(hi))));
  svg.append(el("text", { x: PAD.left - 4, y: y(lo), class: "tick", "text-anchor": "end" }, String(Math.round(lo))));
  for (const p of points) {
    if (p.round) {
      svg.append(el("line", { x1: x(p.seq), x2: x(p.seq), y1: PAD.top, y2: H - PAD.bottom, class: "round-mark" }));
    }
  }
  timeline.players.forEach((player, i) => {
    const [colour, dash] = LINES[i % LINES.length];
    const coords = points.filter((p) => player in p.values).map((p) => `${x(p.seq).toFixed(1)},${y(p.values[player]).toFixed(1)}`);
    svg.append(el("polyline", { points: coords.join(" "), fill: "none", stroke: colour, "stroke-width": 2, "stroke-dasharray": dash, class: "series" }));
    svg.append(el("text", { x: PAD.left + 4 + i * 95, y: H - 4, fill: colour, class: "legend" }, `${dash ? "╌" : "—"} ${player}`));
  });
  if (at !== null && at !== undefined) {
    svg.append(el("line", { x1: x(at), x2: x(at), y1: PAD.top, y2: H - PAD.bottom, class: "at-mark" }));
  }
  svg.addEventListener("click", (event) => {
    const r = svg.getBoundingClientRect();
    const seq = Math.round(((event.clientX - r.left) * (W / r.width) - PAD.left) / ((W - PAD.left - PAD.right) / maxSeq));
    onPick(Math.max(0, Math.min(maxSeq, seq)));
  });
  return svg;
}
