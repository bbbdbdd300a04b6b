// The curve panel: several properties of one layer over the whole timeline, each scaled to
// its own range, with a legend, and the playhead. Values are read from the frames (what the
// engine computed), not re-derived from curves.
//
// The curves are drawn once per timeline (and again only when the layer, the properties or
// the canvas size change); playback only moves the playhead, an element translated by a
// percentage of its own width (the plot's), so a frame costs no drawing and no layout.

const deg = (r) => (r * 180) / Math.PI;

/** A frame leaves out a layer's own transform when it is the identity. */
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const own = (s) => s.transform || IDENTITY;

/** Property name → [label, unit, value of a frame's layer state, colour]. */
export const PROPERTIES = {
  x: ["x", "pt", (s) => s.position[0], "#0a63d6"],
  y: ["y", "pt", (s) => s.position[1], "#248a3d"],
  scale: ["scale", "×", (s) => Math.hypot(own(s)[0], own(s)[1], own(s)[2]), "#8e44ad"],
  rotation: ["rotation z", "°", (s) => deg(Math.atan2(own(s)[1], own(s)[0])), "#c93400"],
  rotationY: ["rotation y", "°", (s) => deg(Math.atan2(-own(s)[2], Math.hypot(own(s)[0], own(s)[1]))), "#b8860b"],
  opacity: ["opacity", "", (s) => (s.visible ? s.opacity : 0), "#1c1c1e"],
};

const PAD = { l: 48, r: 12, t: 12, b: 22 };

const fmt = (v, unit) => `${Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)}${unit === "pt" ? "" : unit}`;

