// Compare mode, the page's side: the checkbox, the view (side by side or onion skin), B's
// parameters, B's stage and caption, and the table of differences (compare.js computes
// them). B is A's preset with other parameters — or the preset an edited spec started from.

import { $ } from "./dom.js";
import { differences, showDifferences } from "./compare.js";
import { isPresetRef } from "./presets.js";

/** A spec in a few words: its preset and the parameters that differ from the defaults. */
export function describe(spec) {
  if (!spec) return "—";
  if (!isPresetRef(spec)) return "the edited spec";
  // Your screens (screens.js) are on both sides: not what tells A from B.
  const params = Object.entries(spec.params || {})
    .filter(([k]) => !["gesture", "progress", "fromImage", "toImage"].includes(k));
  return params.length ? `${spec.preset} ${params.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ")}` : `${spec.preset} (defaults)`;
}

export class CompareMode {
  /** @param {object} page  the page's parts (app.js); its state.compare is this mode's state */
  constructor(page) {
    this.page = page;
    this.timer = 0;
    const c = page.state.compare;
    $("compare").addEventListener("change", (e) => this.set(e.target.checked));
    for (const radio of document.querySelectorAll('input[name="compare-view"]')) {
      radio.addEventListener("change", () => { c.view = radio.value; this.layout(); page.transport.render(); page.links.update(); });
    }
    $("compare-params").addEventListener("input", (e) => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        let params;
        try { params = JSON.parse(e.target.value || "{}"); } catch (error) {
          e.target.setAttribute("aria-invalid", "true");
          $("compare-status").textContent = `Not JSON: ${error.message}`;
          return;
        }
        if (!params || typeof params !== "object" || Array.isArray(params)) {
          e.target.setAttribute("aria-invalid", "true");
          $("compare-status").textContent = "B's parameters must be a JSON object, e.g. {\"folds\": 3}.";
          return;
        }
        e.target.removeAttribute("aria-invalid");
        c.with = params;
        if (c.on) this.load();
      }, 300);
    });
    // The differences need both timelines: recompute whenever A changes.
    page.player.addEventListener("load", () => { if (c.on && page.compareTrack.timeline) this.updateDifferences(); });
  }

  /** B: the preset with the compared parameters (A's preset, or the one an edit started from). */
  spec() {
    const { state } = this.page;
    const base = isPresetRef(state.spec) ? state.spec : state.basePreset;
    if (!base) return null;
    return this.page.screens
      ? this.page.screens.apply({ preset: base.preset, params: { ...state.compare.with } })
      : { preset: base.preset, params: { ...state.compare.with } };
  }

  /** Shows or hides B's stage, the captions and the table for the current view. */
  layout() {
    const { state, compareTrack, stage, stageB } = this.page;
    const c = state.compare;
    const on = c.on && !!compareTrack.timeline;
    const row = $("stage-row");
    row.classList.toggle("compare", on);
    row.classList.toggle("onion", on && c.view === "onion");
    $("holder-b").hidden = !on;
    $("caption-a").hidden = !on || c.view === "onion";
    $("compare-panel").hidden = !on;
    stage.columns = stageB.columns = on && c.view === "side" ? 2 : 1;
    stage.fit();
    if (on) stageB.fit();
  }

  /** Fetches B and the differences; `quiet` while A loads (its caller renders). */
  async load({ quiet = false } = {}) {
    const { api, state, compareTrack, stageB, player, playback, transport } = this.page;
    const c = state.compare;
    const seq = ++c.seq;
    c.spec = this.spec();
    if (!c.spec) {
      c.error = "Compare needs a preset: pick one, or edit a spec that started from one.";
      $("compare-status").textContent = c.error;
      return;
    }
    try {
      const tl = await api.timeline(c.spec);
      if (seq !== c.seq) return;
      c.error = null;
      compareTrack.load(tl);
      stageB.build(tl);
      const a = state.timeline && state.spec ? state.timeline : null;
      $("caption-a").textContent = `A: ${describe(state.spec)}`;
      $("caption-b").textContent = `B: ${describe(c.spec)}`;
      $("compare-status").textContent = `A: ${describe(state.spec)} · B: ${describe(c.spec)}.`;
      player.setSpan(tl.duration);
      this.layout();
      if (playback.running) transport.startCompositor();
      if (!quiet && a) this.updateDifferences();
    } catch (error) {
      if (seq !== c.seq) return;
      c.error = error.message;
      $("compare-status").textContent = `B: ${error.message}`;
      compareTrack.timeline = null;
      this.layout();
    }
    if (!quiet) { transport.render(); await this.page.links.update(); }
  }

  updateDifferences() {
    const { state, compareTrack } = this.page;
    if (!state.compare.on || !compareTrack.timeline || !state.timeline) return;
    state.compare.rows = differences(state.timeline, compareTrack.timeline);
    showDifferences($("compare-table"), state.compare.rows);
  }

  /** Compare mode on (B fetched) or off; `view` and `withParams` as a link or the test hook give them. */
  async set(on, { view, withParams } = {}) {
    const { state, compareTrack, player, playback, transport } = this.page;
    const c = state.compare;
    c.on = on;
    if (view) c.view = view;
    if (withParams) c.with = withParams;
    $("compare").checked = on;
    for (const r of document.querySelectorAll('input[name="compare-view"]')) r.checked = r.value === c.view;
    $("compare-params").value = JSON.stringify(c.with);
    if (on) {
      await this.load();
    } else {
      c.seq++;
      compareTrack.timeline = null;
      player.setSpan(0);
      if (playback.running) transport.startCompositor();
      $("compare-status").textContent = "";
      this.layout();
      transport.render();
      await this.page.links.update();
    }
  }
}
