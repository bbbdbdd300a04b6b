// Your screens (docs/PAGE.md, "Your screens"): two images of the user's app on the from-
// and to-views of every preset. Dropped or pasted onto the stage, or picked with the
// panel's buttons, each is uploaded once (POST /v1/assets) and named by its id in every
// preset reference the page loads — A's and compare's B — as the presets' `fromImage` and
// `toImage` parameters. The ids are kept in localStorage, so the screens survive preset
// switches and reloads; a thumbnail shows which screen is on which view, with a button to
// remove it.

import { ApiError } from "./api.js";
import { $ } from "./dom.js";
import { isPresetRef } from "./presets.js";

const STORAGE_KEY = "animatic.screens";
/** The two views, in the order dropped files fill them, with their preset parameter. */
export const VIEWS = [["from", "fromImage"], ["to", "toImage"]];
const ACCEPTED = ["image/png", "image/jpeg", "image/webp", "image/gif"];

export class Screens {
  /** @param {object} page  the page's parts (app.js) */
  constructor(page) {
    this.page = page;
    this.ids = { from: null, to: null };
    try {
      const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "{}");
      for (const [view] of VIEWS) if (typeof saved[view] === "string") this.ids[view] = saved[view];
    } catch { /* storage unavailable or not ours: start empty */ }
    this.uploads = 0;
    for (const [view] of VIEWS) {
      $(`screen-${view}-pick`).addEventListener("change", (event) => {
        const [file] = event.target.files;
        event.target.value = "";
        if (file) this.add([file], view);
      });
      $(`screen-${view}-remove`).addEventListener("click", () => this.remove(view));
    }
    const viewport = $("stage-viewport");
    viewport.addEventListener("dragover", (event) => {
      if (![...event.dataTransfer.types].includes("Files")) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
      viewport.classList.add("dropping");
    });
    viewport.addEventListener("dragleave", () => viewport.classList.remove("dropping"));
    viewport.addEventListener("drop", (event) => {
      viewport.classList.remove("dropping");
      const files = [...event.dataTransfer.files];
      if (!files.length) return;
      event.preventDefault();
      this.add(files);
    });
    // A pasted screenshot goes on the stage unless the paste is meant for a text field.
    document.addEventListener("paste", (event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target?.isContentEditable) return;
      const files = [...(event.clipboardData?.files || [])].filter((f) => ACCEPTED.includes(f.type));
      if (!files.length) return;
      event.preventDefault();
      this.add(files);
    });
    this.render();
  }

  /** The preset parameters of the screens set: {fromImage, toImage} (either may be absent). */
  params() {
    const out = {};
    for (const [view, name] of VIEWS) if (this.ids[view]) out[name] = this.ids[view];
    return out;
  }

  /** `spec` with the screens on its views: a preset reference gets them as parameters. */
  apply(spec) {
    if (!isPresetRef(spec)) return spec;
    const screens = this.params();
    if (!Object.keys(screens).length) return spec;
    return { preset: spec.preset, params: { ...(spec.params || {}), ...screens } };
  }

  /**
   * Uploads `files` and puts them on the views: one file on `view` (or the first view
   * without a screen, else "from"), two files on from and to. Reloads the transition.
   */
  async add(files, view) {
    const images = files.filter((f) => ACCEPTED.includes(f.type) || f.type === "");
    if (!images.length) {
      this.status(`Not an image: ${files.map((f) => f.name || f.type).join(", ")}. Use a PNG, JPEG, WebP or GIF.`);
      return;
    }
    const targets = view ? [view]
      : images.length > 1 ? ["from", "to"]
        : [VIEWS.map(([v]) => v).find((v) => !this.ids[v]) || "from"];
    this.status(`Uploading ${images.length > 1 ? "2 screens" : "the screen"}…`);
    try {
      for (const [k, target] of targets.entries()) {
        const asset = await this.page.api.uploadAsset(images[k]);
        this.ids[target] = asset.id;
      }
    } catch (error) {
      this.status(error instanceof ApiError ? error.message : String(error));
      return;
    }
    this.uploads += 1;
    this.save();
    this.render();
    this.status(`${targets.map((t) => t === "from" ? "From" : "To").join(" and ")}: your screen${targets.length > 1 ? "s" : ""}.`);
    await this.reload();
  }

  /** Takes the screen off `view` and reloads the transition without it. */
  async remove(view) {
    if (!this.ids[view]) return;
    this.ids[view] = null;
    this.save();
    this.render();
    this.status(`${view === "from" ? "From" : "To"}: the preset's own view again.`);
    const spec = this.page.state.spec;
    const name = VIEWS.find(([v]) => v === view)[1];
    if (isPresetRef(spec) && spec.params && name in spec.params) {
      const params = { ...spec.params };
      delete params[name];
      await this.page.loader.load(Object.keys(params).length ? { preset: spec.preset, params } : { preset: spec.preset });
    }
  }

  /** An id the server no longer knows (evicted, another server): forgotten, with a sentence. */
  forgetUnknown(errors) {
    let forgotten = false;
    for (const [view, name] of VIEWS) {
      if (this.ids[view] && errors.some((e) => e.pointer === `/params/${name}`)) {
        this.ids[view] = null;
        forgotten = true;
      }
    }
    if (forgotten) {
      this.save();
      this.render();
      this.status("The server no longer has a screen (its store evicts the least used): drop it again.");
    }
    return forgotten;
  }

  async reload() {
    const { state, loader } = this.page;
    const spec = isPresetRef(state.spec) ? state.spec : state.basePreset;
    if (spec) await loader.load(spec);
  }

  save() {
    try { localStorage.setItem(STORAGE_KEY, JSON.stringify(this.ids)); } catch { /* private mode: this visit only */ }
  }

  status(text) { $("screens-status").textContent = text; }

  /** The thumbnails: each view's screen (or "none"), with its remove button. */
  render() {
    for (const [view] of VIEWS) {
      const id = this.ids[view];
      const thumb = $(`screen-${view}-thumb`);
      thumb.replaceChildren();
      if (id) {
        const img = document.createElement("img");
        img.src = this.page.api.assetURL(id);
        img.alt = `${view === "from" ? "From" : "To"} view: your screen`;
        img.title = id;
        thumb.append(img);
      } else {
        thumb.textContent = "none";
      }
      $(`screen-${view}-remove`).hidden = !id;
    }
  }
}
