// Interactive mode: drag on the stage as a finger would.
//
// While the pointer is down the finger's positions are recorded as the preset's `gesture`
// ([[t, x, y], …], t in seconds from the press, x and y in container points), every
// position the browser saw: a pointermove's coalesced samples included, each at its own
// timestamp, and the release only when it moved — so the release velocity is the finger's.
// The rule that turns travel into percent is the server's (GET /v1/presets, read from each
// preset's own definition): percent = clamp(direction × Δaxis / distance), |Δ| when the
// direction is 0. For percent-driven presets the page shows transition time percent ×
// duration, read from a "scrub" timeline the server computed for the same preset with
// `interactive: true` and progress [[0,0],[1,1]] (its interactive phase shows percent p at
// wall time p, so the interactive curve is the server's). Direct manipulation (the zoom
// dismissal) is not percent-driven: there the page asks the server for the run so far
// (one request in flight at a time) and shows its state at the last sample. On release
// the recorded gesture is posted with `interactive: true` and the finish or cancel plays.

const clamp01 = (v) => Math.max(0, Math.min(1, v));

/** At most one sample per this many seconds is kept while moving (the last one is never lost). */
const MIN_SAMPLE_GAP = 0.008;
/** The server takes up to 2001 samples. */
const MAX_SAMPLES = 1900;

/** percent for a travel (dx, dy) by a rule from the server. */
export function percentOf(rule, dx, dy) {
  const travel = rule.axis === "y" ? dy : dx;
  return clamp01((rule.direction === 0 ? Math.abs(travel) : rule.direction * travel) / rule.distance);
}

export class Interaction extends EventTarget {
  /**
   * @param {HTMLElement} surface  where drags are read (the stage)
   * @param {Stage} stage          converts client to container coordinates
   * @param {object} deps          {api, player}: the server's client and the clock paused on a press
   *
   * Dispatches "start" and "end" (a press and its release), "progress" (percent changed),
   * "frame" ({detail: {timeline, states, percent}}: what the stage should show under the
   * finger) and "release" ({detail: {spec}}: the preset with the recorded gesture to play).
   */
  constructor(surface, stage, { api, player }) {
    super();
    this.surface = surface;
    this.stage = stage;
    this.api = api;
    this.player = player;
    this.enabled = false;
    this.base = null;         // the preset reference being driven
    this.rule = null;         // the server's rule for it
    this.scrub = null;        // the scrub timeline (percent-driven presets)
    this.drag = null;
    this.percent = 0;
    this.lastGesture = null;  // the samples of the last release (for tests and the status line)
    surface.addEventListener("pointerdown", (e) => this._down(e));
    surface.addEventListener("pointermove", (e) => this._move(e));
    surface.addEventListener("pointerup", (e) => this._up(e));
    surface.addEventListener("pointercancel", (e) => this._up(e, true));
  }

  get ready() { return !!(this.enabled && this.rule && (this.rule.drive === "direct" || this.scrub)); }

  /**
   * Turns the mode on for a preset reference and its rule; fetches the scrub timeline.
   * `interactiveParam`: the preset has an `interactive` switch (the VCTL presets turn
   * interactive with a gesture alone).
   */
  async enable(spec, rule, { interactiveParam = true } = {}) {
    this.enabled = true;
    this.base = spec;
    this.rule = rule;
    this.on = interactiveParam ? { interactive: true } : {};
    this.scrub = null;
    this.drag = null;
    if (!rule || rule.drive === "direct") return;
    const params = { ...this.baseParams(), ...this.on, progress: [[0, 0], [1, 1]] };
    const scrub = await this.api.timeline({ preset: spec.preset, params }, { fps: 240 });
    if (this.base === spec) this.scrub = scrub;
  }

  disable() { this.enabled = false; this.drag = null; this.scrub = null; this.base = null; this.rule = null; }

  baseParams() {
    const params = { ...(this.base.params || {}) };
    delete params.progress; delete params.gesture; delete params.cancelled; delete params.interactive;
    return params;
  }