/** Dispatches "seek" ({detail: {t}}) when the user clicks or drags on the plot. */
export class CurvePanel extends EventTarget {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLSelectElement} layerSelect
   * @param {HTMLElement} propsBox     a fieldset: one checkbox per property (the legend)
   * @param {HTMLElement} playhead     moved with a transform
   * @param {HTMLElement} readout
   * @param {{frameAt: (t: number) => number}} options  the frame shown at t (the player's)
   */
  constructor(canvas, layerSelect, propsBox, playhead, readout, { frameAt = null } = {}) {
    super();
    this.canvas = canvas;
    this.layerSelect = layerSelect;
    this.playhead = playhead;
    this.readout = readout;
    this.timeline = null;
    this.t = 0;
    this.frameAt = frameAt;
    this.checks = {};
    this.chosen = new Set();
    this._shownFrame = -1;
    for (const [key, [label, , , colour]] of Object.entries(PROPERTIES)) {
      const wrap = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = key;
      box.id = `curve-prop-${key}`;
      const swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.style.background = colour;
      swatch.setAttribute("aria-hidden", "true");
      wrap.append(box, swatch, label);
      propsBox.append(wrap);
      this.checks[key] = box;
      box.addEventListener("change", () => {
        this._userProperty = true;
        if (box.checked) this.chosen.add(key); else this.chosen.delete(key);
        this.redraw();
      });
    }
    layerSelect.addEventListener("change", () => {
      this._userLayer = true;
      this._layerId = this.timeline?.layers[Number(layerSelect.value)]?.id;
      if (!this._userProperty) this._pickProperties();
      this.redraw();
    });
    let width = 0;
    new ResizeObserver((entries) => {
      const w = entries[0].contentRect.width;
      if (w !== width) { width = w; this.redraw(); }
    }).observe(canvas);
    const seekFromPointer = (e) => {
      if (!this.timeline) return;
      const r = canvas.getBoundingClientRect();
      const f = (e.clientX - r.left - PAD.l) / (r.width - PAD.l - PAD.r);
      const t = Math.max(0, Math.min(1, f)) * this.timeline.duration;
      this.dispatchEvent(new CustomEvent("seek", { detail: { t } }));
    };
    canvas.addEventListener("pointerdown", (e) => {
      canvas.setPointerCapture(e.pointerId);
      seekFromPointer(e);
      const move = (ev) => seekFromPointer(ev);
      const up = () => { canvas.removeEventListener("pointermove", move); canvas.removeEventListener("pointerup", up); };
      canvas.addEventListener("pointermove", move);
      canvas.addEventListener("pointerup", up);
    });
  }

  setTimeline(timeline) {
    this.timeline = timeline;
    this.layerSelect.replaceChildren(...timeline.layers.map((l, i) => new Option(l.label ? `${l.id} — ${l.label}` : l.id, i)));
    // Keep the chosen layer if it still exists, else the first one that moves.
    let pick = this._userLayer ? timeline.layers.findIndex((l) => l.id === this._layerId) : -1;
    if (pick < 0) pick = timeline.layers.findIndex((l) => l.tracks && "transform" in l.tracks);
    if (pick < 0) pick = timeline.layers.findIndex((l) => l.tracks && "position" in l.tracks);
    if (pick < 0) pick = timeline.layers.findIndex((l) => l.tracks && Object.keys(l.tracks).length);
    if (pick < 0) pick = 0;
    this.layerSelect.value = String(pick);
    this._layerId = timeline.layers[pick]?.id;
    if (!this._userProperty) this._pickProperties();
    this.redraw();
  }

  /** Shows the layer with this id (the timeline panel's rows call it). */
  showLayer(id) {
    const i = this.timeline?.layers.findIndex((l) => l.id === id) ?? -1;
    if (i < 0) return;
    this.layerSelect.value = String(i);
    this._userLayer = true;
    this._layerId = id;
    if (!this._userProperty) this._pickProperties();
    this.redraw();
  }

  /** Every property that changes for the chosen layer (until the user picks some). */
  _pickProperties() {
    this.chosen.clear();
    for (const key of Object.keys(PROPERTIES)) {
      const v = this.values(key).map((p) => p[1]);
      let lo = Infinity, hi = -Infinity;
      for (const x of v) { if (x < lo) lo = x; if (x > hi) hi = x; }
      if (hi - lo > 1e-4 * Math.max(1, Math.abs(hi), Math.abs(lo))) this.chosen.add(key);
    }
    if (!this.chosen.size) this.chosen.add("x");
    for (const [key, box] of Object.entries(this.checks)) box.checked = this.chosen.has(key);
  }

  /** [[t, value]] of one property of the chosen layer, a point per frame. */
  values(key) {
    const i = Number(this.layerSelect.value);
    const read = PROPERTIES[key][2];
    return this.timeline.frames.map((f) => [f.t, read(f.layers[i])]);
  }

  /** Moves the playhead (a transform) and, when the frame changes and `readout`, the readout. */
  setTime(t, { readout = true } = {}) {
    this.t = t;
    if (!this.timeline) return;
    const D = this.timeline.duration || 1;
    this.playhead.style.transform = `translateX(${(Math.max(0, Math.min(1, t / D)) * 100).toFixed(3)}%)`;
    const k = this.frameAt ? this.frameAt(t) : Math.round(t * this.timeline.fps);
    if (readout && k !== this._shownFrame) this._showReadout(k);
  }

  _showReadout(k) {
    this._shownFrame = k;
    const frames = this.timeline.frames;
    k = Math.max(0, Math.min(frames.length - 1, k));
    const i = Number(this.layerSelect.value);
    const parts = [...this.chosen].map((key) => {
      const [label, unit, read] = PROPERTIES[key];
      return `${label} ${fmt(read(frames[k].layers[i]), unit)}${unit === "pt" ? " pt" : ""}`;
    });
    this.readout.textContent = `${this._layerId} at frame ${k} (${frames[k].t.toFixed(3)} s): ${parts.join(", ")}`;
  }

  /** Draws the curves (once per timeline, layer, choice and size). */
  redraw() {
    const c = this.canvas;
    const dpr = window.devicePixelRatio || 1;
    const w = c.clientWidth, h = c.clientHeight;
    if (!w || !h) return;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr); c.height = Math.round(h * dpr);
    }
    const g = c.getContext("2d");
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, w, h);
    this._shownFrame = -1;
    if (!this.timeline?.frames?.length) { this.readout.textContent = ""; return; }
    const style = getComputedStyle(c);
    const ink = style.getPropertyValue("--curve-ink").trim() || "#1c1c1e";
    const faint = style.getPropertyValue("--curve-faint").trim() || "#d1d1d6";
    const phaseColor = style.getPropertyValue("--phase").trim() || "rgba(255,159,10,0.15)";
    g.font = "11px system-ui, sans-serif";
    const D = this.timeline.duration || 1;
    const { l, r, t: top, b } = PAD;
    const X = (t) => l + (t / D) * (w - l - r);
    for (const phase of this.timeline.interaction?.phases ?? []) {
      if (phase.name === "interactive") continue;
      g.fillStyle = phaseColor;
      g.fillRect(X(phase.start), top, X(phase.end) - X(phase.start), h - top - b);
    }
    g.strokeStyle = faint; g.lineWidth = 1;
    for (const y of [top, h - b]) { g.beginPath(); g.moveTo(l, y + 0.5); g.lineTo(w - r, y + 0.5); g.stroke(); }
    g.fillStyle = ink;
    g.textAlign = "center"; g.textBaseline = "top";
    g.fillText("0 s", X(0), h - b + 6);
    g.fillText(`${D.toFixed(3)} s`, X(D) - 18, h - b + 6);
    // Each property scaled to its own range; the range is in the legend's title and the
    // axis labels show the first property's.
    const chosen = [...this.chosen];
    chosen.forEach((key, n) => {
      const [label, unit, , colour] = PROPERTIES[key];
      const pts = this.values(key);
      let lo = Infinity, hi = -Infinity;
      for (const [, v] of pts) { if (v < lo) lo = v; if (v > hi) hi = v; }
      const flat = hi - lo <= 1e-4 * Math.max(1, Math.abs(hi), Math.abs(lo));  // float noise is not a curve
      const Y = (v) => (flat ? (top + h - b) / 2 : top + (1 - (v - lo) / (hi - lo)) * (h - top - b));
      if (n === 0) {
        g.fillStyle = colour; g.textAlign = "right"; g.textBaseline = "middle";
        g.fillText(fmt(hi, unit), l - 6, top);
        if (!flat) g.fillText(fmt(lo, unit), l - 6, h - b);
      }
      this.checks[key].parentElement.title = `${label}: ${fmt(lo, unit)} … ${fmt(hi, unit)}`;
      g.strokeStyle = colour; g.lineWidth = 1.75; g.beginPath();
      for (const [k, [t, v]] of pts.entries()) {
        if (k) g.lineTo(X(t), Y(v));
        else g.moveTo(X(t), Y(v));
      }
      g.stroke();
    });
    this.setTime(this.t);
  }
}
