// Compare mode, the page's side: the checkbox, the view (side by side or onion skin), B's
// stage and caption, and the table of differences (compare.js computes them). B is any spec
// (compare-source.js gives the choice): a preset with parameters — A's preset by default, or
// the preset an edited spec started from — a second spec typed in B's editor, or a link's spec.

import { $ } from "./dom.js";
import { differences, layersOnlyIn, showDifferences, showOnlyIn } from "./compare.js";
import { CompareSource, kindOf } from "./compare-source.js";
import { isPresetRef } from "./presets.js";

/** A spec in a few words: its preset and the parameters that differ from the defaults. */
export function describe(spec, inline = "the edited spec") {
  if (!spec) return "—";
  if (!isPresetRef(spec)) return typeof spec.name === "string" && spec.name.trim() ? `${inline} “${spec.name.trim()}”` : inline;
  // Your screens (screens.js) are on both sides: not what tells A from B.
  const params = Object.entries(spec.params || {})
    .filter(([k]) => !["gesture", "progress", "fromImage", "toImage"].includes(k));
  return params.length ? `${spec.preset} ${params.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ")}` : `${spec.preset} (defaults)`;
}

export class CompareMode {
  /** @param {object} page  the page's parts (app.js); its state.compare is this mode's state */
  constructor(page) {
    this.page = page;
    const c = page.state.compare;
    // B's choice (compare-source.js): its way, preset (null: A's), inline spec, link; and the
    // layer ids only one side has.
    Object.assign(c, { source: "preset", preset: null, inline: null, link: null, only: { a: [], b: [] }, ...c });
    this.source = new CompareSource();
    $("compare").addEventListener("change", (e) => this.set(e.target.checked));
    for (const radio of document.querySelectorAll('input[name="compare-view"]')) {
      radio.addEventListener("change", () => { c.view = radio.value; this.layout(); page.transport.render(); page.links.update(); });
    }
    this.source.addEventListener("change", ({ detail }) => {
      Object.assign(c, detail);
      if (detail.source === "spec" && this.source.prefill(page.state.expanded)) c.inline = page.state.expanded;
      if (c.on) this.load();
    });
    this.source.addEventListener("invalid", ({ detail: { message } }) => { $("compare-status").textContent = message; });
    // The differences need both timelines: recompute whenever A changes.
    page.player.addEventListener("load", () => { if (c.on && page.compareTrack.timeline) this.updateDifferences(); });
  }

  /** A's preset, or the one an edited spec started from (null for a spec of its own). */
  presetOfA() {
    const { state } = this.page;
    const base = isPresetRef(state.spec) ? state.spec : state.basePreset;
    return base ? base.preset : null;
  }

  /** Whether the named preset takes your screens (the fromImage and toImage parameters). */
  takesScreens(name) {
    const preset = this.page.form.presets.find((p) => p.name === name);
    return !preset || preset.parameters.some((p) => p.name === "fromImage");
  }

  /** B: the spec the current choice makes, or null when there is none yet. */
  spec() {
    const { state, screens } = this.page;
    const c = state.compare;
    if (c.source === "spec") return c.inline;
    if (c.source === "link") return c.link?.spec ?? null;
    const name = c.preset ?? this.presetOfA();
    if (!name) return null;
    const b = { preset: name, params: { ...c.with } };
    return screens && this.takesScreens(name) ? screens.apply(b) : b;
  }

