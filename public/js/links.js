// Sharing, the page's side: the address bar and the share box follow the current spec and
// the player's state (share.js encodes them); Copy link; the download buttons; and opening
// the page from a link — a broken one says so and shows the default transition instead.

import { createLink } from "./api.js";
import { $ } from "./dom.js";
import { decodeSpec, decodeState, download, linkedState, putInURL } from "./share.js";
import { isPresetRef } from "./presets.js";

export const DEFAULT_PRESET = "fold";

export class Links {
  /** @param {object} page  the page's parts (app.js) */
  constructor(page) {
    this.page = page;
    this.timer = 0;
    $("copy-link").addEventListener("click", () => this.copy());
    for (const button of document.querySelectorAll("[data-format]")) {
      button.addEventListener("click", () => this.download(button));
    }
    window.addEventListener("hashchange", async () => {
      if (page.state.spec && location.href === $("share-link").value) return;
      await this.open();
    });
  }

  /** The player's state that a link carries. */
  state() {
    const { player } = this.page;
    return {
      speed: player.speed, loop: player.loop, t: player.playing ? 0 : player.t,
      // Compare mode: B as A's preset's parameters or as a spec (compare-mode.js).
      ...this.page.compare?.urlPart(),
      reduceMotion: $("reduce-motion").checked, zoom: this.page.stage.zoom,
    };
  }

  /** Puts the current spec and state (with `overrides`) in the address bar and the share box. */
  async update(overrides = {}) {
    const spec = this.page.state.spec;
    if (!spec) return;
    $("share-link").value = await putInURL(spec, { ...this.state(), ...overrides });
  }

  /** The same, a moment after the last of a burst of changes (a drag on the scrubber). */
  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.update(), 150);
  }

  /** The state a short link keeps (docs/API.md, "Links"): B, in compare mode, is any spec. */
  linkState() {
    const { player, state } = this.page;
    const spec = state.spec;
    const link = { spec, speed: player.speed, loop: player.loop };
    if (this.page.drive.wanted) link.drive = true;
    if (!player.playing && player.t > 0) link.t = Number(player.t.toFixed(4));
    const compare = this.page.compare.linkPart();
    if (compare) link.compare = compare;
    if ($("reduce-motion").checked) link.reduceMotion = true;
    if (this.page.stage.zoom !== "fit") link.zoom = this.page.stage.zoom;
    return link;
  }

  /**
   * Copy link: a short link from the server (/s/{id}) when it keeps links, else the
   * spec-in-URL link of the address bar (a server without a store, or one that refused).
   */
  async copy() {
    await this.update();
    const input = $("share-link");
    if (this.page.state.spec) {
      try {
        const made = await createLink(this.linkState());
        if (made) { input.value = made.url; this.page.state.lastLink = made; }
      } catch (error) {
        this.page.state.lastLink = { error: error.message };
      }
    }
    try {
      await navigator.clipboard.writeText(input.value);
      $("share-status").textContent = "Link copied.";
    } catch {
      input.focus(); input.select();
      $("share-status").textContent = "Press Ctrl+C (⌘C) to copy the selected link.";
    }
    // A spec-in-URL link leaves out a B too long for a URL (share.js, MAX_WITH_CHARS).
    if (this.page.compare.urlPart().with !== undefined && input.value.includes("#spec=") && !input.value.includes("&compare=")) {
      $("share-status").textContent += " B is too long to go in a link without the server's store: this link opens A alone.";
    }
  }

  async download(button) {
    const { state } = this.page;
    if (!state.spec) return;
    const format = button.dataset.format;
    $("share-status").textContent = `Rendering ${button.textContent}…`;
    try {
      state.lastDownload = await download(state.spec, format);
      const d = state.lastDownload;
      $("share-status").textContent = `Saved ${d.filename} (${d.type}, ${d.size.toLocaleString()} bytes).`;
    } catch (error) {
      state.lastDownload = { format, error: error.message };
      $("share-status").textContent = error.message;
    }
  }

  /** Shows the preset form for a spec (its preset and parameters, or the custom entry). */
  showInForm(spec) {
    const { form } = this.page;
    if (isPresetRef(spec) && form.presets.some((p) => p.name === spec.preset)) form.build(spec.preset, spec.params || {});
    else form.showCustom();
  }

  /** Opens what the address bar's fragment holds (the default transition when it holds nothing). */
  async open() {
    const { player, messages, loader, compare } = this.page;
    const load = (spec, options) => loader.load(spec, options);
    let spec = null;
    const fallback = { preset: DEFAULT_PRESET };
    // A short link's page (/s/{id}) carries its state in the page itself.
    const short = location.hash.startsWith("#spec=") ? null : linkedState();
    const linked = short ?? await decodeState(location.hash);
    try {
      spec = short ? short.spec : await decodeSpec(location.hash);
    } catch (error) {
      this.showInForm(fallback);
      await load(fallback);
      messages.show(`This link is broken: ${error.message.replace(/^This link's /, "its ")} ` +
        `Showing the default transition (${DEFAULT_PRESET}) instead.`, { kind: "notice", sticky: true });
      return;
    }
    if (!spec) { this.showInForm(fallback); this.page.firstVisit?.start(); await load(fallback); return; }
    if (linked.speed !== undefined) player.setSpeed(linked.speed);
    if (linked.loop !== undefined) player.setLoop(linked.loop);
    if (linked.drive) $("interactive").checked = true;
    // B: A's preset's parameters, or any spec (compare-mode.js tells them apart).
    const b = linked.compare ? { view: linked.compare, ...compare.optionsFor(linked.with, spec) } : null;
    if (b) compare.adopt(true, b);
    if (linked.reduceMotion !== undefined) $("reduce-motion").checked = linked.reduceMotion;
    if (linked.zoom !== undefined) this.page.controls.setZoom(linked.zoom);
    this.showInForm(spec);
    const paused = linked.t !== undefined;
    const ok = await load(spec, { start: linked.t, autoplay: !paused });
    if (!ok) {
      const why = messages.error || "the server refused it";
      this.showInForm(fallback);
      await load(fallback);
      messages.show(`This link's transition could not be shown — ${why} Showing the default transition (${DEFAULT_PRESET}) instead.`,
        { kind: "notice", sticky: true });
      return;
    }
    if (b) await compare.set(true, b);
    const notes = [];
    if (linked.problems.length) notes.push(`Parts of this link could not be used (${linked.problems.join("; ")}); they are at their defaults.`);
    // A playhead past the end is not clamped in silence: the page says where it put it.
    const end = player.duration;  // with compare mode, the longer of A and B (one clock)
    if (linked.t !== undefined && linked.t > end + 1e-6) {
      notes.push(`This link's playhead, t=${linked.t} s, is past the end of the transition (${end.toFixed(3)} s): showing its last frame.`);
    }
    if (notes.length) messages.show(notes.join(" "), { kind: "notice", sticky: true });
  }
}
