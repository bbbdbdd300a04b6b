// Loading a spec: fetches its timeline (and, for a preset reference, the full spec it
// expands to) and puts it on the stage, with everything that follows the current spec —
// the editor, the Swift panel, compare's B, the interactive drive, the link. Only the last
// load started wins: an earlier one that answers later is dropped.

import { ApiError } from "./api.js";
import { $ } from "./dom.js";
import { emit } from "./panels.js";
import { isPresetRef } from "./presets.js";

/** After the next frame is drawn (or 100 ms, for a tab that draws none): the page's work so far is laid out and painted by then. */
export function nextFrame() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); resolve(); }, 0));
  });
}

export class Loader {
  /** @param {object} page  the page's parts (app.js) */
  constructor(page) {
    this.page = page;
    this.seq = 0;
  }

  /**
   * Makes `spec` current: fetches its timeline and plays it. `text` is the editor's text
   * when the spec came from there (sent as typed, so that offsets match). Throws nothing:
   * resolves to true when the spec is on the stage.
   */
  async load(spec, { text, fromEditor = false, start, autoplay = true } = {}) {
    const page = this.page;
    const { api, state, drive, form, player, messages } = page;
    // Your screens on the views of a preset (screens.js), unless the editor's text is sent as typed.
    if (text === undefined && page.screens) spec = page.screens.apply(spec);
    const seq = ++this.seq;
    state.loading = true;
    document.body.classList.add("loading");
    // A drag must never drive the transition being replaced.
    drive.stop();
    try {
      const timeline = await api.timeline(text ?? spec, { reduceMotion: $("reduce-motion").checked });
      if (seq !== this.seq) return false;
      const expanded = isPresetRef(spec) ? await api.expandPreset(spec.preset, spec.params || {}) : spec;
      if (seq !== this.seq) return false;
      state.spec = spec;
      state.expanded = expanded;
      if (isPresetRef(spec)) state.basePreset = spec;
      page.swiftPanel.show(spec);
      messages.clear();
      form.showProblems([]);
      player.pause();
      if (state.compare.on) await page.compare.load({ quiet: true });
      if (seq !== this.seq) return false;
      await drive.sync();
      if (seq !== this.seq) return false;
      await page.links.update({ t: start ?? 0 });
      if (seq !== this.seq) return false;
      // The timeline panel, the editor and the stage each in a task (and a frame) of their
      // own: built in one, a big transition (explode's 222 layers) blocked the main thread
      // for a second (docs/PAGE.md, "Performance").
      if (!(await page.timelinePanel.set(expanded, timeline))) return false;
      if (seq !== this.seq) return false;
      await nextFrame();
      if (seq !== this.seq) return false;
      if (!fromEditor) page.editor.set(expanded);
      await nextFrame();
      if (seq !== this.seq) return false;
      page.transport.ensureStage(timeline, start ?? 0);
      await nextFrame();
      if (seq !== this.seq) return false;
      const jumps = page.player.jumpsOf(timeline);
      page.curves.setTimeline(timeline);
      await nextFrame();
      if (seq !== this.seq) return false;
      page.playback.prepare(timeline, jumps, Math.max(timeline.duration, page.player.span));
      await nextFrame();
      if (seq !== this.seq) return false;
      // Last, with nothing awaited after it: the clock starts when the load is done.
      page.transport.present(timeline, { start: start ?? 0, autoplay });
      emit("spec", { spec, expanded });
      emit("timeline", { timeline });
      return true;
    } catch (error) {
      if (seq !== this.seq || error.name === "AbortError") return false;
      state.errorStack = error instanceof ApiError ? null : String(error.stack || error);
      const details = error.errors || [];
      // A screen the server no longer has: forget it and show the preset without it.
      if (isPresetRef(spec) && page.screens?.forgetUnknown(details)) {
        const params = { ...(spec.params || {}) };
        for (const e of details) delete params[(e.pointer || "").replace(/^\/params\//, "")];
        return this.load(Object.keys(params).length ? { preset: spec.preset, params } : { preset: spec.preset },
          { start, autoplay });
      }
      if (isPresetRef(spec) && details.length) {
        form.showProblems(details);
        messages.show(`${error.message.replace(/\.$/, "")} — see the fields marked under Parameters.`);
      } else {
        messages.show(error.message, { details });
      }
      if (drive.wanted) await drive.sync();
      return false;
    } finally {
      if (seq === this.seq) { state.loading = false; document.body.classList.remove("loading"); }
    }
  }
}
