// The curve panel: one layer's property over the whole timeline, with the playhead.
// Values are read from the frames (what the engine computed), not re-derived from curves.

const deg = (r) => (r * 180) / Math.PI;

/** A frame leaves out a layer's own transform when it is the identity. */
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const own = (s) => s.transform || IDENTITY;

/** Property name → [label, unit, value of a frame's layer state]. */
export const PROPERTIES = {
  x: ["x (position)", "pt", (s) => s.position[0]],
  y: ["y (position)", "pt", (s) => s.position[1]],
  scale: ["scale", "×", (s) => Math.hypot(own(s)[0], own(s)[1], own(s)[2])],
  rotation: ["rotation (z)", "°", (s) => deg(Math.atan2(own(s)[1], own(s)[0]))],
  rotationY: ["rotation (y)", "°", (s) => deg(Math.atan2(-own(s)[2], Math.hypot(own(s)[0], own(s)[1])))],
  opacity: ["opacity", "", (s) => (s.visible ? s.opacity : 0)],
};

export class CurvePanel {
  constructor(canvas, layerSelect, propertySelect, readout) {
    this.canvas = canvas;
    this.layerSelect = layerSelect;
    this.propertySelect = propertySelect;
    this.readout = readout;
    this.timeline = null;
    this.t = 0;
    this.onSeek = null;
    for (const [key, [label]] of Object.entries(PROPERTIES)) propertySelect.add(new Option(label, key));
    propertySelect.addEventListener("change", () => { this._userProperty = true; this.draw(); });
    layerSelect.addEventListener("change", () => { this._userLayer = true; if (!this._userProperty) this._pickProperty(); this.draw(); });
    new ResizeObserver(() => this.draw()).observe(canvas);
    const seekFromPointer = (e) => {
      if (!this.timeline || !this.onSeek) return;
      const r = canvas.getBoundingClientRect();
      const f = (e.clientX - r.left - this._pad.l) / (r.width - this._pad.l - this._pad.r);
      this.onSeek(Math.max(0, Math.min(1, f)) * this.timeline.duration);
    };
    this._pad = { l: 48, r: 12, t: 12, b: 22 };
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
    if (!this._userProperty) this._pickProperty();
    this.draw();
  }

  /** The first property that changes for the chosen layer (until the user picks one). */
  _pickProperty() {
    const tracks = this.timeline.layers[Number(this.layerSelect.value)]?.tracks || {};
    const order = "transform" in tracks ? ["rotationY", "rotation", "scale", "x", "y", "opacity"] : Object.keys(PROPERTIES);
    for (const key of order) {
      this.propertySelect.value = key;
      const v = this.values().map((p) => p[1]);
      if (Math.max(...v) - Math.min(...v) > 1e-6) return;
    }
    this.propertySelect.value = "x";
  }

  setTime(t) { this.t = t; this.draw(); }

  values() {
    const i = Number(this.layerSelect.value);
    const [, , read] = PROPERTIES[this.propertySelect.value];
    return this.timeline.frames.map((f) => [f.t, read(f.layers[i])]);
  }

  draw() {
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
    const style = getComputedStyle(c);
    const ink = style.getPropertyValue("--curve-ink").trim() || "#1c1c1e";
    const faint = style.getPropertyValue("--curve-faint").trim() || "#d1d1d6";
    const accent = style.getPropertyValue("--accent").trim() || "#0a84ff";
    const phaseColor = style.getPropertyValue("--phase").trim() || "rgba(255,159,10,0.15)";
    g.font = "11px system-ui, sans-serif";
    if (!this.timeline?.frames?.length) { this.readout.textContent = ""; return; }
    this._layerId = this.timeline.layers[Number(this.layerSelect.value)]?.id;
    const pts = this.values();
    const D = this.timeline.duration || 1;
    let lo = Math.min(...pts.map((p) => p[1])), hi = Math.max(...pts.map((p) => p[1]));
    if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
    const margin = (hi - lo) * 0.08;
    lo -= margin; hi += margin;
    const { l, r, t: top, b } = this._pad;
    const X = (t) => l + (t / D) * (w - l - r);
    const Y = (v) => top + (1 - (v - lo) / (hi - lo)) * (h - top - b);
    // Phases of an interactive run.
    for (const phase of this.timeline.interaction?.phases ?? []) {
      if (phase.name === "interactive") continue;
      g.fillStyle = phaseColor;
      g.fillRect(X(phase.start), top, X(phase.end) - X(phase.start), h - top - b);
    }
    // Axes: min, max, zero if inside.
    g.strokeStyle = faint; g.lineWidth = 1; g.fillStyle = ink;
    const [, unit] = PROPERTIES[this.propertySelect.value];
    const fmt = (v) => `${Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)}${unit === "pt" ? "" : unit}`;
    for (const v of [lo + margin, hi - margin, ...(lo < 0 && hi > 0 ? [0] : [])]) {
      g.beginPath(); g.moveTo(l, Y(v) + 0.5); g.lineTo(w - r, Y(v) + 0.5); g.stroke();
      g.textAlign = "right"; g.textBaseline = "middle";
      g.fillText(fmt(v), l - 6, Y(v));
    }
    g.textAlign = "center"; g.textBaseline = "top";
    g.fillText("0 s", X(0), h - b + 6);
    g.fillText(`${D.toFixed(3)} s`, X(D) - 18, h - b + 6);
    // The curve.
    g.strokeStyle = ink; g.lineWidth = 1.75; g.beginPath();
    pts.forEach(([t, v], k) => (k ? g.lineTo(X(t), Y(v)) : g.moveTo(X(t), Y(v))));
    g.stroke();
    // The playhead and the value under it (the frame at or before it).
    const k = Math.max(0, Math.min(pts.length - 1, this.frameAt ? this.frameAt(this.t) : Math.round(this.t * this.timeline.fps)));
    g.strokeStyle = accent; g.lineWidth = 1.5;
    g.beginPath(); g.moveTo(X(this.t), top); g.lineTo(X(this.t), h - b); g.stroke();
    g.fillStyle = accent;
    g.beginPath(); g.arc(X(pts[k][0]), Y(pts[k][1]), 3.5, 0, 2 * Math.PI); g.fill();
    this.readout.textContent = `${this._layerId} ${PROPERTIES[this.propertySelect.value][0]} = ${fmt(pts[k][1])}` +
      `${unit === "pt" ? " pt" : ""} at frame ${k} (${pts[k][0].toFixed(3)} s)`;
  }
}
