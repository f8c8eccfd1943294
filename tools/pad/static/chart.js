// Skull King score pad: the line chart of the running scores, drawn as SVG in the page
// (nothing loaded from elsewhere). One line a player through the totals after each
// round, on gridlines at round numbers (1, 2 or 5 times a power of ten) whose labels
// never overlap.

// Eight colours told apart in light and dark, one a seat, with a dash pattern each for
// readers who do not tell the colours apart.
export const LINE_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"];
export const LINE_DASHES = ["", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3", "8 3 2 3"];

// The gridlines' values for a scale from ``low`` to ``high``: multiples of a round step
// (1, 2 or 5 times a power of ten) from one at or below ``low`` to one at or above
// ``high``, at most ``most`` + 1 of them, 0 always among them.
export function niceTicks(low, high, most = 5) {
  const span = Math.max(high - low, 1);
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((m) => m * power).find((s) => Math.ceil(high / s) - Math.floor(low / s) <= most);
    if (found) {
      step = found;
      break;
    }
    if (power > span) break; // (never reached: a step of the span's size fits)
  }
  const ticks = [];
  for (let v = Math.floor(low / step) * step; v <= Math.ceil(high / step) * step; v += step) ticks.push(v);
  return ticks;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs || {})) if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}

// The chart of ``series`` (per player, in seat order: the totals from 0 before the
// first round), named ``label`` for readers of the page; each line carries its player
// (``players``) and totals as data attributes. ``first``: the number of the series'
// first point where it is not the start before round 1 (a player's score in game 1,
// 2, ...: ``first`` 1, every point labelled).
export function drawChart(players, series, label, first = 0) {
  const ticks = niceTicks(Math.min(0, ...series.flat()), Math.max(0, ...series.flat()));
  const low = ticks[0], high = ticks[ticks.length - 1];
  const width = 320, height = 180, left = 40, right = 8, top = 8, bottom = 22;
  const count = Math.max(series[0].length - 1, 1);
  const x = (i) => left + (i * (width - left - right)) / count;
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low || 1);
  const picture = svg("svg", { viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": label, class: "chart-svg" });
  for (const v of ticks) {
    picture.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0 ? "axis" : "grid" }));
    picture.append(svg("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", class: "tick" }, String(v)));
  }
  // round numbers along the bottom: at most ten, each under its gridline
  const step = Math.ceil((count + (first ? 1 : 0)) / 10);
  for (let i = first ? 0 : step; i < series[0].length; i += step) {
    picture.append(svg("line", { x1: x(i), x2: x(i), y1: top, y2: height - bottom, class: "grid" }));
    picture.append(svg("text", { x: x(i), y: height - 6, "text-anchor": first && i === 0 ? "start" : "middle", class: "tick" }, String(i + first)));
  }
  players.forEach((p, k) => {
    picture.append(
      svg("polyline", {
        points: series[k].map((v, i) => x(i).toFixed(1) + "," + y(v).toFixed(1)).join(" "),
        fill: "none",
        stroke: LINE_COLOURS[k % 8],
        "stroke-width": 2.5,
        "stroke-dasharray": LINE_DASHES[k % 8] || null,
        "data-player": p,
        "data-totals": series[k].join(","),
      })
    );
  });
  return picture;
}
