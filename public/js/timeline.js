// The timeline panel, in the spirit of Chrome DevTools' Animations panel: a row per layer
// (indented under its parent once layers have one), a bar per animation block that changes
// the layer, from its delay (a dashed lead-in) to its end, with the block's timing curve
// drawn inside; instant changes (completion, `set` segments) are ticks; an interactive
// run's phases are shaded; the playhead follows the clock. Clicking a bar selects its lines
// in the spec editor: the block's (/animations/k), or in a block that changes several
// layers that layer's changes (/animations/k/changes/id); hovering a row
// shows that layer's values at the time under the pointer.
//
// Bars come from the spec (what the user wrote); where each ends and the curve inside come
// from the server's tracks (a physical spring's settling time, the spring's own samples).

const SVG = "http://www.w3.org/2000/svg";

/** The layer ids an animation block changes, in first-mention order. */
function changedLayers(animation) {
  const ids = new Set();
  for (const id of Object.keys(animation.changes || {})) ids.add(id);
  for (const key of animation.keyframes || []) for (const id of Object.keys(key.changes || {})) ids.add(id);
  return [...ids];
}

/** Rows in tree order: [{layer, index, depth}]. */
function treeRows(layers, specLayers) {
  const parentOf = new Map();
  for (const l of specLayers || []) if (l.parent) parentOf.set(l.id, l.parent);
  for (const l of layers) if (l.parent) parentOf.set(l.id, l.parent);
  const ids = new Set(layers.map((l) => l.id));
  const children = new Map();
  const roots = [];
  layers.forEach((layer, index) => {
    const p = parentOf.get(layer.id);
    const row = { layer, index };
    if (p && ids.has(p)) { if (!children.has(p)) children.set(p, []); children.get(p).push(row); } else roots.push(row);
  });
  const out = [];
  const walk = (row, depth) => {
    out.push({ ...row, depth });
    for (const child of children.get(row.layer.id) || []) if (depth < 32) walk(child, depth + 1);
  };
  for (const r of roots) walk(r, 0);
  return out;
}

/** [[keyTime, value]] of a keyframe segment, a vector value read on its component that moves most. */
function keyPoints(segment) {
  const keys = segment.keys.filter((k) => Array.isArray(k) && k.length >= 2);
  if (keys.length < 2) return null;
  const pick = (v) => (typeof v === "number" ? [v] : Array.isArray(v) ? v.flat(2).filter((x) => typeof x === "number") : []);
  const width = pick(keys[0][1]).length;
  if (!width) return null;
  let best = 0, range = -1;
  for (let c = 0; c < width; c++) {
    const vs = keys.map((k) => pick(k[1])[c]);
    const r = Math.max(...vs) - Math.min(...vs);
    if (r > range) { range = r; best = c; }
  }
  return keys.map((k) => [k[0], pick(k[1])[best]]);
}

/** Points (0…1 × 0…1, y up) of a track segment's curve, for a polyline. */
function curvePoints(segment) {
  if (segment?.type === "keyframes" && Array.isArray(segment.keys)) {
    const pts = keyPoints(segment);
    if (pts) return pts;
  }
  const curve = segment?.curve;
  if (!curve) return [[0, 0], [1, 1]];
  if (curve.type === "cubicBezier" && Array.isArray(curve.points)) {
    const [x1, y1, x2, y2] = curve.points;
    const at = (u, a, b) => 3 * a * u * (1 - u) ** 2 + 3 * b * u * u * (1 - u) + u ** 3;
    return Array.from({ length: 25 }, (_, k) => { const u = k / 24; return [at(u, x1, x2), at(u, y1, y2)]; });
  }
  if (curve.type === "spring" && Array.isArray(curve.samples) && curve.samples.length > 1) {
    const end = curve.samples[curve.samples.length - 1][0] || 1;
    return curve.samples.map(([t, v]) => [t / end, v]);
  }
  if (curve.type === "steps" && curve.count > 0) {
    const pts = [[0, 0]];
    for (let k = 1; k <= curve.count; k++) pts.push([k / curve.count, (k - 1) / curve.count], [k / curve.count, k / curve.count]);
    return pts;
  }
  return [[0, 0], [1, 1]];
}

function timingName(animation, segment) {
  const t = animation.timing;
  if (animation.keyframes) return `keyframes (${animation.calculationMode || "linear"}, ${animation.keyframes.length} keys)`;
  if (typeof t === "string") return t;
  if (t?.spring) return `spring ${Object.entries(t.spring).map(([k, v]) => `${k} ${v}`).join(", ")}`;
  if (t) return JSON.stringify(t);
  return segment?.curve?.type || "default";
}

