// Interactive mode, the page's side: the Interactive box, the rule line under it, and the
// drag (interact.js) following the current spec. While the finger moves, the stage shows
// the frame under it and the transport follows (percent × duration); on release the
// recorded gesture is loaded as the preset's `gesture` and its finish or cancel plays.

import { $ } from "./dom.js";
import { Interaction } from "./interact.js";
import { isPresetRef } from "./presets.js";

export class Drive {
  /** @param {object} page  the page's parts (app.js) */
  constructor(page) {
    this.page = page;
    this.box = $("interactive");
    this.ruleCache = new Map();
    const { api, player, stage, transport, state } = page;
    this.interaction = new Interaction($("screen"), stage, { api, player });
    this.interaction.addEventListener("frame", ({ detail: { timeline, states, percent } }) => {
      transport.ensureStage(timeline);
      stage.show(states);
      // The transport follows the finger: the scrubber, time and playheads at percent × duration.
      transport.renderTransport(percent * player.duration);
    });
    this.interaction.addEventListener("release", ({ detail: { spec } }) => {
      this.status("Released — asking the server…");
      page.loader.load(spec, { start: 0, autoplay: false }).then((ok) => {
        const run = state.timeline?.interaction;
        if (!ok || !run || state.spec !== spec) return;
        state.outcome = run.outcome;
        this.status(`Released at ${(run.percentAtRelease * 100).toFixed(0)}% → ${run.outcome} ` +
          `(${run.completionDuration?.toFixed?.(3) ?? "—"} s). Drag again, or scrub the whole run.`);
        player.play({ from: run.releaseTime });
      });
    });
    this.interaction.addEventListener("progress", () => this.status(`percent ${(this.interaction.percent * 100).toFixed(0)}%`));
    this.box.addEventListener("change", async () => {
      this.status(this.box.checked ? "Preparing…" : "");
      await this.sync();
    });
  }

  /** Whether the Interactive box is ticked. */
  get wanted() { return this.box.checked; }

  status(text) { $("drive-status").textContent = text; }

  /** No drag may drive the transition about to be replaced. */
  stop() { if (this.interaction.enabled) this.interaction.disable(); }

  /** The server's interaction rule for a preset reference (null: none), with what it still needs. */
  async ruleFor(spec) {
    if (!isPresetRef(spec)) return null;
    const { form, api } = this.page;
    const listed = form.presets.find((p) => p.name === spec.preset);
    if (!listed?.interaction) return null;
    const params = { ...(spec.params || {}) };
    for (const k of ["interactive", "progress", "gesture", "cancelled"]) delete params[k];
    let rule = listed.interaction;
    if (Object.keys(params).length) {
      const key = JSON.stringify([spec.preset, params]);
      if (!this.ruleCache.has(key)) this.ruleCache.set(key, api.interactionRule(spec.preset, params).catch(() => null));
      rule = (await this.ruleCache.get(key)) ?? listed.interaction;
    }
    const missing = Object.entries(rule.requires || {}).filter(([k, v]) => params[k] !== v).map(([k, v]) => `${k}: "${v}"`);
    return { ...rule, missing: missing.length ? missing.join(", ") : null };
  }

  /** Makes the Interactive box, its rule line and the drag follow the current spec. */
  async sync() {
    const { state, form } = this.page;
    const interaction = this.interaction;
    const spec = state.spec;
    const rule = await this.ruleFor(spec);
    if (spec !== state.spec) return;
    this.box.disabled = !rule;
    if (!rule) {
      const names = form.presets.filter((p) => p.interaction).map((p) => p.name).join(", ");
      $("drive-rule").textContent = `This transition has no interaction to drive (${names} do).`;
      if (this.box.checked) { this.box.checked = false; this.status(""); }
      interaction.disable();
    } else if (rule.missing) {
      $("drive-rule").textContent = `Set ${rule.missing} to drive it. Rule: ${rule.text}.`;
      interaction.disable();
    } else {
      $("drive-rule").textContent = `Rule: ${rule.text}.`;
      if (this.box.checked) {
        try {
          const preset = form.presets.find((p) => p.name === spec.preset);
          await interaction.enable(spec, rule, { interactiveParam: !!preset?.parameters.some((p) => p.name === "interactive") });
          if (spec === state.spec && !$("drive-status").textContent.startsWith("Released")) this.status("Drag on the stage.");
        } catch (error) { this.status(error.message); }
      } else {
        interaction.disable();
      }
    }
    document.body.classList.toggle("interactive", this.box.checked && !!rule && !rule.missing);
  }
}