  _sampleAt(e) {
    const [x, y] = this.stage.toStage(e.clientX, e.clientY);
    return [(e.timeStamp - this.drag.t0) / 1000, Math.round(x * 100) / 100, Math.round(y * 100) / 100];
  }

  /** Appends a sample, times written to the millisecond and strictly increasing. */
  _push(s) {
    const samples = this.drag.samples;
    if (samples.length >= MAX_SAMPLES) return;
    const last = samples[samples.length - 1];
    let ms = Math.round(s[0] * 1000);
    if (last && ms <= Math.round(last[0] * 1000)) ms = Math.round(last[0] * 1000) + 1;
    samples.push([ms / 1000, s[1], s[2]]);
  }

  _down(e) {
    if (!this.ready || e.button !== 0) return;
    e.preventDefault();
    try { this.surface.setPointerCapture(e.pointerId); } catch { /* a synthetic pointer */ }
    this.player.pause();
    this.drag = { t0: e.timeStamp, samples: [], pending: null, inFlight: false, base: this.base };
    this._push(this._sampleAt(e));
    this._show();
    this.dispatchEvent(new Event("start"));
  }

  _move(e) {
    const d = this.drag;
    if (!d) return;
    const events = e.getCoalescedEvents?.() ?? [];
    for (const ev of events.length ? events : [e]) {
      const s = this._sampleAt(ev);
      const last = d.samples[d.samples.length - 1];
      if (s[0] - last[0] < MIN_SAMPLE_GAP && d.samples.length > 1) { d.pending = s; continue; }
      d.pending = null;
      this._push(s);
    }
    this._show();
  }

  _up(e, cancelled = false) {
    const d = this.drag;
    if (!d) return;
    if (d.pending) this._push(d.pending);
    if (!cancelled) {
      // The release adds a sample only where the finger moved: a copy of the last position
      // at a later time would make the release velocity zero.
      const s = this._sampleAt(e);
      const last = d.samples[d.samples.length - 1];
      if (s[1] !== last[1] || s[2] !== last[2]) this._push(s);
    }
    const spec = this._releaseSpec(d.samples);
    if (cancelled) spec.params.cancelled = true;
    this.lastGesture = d.samples;
    this.drag = null;
    this.dispatchEvent(new Event("end"));
    this.dispatchEvent(new CustomEvent("release", { detail: { spec } }));
  }

  async _show() {
    const d = this.drag, samples = d.samples;
    if (this.rule.drive === "direct") {
      if (samples.length < 2 || d.inFlight) return;
      d.inFlight = true;
      try {
        const tl = await this.api.timeline(this._releaseSpec(samples), { fps: 60 });
        if (this.drag !== d) return;
        const release = tl.interaction?.releaseTime ?? 0;
        const k = Math.min(tl.frames.length - 1, Math.round(release * tl.fps));
        this.percent = tl.interaction?.percentAtRelease ?? 0;
        this._frame(tl, tl.frames[k].layers);
      } catch { /* a drag the server refuses shows nothing new; the release will explain */ }
      finally { d.inFlight = false; }
      this.dispatchEvent(new Event("progress"));
      return;
    }
    const [, x0, y0] = samples[0];
    const [, x, y] = d.pending ?? samples[samples.length - 1];  // where the finger is now
    this.percent = percentOf(this.rule, x - x0, y - y0);
    const frames = this.scrub.frames;
    const k = Math.min(frames.length - 1, Math.round(this.percent * this.scrub.fps));
    this._frame(this.scrub, frames[k].layers);
    this.dispatchEvent(new Event("progress"));
  }

  _frame(timeline, states) {
    this.dispatchEvent(new CustomEvent("frame", { detail: { timeline, states, percent: this.percent } }));
  }

  _releaseSpec(samples) {
    const g = samples.length >= 2 ? samples : [...samples, [samples[0][0] + 0.001, samples[0][1], samples[0][2]]];
    return { preset: this.drag?.base?.preset ?? this.base.preset, params: { ...this.baseParams(), ...this.on, gesture: g } };
  }
}