/** Main-thread time spent building rows before the next task (ms). */
const SLICE_MS = 10;

/** Dispatches "select" ({detail: {pointer, block, layerId}}: what to select, the block's pointer) when a bar is clicked. */
export class TimelinePanel extends EventTarget {
  /**
   * @param {HTMLElement} root     the panel's body
   * @param {HTMLElement} readout  a line of text for hover values
   * @param {{valuesAt: (layerIndex: number, t: number) => string}} options  the hover text
   */
  constructor(root, readout, { valuesAt = null } = {}) {
    super();
    this.root = root;
    this.readout = readout;
    this.valuesAt = valuesAt;
    this.bars = [];
    this.duration = 1;
    this.playhead = null;
  }

  /**
   * Builds the rows for a spec (its expanded form) and its timeline, off the document, a
   * slice of SLICE_MS of work per task (explode's 222 rows and their bars took 25–45 ms in
   * one; docs/PAGE.md, "Switching presets"), then shows them at once. Resolves to false
   * when a later call replaced it before it was done.
   */
  async set(spec, timeline) {
    const token = {};
    this._building = token;
    const D = timeline.duration || 1;
    const pct = (t) => `${((Math.max(0, Math.min(D, t)) / D) * 100).toFixed(4)}%`;
    const rows = document.createElement("div");
    rows.className = "tl-rows";
    const rowOf = new Map();
    const bars = [];
    let sliceStart = performance.now();
    const slice = async () => {
      if (performance.now() - sliceStart < SLICE_MS) return true;
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
      return this._building === token;
    };
    for (const { layer, index, depth } of treeRows(timeline.layers, spec?.layers)) {
      const row = document.createElement("div");
      row.className = "tl-row";
      row.dataset.layerId = layer.id;
      row.style.setProperty("--depth", depth);
      const name = document.createElement("div");
      name.className = "tl-name";
      name.textContent = layer.id;
      name.title = layer.label ? `${layer.id} — ${layer.label}` : layer.id;
      const track = document.createElement("div");
      track.className = "tl-track";
      track.addEventListener("pointermove", (e) => this._hover(e, track, index, layer.id));
      track.addEventListener("pointerleave", () => { this.readout.textContent = ""; });
      // Instant changes (set segments: completion blocks, hidden flips) as ticks.
      const ticks = new Set();
      for (const tr of Object.values(layer.tracks || {})) {
        for (const s of tr.segments || []) if (s.type === "set") ticks.add(s.start);
      }
      for (const t of ticks) {
        const tick = document.createElement("div");
        tick.className = "tl-set";
        tick.style.left = pct(t);
        tick.title = `${layer.id}: set at ${t.toFixed(3)} s`;
        track.append(tick);
      }
      row.append(name, track);
      rows.append(row);
      rowOf.set(layer.id, { track, layer, index });
      if (!(await slice())) return false;
    }
    const animations = spec?.animations || [];
    for (let k = 0; k < animations.length; k++) {
      const animation = animations[k];
      const start = animation.delay || 0;
      for (const id of changedLayers(animation)) {
        const row = rowOf.get(id);
        if (!row) continue;
        const segs = [];
        for (const tr of Object.values(row.layer.tracks || {})) {
          for (const s of tr.segments || []) if (s.type !== "set" && Math.abs(s.start - start) < 1e-6) segs.push(s);
        }
        const end = segs.length ? Math.max(...segs.map((s) => s.end)) : start + (animation.duration || 0);
        this._bar(row.track, { k, id, start, end, animation, segment: segs[0], pct, D, bars });
        if (!(await slice())) return false;
      }
    }
    const overlay = document.createElement("div");
    overlay.className = "tl-overlay";
    overlay.setAttribute("aria-hidden", "true");
    for (const phase of timeline.interaction?.phases ?? []) {
      const band = document.createElement("div");
      band.className = `tl-phase phase-${phase.name}`;
      band.dataset.phase = phase.name;
      band.style.left = pct(phase.start);
      band.style.width = `${((phase.end - phase.start) / D) * 100}%`;
      overlay.append(band);
    }
    const head = document.createElement("div");
    head.className = "playhead-track";
    head.setAttribute("aria-hidden", "true");
    const playhead = document.createElement("div");
    playhead.className = "playhead";
    head.append(playhead);
    rows.append(overlay, head);
    if (!bars.length) {
      const none = document.createElement("p");
      none.className = "tl-empty";
      none.textContent = "No animation blocks.";
      rows.prepend(none);
    }
    this.timeline = timeline;
    this.duration = D;
    this.bars = bars;
    this.playhead = playhead;
    this.root.replaceChildren(rows);
    return true;
  }

