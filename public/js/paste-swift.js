// Paste Swift, a feature controller: puts the Swift import panel (swift-import.js) in the
// page's "transition" slot, sends what is pasted to POST /v1/import/swift, and plays the spec
// that comes out through the loader, as any spec (docs/PAGE.md, docs/EXPORT.md "Import").

import { addPanel } from "./panels.js";
import { SwiftImportPanel } from "./swift-import.js";

export class PasteSwift {
  /** @param {object} page  the page's parts (app.js) */
  constructor(page) {
    this.page = page;
    this.seq = 0;
    this.panel = new SwiftImportPanel(addPanel({ slot: "transition", title: "Paste Swift", id: "paste-swift" }));
    this.panel.addEventListener("import", ({ detail }) => this.import(detail));
  }

  /** Imports `source`; on success the spec becomes current (editor, stage, link) and plays. */
  async import({ source, operation }) {
    const seq = ++this.seq;
    const { api, form, loader } = this.page;
    try {
      const result = await api.importSwift(source, { operation });
      if (seq !== this.seq) return;
      form.showCustom();
      this.panel.showResult(result);
      await loader.load(result.spec);
    } catch (error) {
      if (seq !== this.seq) return;
      this.panel.showError(error);
    }
  }
}