  /** Why there is no B yet, for the status line. */
  missing() {
    const source = this.page.state.compare.source;
    if (source === "spec") return "Type B's spec in B's editor (it starts as A's).";
    if (source === "link") return "Paste a link of this server (…/s/3kTq9ZbW0x) or its id as B.";
    return "Compare needs a preset: pick one for B, or edit a spec that started from one.";
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

  /** Fetches B and the differences; `quiet` while A loads (its caller renders). `loading`
   *  stays true until the last load started is done (B shown or refused, the link updated). */
  async load({ quiet = false } = {}) {
    const c = this.page.state.compare;
    const seq = c.seq + 1;
    c.loading = true;
    try { await this.fetchB(quiet); } finally { if (seq === c.seq) c.loading = false; }
  }

  async fetchB(quiet) {
    const { api, state, compareTrack, stageB, player, playback, transport } = this.page;
    const c = state.compare;
    const seq = ++c.seq;
    c.spec = this.spec();
    if (!c.spec) {
      c.error = this.missing();
      $("compare-status").textContent = c.error;
      this.clearB();
      if (!quiet) { transport.render(); await this.page.links.update(); }
      return;
    }
    try {
      const tl = await api.timeline(c.spec);
      if (seq !== c.seq) return;
      c.error = null;
      if (c.source === "spec") this.source.editor.showProblems([]);
      compareTrack.load(tl);
      stageB.build(tl);
      const a = state.timeline && state.spec ? state.timeline : null;
      const b = `${c.source === "link" ? `link ${c.link.id}: ` : ""}${describe(c.spec, "a spec")}`;
      $("caption-a").textContent = `A: ${describe(state.spec)}`;
      $("caption-b").textContent = `B: ${b}`;
      $("compare-status").textContent = `A: ${describe(state.spec)} · B: ${b}.`;
      player.setSpan(tl.duration);
      this.layout();
      if (playback.running) transport.startCompositor();
      if (!quiet && a) this.updateDifferences();
    } catch (error) {
      if (seq !== c.seq) return;
      // The server's problems at their JSON pointers: in B's editor when B came from there.
      const details = error.errors || [];
      if (c.source === "spec" && details.length) this.source.editor.showProblems(details);
      const where = details.slice(0, 3).map((e) => `${e.pointer || "/"}: ${e.message}`).join("; ");
      c.error = where ? `${error.message} — ${where}` : error.message;
      $("compare-status").textContent = `B: ${c.error}`;
      this.clearB();
    }
    if (!quiet) { transport.render(); await this.page.links.update(); }
  }

  /** No B on the stage (none chosen yet, or the server refused it). */
  clearB() {
    const { compareTrack, player, playback, transport } = this.page;
    if (!compareTrack.timeline) return;
    compareTrack.timeline = null;
    player.setSpan(0);
    if (playback.running) transport.startCompositor();
    this.layout();
  }

  updateDifferences() {
    const { state, compareTrack } = this.page;
    const c = state.compare;
    if (!c.on || !compareTrack.timeline || !state.timeline) return;
    c.rows = differences(state.timeline, compareTrack.timeline);
    c.only = layersOnlyIn(state.timeline, compareTrack.timeline);
    showDifferences($("compare-table"), c.rows);
    showOnlyIn($("compare-only"), c.only);
  }

  /**
   * Takes B's choice from `options` without loading it: `view`; `withParams` (B is A's
   * preset with them); `with` (B is this spec: a preset reference, or an inline spec that
   * goes into B's editor); `link` (B is that link's spec: a /s/{id} URL or an id, fetched).
   */
  adopt(on, { view, withParams, with: spec, link } = {}) {
    const c = this.page.state.compare;
    c.on = on;
    if (view) c.view = view;
    this.source.setPresets(this.page.form.presets);
    if (withParams) Object.assign(c, { source: "preset", preset: null, with: withParams });
    if (spec) {
      if (kindOf(spec) === "preset") Object.assign(c, { source: "preset", preset: spec.preset, with: spec.params || {} });
      else if (kindOf(spec) === "spec") Object.assign(c, { source: "spec", inline: spec });
      else Object.assign(c, { source: "preset", preset: null, with: spec });
    }
    if (link) c.source = "link";
    $("compare").checked = on;
    for (const r of document.querySelectorAll('input[name="compare-view"]')) r.checked = r.value === c.view;
    this.source.show(c);
  }

  /** B's part of a link that carries the spec in the URL (share.js): `with` is A's preset's
   *  parameters when B is A's preset, else B's spec (a preset reference or an inline spec). */
  urlPart() {
    const c = this.page.state.compare;
    if (!c.on) return {};
    const a = this.presetOfA();
    const value = c.source === "preset" && (!c.preset || c.preset === a) ? c.with
      : c.source === "preset" ? { preset: c.preset, params: c.with } : this.spec();
    return value ? { compare: c.view, with: value } : {};
  }

  /** B as a short link keeps it (docs/API.md, "Links": `compare: {view, spec}`); null without a B shown. */
  linkPart() {
    const { state, compareTrack } = this.page;
    const c = state.compare;
    return c.on && c.spec && compareTrack.timeline && !c.error ? { view: c.view, spec: c.spec } : null;
  }

  /** The options that restore a link's B (`with`: A's preset's parameters or any spec); `a` is the link's A. */
  optionsFor(value, a) {
    if (kindOf(value) === "preset" && isPresetRef(a) && value.preset === a.preset) return { withParams: value.params || {} };
    if (kindOf(value) === "params") return { withParams: value && typeof value === "object" && !Array.isArray(value) ? value : {} };
    return { with: value };
  }

  /** Compare mode on (B fetched) or off; options as `adopt` takes them (a link, the test hook). */
  async set(on, options = {}) {
    const { state, compareTrack, player, playback, transport } = this.page;
    const c = state.compare;
    this.adopt(on, options);
    if (on && options.link) {
      const link = await this.source.openLink(options.link, { emit: false });
      if (!link) return;
      c.link = link;
    }
    if (on) {
      if (c.source === "spec" && !c.inline && this.source.prefill(state.expanded)) c.inline = state.expanded;
      await this.load();
    } else {
      c.seq++;
      c.loading = false;
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
