// Pictures, the page's side of the raster formats (docs/PAGE.md, "Pictures"): the row that
// downloads the transition as a GIF, APNG, WebP or MP4 — drawn on the server, at the chosen
// scale, looping when the player loops — or the frame on the stage as a PNG, and Copy image,
// which puts that frame on the clipboard as image/png (the Clipboard API). A browser that
// will not let a page write an image there (an insecure origin, a refused permission, no
// ClipboardItem) gets a sentence saying so, and the PNG is offered as a download instead.

import { $ } from "./dom.js";
import { render } from "./api.js";
import { download } from "./share.js";

export class Pictures {
  /** @param {object} page  the page's parts (app.js) */
  constructor(page) {
    this.page = page;
    /** The last download or copy: {n, format, type, size, filename, t, scale} or {n, format, error}. */
    this.last = null;
    this.count = 0;
    for (const button of document.querySelectorAll("[data-picture]")) {
      button.addEventListener("click", () => this.download(button.dataset.picture, button.textContent));
    }
    $("copy-image").addEventListener("click", () => this.copy());
  }

  /** The playhead's time, within the timeline (a PNG's `t=`). */
  time() {
    const { player } = this.page;
    return Math.min(Math.max(player.t, 0), player.duration);
  }

  /** The query of a picture of the current spec: scale, the frame for a PNG, the loop for the rest. */
  options(format) {
    const { player } = this.page;
    const options = { scale: $("picture-scale").value };
    if (format === "png") options.t = String(this.time());
    else if (player.loop && format !== "webm" && format !== "mp4") options.loop = "true";
    if ($("reduce-motion").checked) options.reduceMotion = "true";
    return options;
  }

  status(text) { $("picture-status").textContent = text; }

  /** Records what the last download or copy gave, numbered (the tests wait for the next one). */
  record(result) { this.last = { n: ++this.count, ...result }; }

  async download(format, label) {
    const { state } = this.page;
    if (!state.spec) return;
    const options = this.options(format);
    this.status(`Drawing ${label}…`);
    try {
      const saved = await download(state.spec, format, options);
      this.record({ ...saved, t: options.t === undefined ? null : Number(options.t), scale: Number(options.scale) });
      this.status(`Saved ${saved.filename} (${saved.type}, ${saved.size.toLocaleString()} bytes).`);
    } catch (error) {
      this.record({ format, error: error.message });
      this.status(error.message);
    }
  }

  /** The frame on the stage as a PNG on the clipboard; a download where the browser refuses. */
  async copy() {
    const { state } = this.page;
    if (!state.spec) return;
    const options = this.options("png");
    const t = Number(options.t);
    const blob = render(state.spec, "png", undefined, options);
    try {
      if (!window.ClipboardItem || !navigator.clipboard?.write) throw new Error("no Clipboard API here");
      // The item takes the promise, so the click's user activation covers the whole render.
      await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
      const size = (await blob).size;
      this.record({ format: "png", copied: true, type: "image/png", size, t, scale: Number(options.scale) });
      this.status(`Copied the frame at ${t.toFixed(3)} s as a PNG (${size.toLocaleString()} bytes): paste it anywhere.`);
    } catch (error) {
      let failure = error;
      try { await blob; } catch (renderError) { failure = renderError; }
      if (failure !== error) {
        this.record({ format: "png", error: failure.message });
        this.status(failure.message);
        return;
      }
      this.record({ format: "png", copied: false, error: error.message, t });
      this.status(`This browser would not put an image on the clipboard (${error.message}); ` +
        "use the PNG button to save the frame instead.");
    }
  }
}
