// Interactive mode: drag on the stage as a finger would.
//
// While the pointer is down the finger's positions are recorded as the preset's `gesture`
// ([[t, x, y], …], t in seconds from the press, x and y in container points). For the
// percent-driven presets the page turns them into percent by the preset's own rule and
// shows transition time percent × duration — read from a "scrub" timeline the server
// computed for the same preset with `interactive: true` and progress [[0,0],[1,1]], whose
// interactive phase shows percent p at wall time p (so the interactive curve, e.g. the
// tab slide's linear one, is the server's). The zoom dismissal is direct manipulation,
// not percent-driven: there the page asks the server for the run so far (one request in
// flight at a time) and shows its state at the last sample. On release the recorded
// gesture is posted with `interactive: true` and the server's finish or cancel plays out.

const clamp01 = (v) => Math.max(0, Math.min(1, v));

/** The presets' progress rules (docs/INTERACTION.md), percent from the finger's travel. */
export const RULES = {
  tabSlide: {
    text: "percent = ±translation.x / W (negated going right), finish if > 0.5",
    percent: (dx, dy, p, W) => clamp01(((p.from ?? 0) < (p.to ?? 1) ? -dx : dx) / W),
  },
  fold: {
    text: "percent = |Δx| / 200 (1 written 0.99), finish if > 0.5",
    percent: (dx) => { const v = clamp01(Math.abs(dx) / 200); return v >= 1 ? 0.99 : v; },
  },
  flip: {
    text: "percent = translation.x / 200 (dismiss only), finish if > 0.5",
    percent: (dx) => clamp01(dx / 200),
    needs: { operation: "dismiss" },
  },
  zoom: {
    text: "direct manipulation: drag down to dismiss, release moving up or above the start to cancel (dismiss only)",
    direct: true,
    needs: { operation: "dismiss" },
  },
};

export class Interaction extends EventTarget {
  /**
   * @param {HTMLElement} surface  where drags are read (the stage)
   * @param {Stage} stage          converts client to container coordinates
   * @param {object} hooks         {api, player, showFrame(timeline, states), onRelease(spec)}
   */
  constructor(surface, stage, hooks) {
    super();
    this.surface = surface;
    this.stage = stage;
    this.hooks = hooks;
    this.enabled = false;
    this.scrub = null;        // the scrub timeline (percent-driven presets)
    this.drag = null;
    this.percent = 0;
    surface.addEventListener("pointerdown", (e) => this._down(e));
    surface.addEventListener("pointermove", (e) => this._move(e));
    surface.addEventListener("pointerup", (e) => this._up(e));
    surface.addEventListener("pointercancel", (e) => this._up(e, true));
  }

  static ruleFor(spec) {
    const rule = RULES[spec?.preset];
    if (!rule) return null;
    for (const [k, v] of Object.entries(rule.needs || {})) if ((spec.params?.[k]) !== v) return { ...rule, missing: `${k}: "${v}"` };
    return rule;
  }

  /** Turns the mode on for a preset reference; fetches the scrub timeline. */
  async enable(spec) {
    this.enabled = true;
    this.base = spec;
    this.rule = Interaction.ruleFor(spec);
    this.scrub = null;
    if (!this.rule || this.rule.missing || this.rule.direct) return;
    const params = { ...this.baseParams(), interactive: true, progress: [[0, 0], [1, 1]] };
    this.scrub = await this.hooks.api.timeline({ preset: spec.preset, params }, { fps: 240 });
  }

  disable() { this.enabled = false; this.drag = null; this.scrub = null; }

  baseParams() {
    const params = { ...(this.base.params || {}) };
    delete params.progress; delete params.gesture; delete params.cancelled; delete params.interactive;
    return params;
  }

  _sample(e) {
    const [x, y] = this.stage.toStage(e.clientX, e.clientY);
    let ms = Math.round(performance.now() - this.drag.t0);
    const last = this.drag.samples[this.drag.samples.length - 1];
    if (last && ms <= Math.round(last[0] * 1000)) ms = Math.round(last[0] * 1000) + 1; // strictly increasing
    return [ms / 1000, Math.round(x * 100) / 100, Math.round(y * 100) / 100];
  }

  _down(e) {
    if (!this.enabled || !this.rule || this.rule.missing || e.button !== 0) return;
    if (!this.rule.direct && !this.scrub) return;
    e.preventDefault();
    this.surface.setPointerCapture(e.pointerId);
    this.hooks.player.pause();
    this.drag = { t0: performance.now(), samples: [], pending: false };
    this.drag.samples.push(this._sample(e));
    this._show();
    this.dispatchEvent(new Event("start"));
  }

  _move(e) {
    if (!this.drag) return;
    const s = this._sample(e);
    // A sample per animation frame is plenty (and keeps within the 2001-sample limit).
    const last = this.drag.samples[this.drag.samples.length - 1];
    if (s[0] - last[0] < 0.008 && this.drag.samples.length > 1) return;
    if (this.drag.samples.length >= 1900) return;
    this.drag.samples.push(s);
    this._show();
  }

  async _show() {
    const d = this.drag, samples = d.samples;
    const [, x0, y0] = samples[0];
    const [, x, y] = samples[samples.length - 1];
    if (this.rule.direct) {
      if (samples.length < 2 || d.pending) return;
      d.pending = true;
      try {
        const tl = await this.hooks.api.timeline(this._releaseSpec(samples), { fps: 60 });
        if (this.drag !== d) return;
        const release = tl.interaction?.releaseTime ?? 0;
        const k = Math.min(tl.frames.length - 1, Math.round(release * tl.fps));
        this.percent = tl.interaction?.percentAtRelease ?? 0;
        this.hooks.showFrame(tl, tl.frames[k].layers);
      } catch { /* a drag the server refuses shows nothing new; the release will explain */ }
      finally { d.pending = false; }
      this.dispatchEvent(new Event("progress"));
      return;
    }
    const W = this.scrub.container.width;
    this.percent = this.rule.percent(x - x0, y - y0, this.base.params || {}, W);
    const frames = this.scrub.frames;
    const k = Math.min(frames.length - 1, Math.round(this.percent * this.scrub.fps));
    this.hooks.showFrame(this.scrub, frames[k].layers);
    this.dispatchEvent(new Event("progress"));
  }

  _releaseSpec(samples) {
    const g = samples.length >= 2 ? samples : [...samples, [samples[0][0] + 0.001, samples[0][1], samples[0][2]]];
    return { preset: this.base.preset, params: { ...this.baseParams(), interactive: true, gesture: g } };
  }

  _up(e, cancelled = false) {
    if (!this.drag) return;
    if (!cancelled) this.drag.samples.push(this._sample(e));
    const spec = this._releaseSpec(this.drag.samples);
    if (cancelled) spec.params.cancelled = true;
    this.drag = null;
    this.dispatchEvent(new Event("end"));
    this.hooks.onRelease(spec);
  }
}
