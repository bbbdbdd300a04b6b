// Compare mode: a second transition (B) on the same clock as the one on the stage (A), side
// by side or overlaid (onion skin), and a table of the largest differences per layer over
// the run. B is any spec (compare-source.js): the same preset with other parameters, so the
// two answer "what did my change do?", or another preset, a second spec, a link's spec — then
// the layers are told apart by id: those both have are compared, the others are named.

import { Player } from "./player.js";

const deg = (r) => (r * 180) / Math.PI;

function centroid(quad) {
  let x = 0, y = 0;
  for (const p of quad) { x += p[0]; y += p[1]; }
  return [x / quad.length, y / quad.length];
}

/** The frame at or before t (frames are fps apart from 0; the last one holds). */
function frameAt(timeline, t) {
  const k = Math.max(0, Math.min(timeline.frames.length - 1, Math.floor(t * timeline.fps + 1e-6)));
  return timeline.frames[k];
}

/** A number for the table: a difference that cannot be computed (no quad, no matrix) counts as none. */
const finite = (v) => (Number.isFinite(v) ? v : 0);

/** The layer ids only A has and only B has, each in its timeline's order: {a, b}. */
export function layersOnlyIn(a, b) {
  const idsA = new Set(a.layers.map((l) => l.id)), idsB = new Set(b.layers.map((l) => l.id));
  return { a: a.layers.map((l) => l.id).filter((id) => !idsB.has(id)),
           b: b.layers.map((l) => l.id).filter((id) => !idsA.has(id)) };
}

/**
 * Per layer id present in both timelines, the largest difference over the run (sampled at
 * the finer of the two frame rates) of the on-screen centre (the quad's centroid, points),
 * the effective opacity, and the z rotation of the composed matrix (degrees), each with the
 * time it happens. Sorted by position, largest first.
 */
export function differences(a, b) {
  const fps = Math.max(a.fps, b.fps);
  const end = Math.max(a.duration, b.duration);
  const idsB = new Map(b.layers.map((l, i) => [l.id, i]));
  const rows = a.layers.flatMap((l, i) => (idsB.has(l.id) ? [{ id: l.id, i, j: idsB.get(l.id),
    position: { max: 0, t: 0 }, opacity: { max: 0, t: 0 }, rotation: { max: 0, t: 0 } }] : []));
  const steps = a.frames?.length && b.frames?.length && Number.isFinite(end * fps) ? Math.round(end * fps) : -1;
  for (let k = 0; k <= steps; k++) {
    const t = Math.min(end, k / fps);
    const fa = frameAt(a, t).layers, fb = frameAt(b, t).layers;
    for (const row of rows) {
      const sa = fa[row.i], sb = fb[row.j];
      if (!sa?.quad?.length || !sb?.quad?.length || !sa.matrix || !sb.matrix) continue;
      const [xa, ya] = centroid(sa.quad), [xb, yb] = centroid(sb.quad);
      const dp = finite(Math.hypot(xa - xb, ya - yb));
      const oa = sa.visible ? sa.opacity : 0, ob = sb.visible ? sb.opacity : 0;
      const dOpacity = finite(Math.abs(oa - ob));
      let dr = deg(Math.atan2(sa.matrix[1], sa.matrix[0]) - Math.atan2(sb.matrix[1], sb.matrix[0]));
      dr = finite(Math.abs(((dr + 540) % 360) - 180));
      if (dp > row.position.max) row.position = { max: dp, t };
      if (dOpacity > row.opacity.max) row.opacity = { max: dOpacity, t };
      if (dr > row.rotation.max) row.rotation = { max: dr, t };
    }
  }
  return rows.map(({ i, j, ...r }) => r).sort((x, y) => y.position.max - x.position.max || y.opacity.max - x.opacity.max);
}

/** Fills a <table> with the differences. */
export function showDifferences(table, rows) {
  const head = document.createElement("thead");
  head.innerHTML = "<tr><th scope=col>Layer</th><th scope=col>Δ position (pt)</th><th scope=col>at (s)</th>" +
    "<th scope=col>Δ opacity</th><th scope=col>at (s)</th><th scope=col>Δ rotation (°)</th><th scope=col>at (s)</th></tr>";
  const body = document.createElement("tbody");
  const limits = { position: 0.5, opacity: 0.01, rotation: 0.5 };
  for (const row of rows) {
    const tr = document.createElement("tr");
    tr.dataset.layerId = row.id;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = row.id;
    tr.append(th);
    for (const key of ["position", "opacity", "rotation"]) {
      const v = document.createElement("td");
      v.textContent = row[key].max.toFixed(key === "opacity" ? 3 : 2);
      v.dataset[key] = String(row[key].max);
      if (row[key].max > limits[key]) v.className = "big";
      const at = document.createElement("td");
      at.textContent = row[key].max > 0 ? row[key].t.toFixed(3) : "—";
      tr.append(v, at);
    }
    body.append(tr);
  }
  if (!rows.length) body.innerHTML = "<tr><td colspan=7>No layer ids in common.</td></tr>";
  table.replaceChildren(head, body);
}

/** Names the layers only one side has ({a, b} from layersOnlyIn) in `element`; empty when both have the same. */
export function showOnlyIn(element, only) {
  const parts = [["A", only.a], ["B", only.b]].filter(([, ids]) => ids.length).map(([side, ids]) => {
    const p = document.createElement("p");
    p.className = "hint";
    p.dataset.side = side.toLowerCase();
    p.textContent = `Only in ${side} (${ids.length} layer${ids.length === 1 ? "" : "s"}, not compared): ${ids.join(", ")}.`;
    return p;
  });
  element.replaceChildren(...parts);
  element.hidden = parts.length === 0;
}

/** B's timeline, read at the main clock's time (interpolated like A's). */
export class CompareTrack {
  constructor() { this.player = new Player(); this.timeline = null; }
  load(timeline) { this.timeline = timeline; this.player.load(timeline); }
  statesAt(t) { return this.player.statesAt(Math.min(t, this.timeline.duration)); }
  /** Where B's layers jump between frames (see player.js). */
  get jumps() { return this.player.jumps; }
}