  _bar(track, { k, id, start, end, animation, segment, pct, D, bars }) {
    if (start > 0) {
      const lead = document.createElement("div");
      lead.className = "tl-delay";
      lead.style.left = "0";
      lead.style.width = pct(start);
      lead.title = `${id}: delay ${start.toFixed(3)} s`;
      track.append(lead);
    }
    const bar = document.createElement("button");
    bar.type = "button";
    const kind = animation.keyframes ? "keyframes" : (segment?.curve?.type === "spring" || animation.timing?.spring ? "spring" : "tween");
    bar.className = `tl-bar ${kind}`;
    bar.style.left = pct(start);
    bar.style.width = `${((Math.min(end, D) - Math.min(start, D)) / D) * 100}%`;
    const pointer = `/animations/${k}`;
    Object.assign(bar.dataset, { pointer, layerId: id, start: String(start), end: String(end), kind });
    const what = timingName(animation, segment);
    const changes = animation.changes?.[id] ? Object.keys(animation.changes[id]).join(", ") : "keyframes";
    bar.setAttribute("aria-label", `${id}: animation ${k}, ${start.toFixed(3)} to ${end.toFixed(3)} s, ${what}`);
    bar.title = `${id} · ${pointer}\n${start.toFixed(3)} – ${end.toFixed(3)} s${start ? ` (delay ${start.toFixed(3)} s)` : ""}\n${what}\nchanges: ${changes}`;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 -0.15 1 1.3");
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("aria-hidden", "true");
    if (animation.keyframes) {
      // The values through the keys (the server's keyframe segment), then the keys' marks.
      if (segment?.type === "keyframes") {
        const pts = curvePoints(segment);
        let lo = Infinity, hi = -Infinity;
        for (const [, v] of pts) { if (v < lo) lo = v; if (v > hi) hi = v; }
        if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
        const line = document.createElementNS(SVG, "polyline");
        line.setAttribute("points", pts.map(([x, y]) => `${x.toFixed(4)},${(1 - (y - lo) / (hi - lo)).toFixed(4)}`).join(" "));
        svg.append(line);
      }
      for (const key of animation.keyframes) {
        for (const f of [key.relativeStart, key.relativeStart + key.relativeDuration]) {
          const mark = document.createElementNS(SVG, "rect");
          mark.setAttribute("class", "key");
          mark.setAttribute("x", f - 0.01); mark.setAttribute("y", 0.35);
          mark.setAttribute("width", 0.02); mark.setAttribute("height", 0.3);
          svg.append(mark);
        }
      }
    } else {
      const pts = curvePoints(segment);
      let lo = 0, hi = 1;
      for (const [, v] of pts) { if (v < lo) lo = v; if (v > hi) hi = v; }
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute("points", pts.map(([x, y]) => `${x.toFixed(4)},${(1 - (y - lo) / (hi - lo)).toFixed(4)}`).join(" "));
      svg.append(line);
    }
    bar.append(svg);
    // A block that changes several layers (the fold's one block changes 16): the bar selects
    // its own layer's changes (/animations/k/changes/id), not the whole block.
    const shared = animation.changes?.[id] !== undefined && Object.keys(animation.changes).length > 1;
    const selects = shared ? `${pointer}/changes/${id.replace(/~/g, "~0").replace(/\//g, "~1")}` : pointer;
    bar.dataset.selects = selects;
    bar.addEventListener("click", () => {
      for (const b of this.bars) b.classList.toggle("selected", b.dataset.selects === selects || b === bar);
      this.dispatchEvent(new CustomEvent("select", { detail: { pointer: selects, block: pointer, layerId: id } }));
    });
    track.append(bar);
    bars.push(bar);
  }

  _hover(e, track, index, id) {
    if (!this.valuesAt) return;
    const r = track.getBoundingClientRect();
    const t = Math.max(0, Math.min(1, (e.clientX - r.left) / r.width)) * this.duration;
    this.readout.textContent = `${id} at ${t.toFixed(3)} s: ${this.valuesAt(index, t)}`;
  }

  /** Moves the playhead: a transform, no layout. */
  setTime(t) {
    if (!this.playhead) return;
    this.playhead.style.transform = `translateX(${(Math.max(0, Math.min(1, t / this.duration)) * 100).toFixed(3)}%)`;
  }
}
