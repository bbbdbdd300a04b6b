// The Swift panel: the current transition as a UIKit animator in Swift (docs/EXPORT.md),
// shown read-only with a copy button. Its own module, so the page's layout needs only a
// mount (<section id="swift-panel">) and one call per loaded spec (panel.show(spec)).
// The code is fetched when the panel is open: a closed panel costs no request.

const base = new URL(".", document.baseURI);
/** The marker of the file's warning lines (SwiftExportWarning.marker on the server). */
const WARNING = "// NOT EXPRESSIBLE ";

/** The warnings a generated file lists in its first comment lines (before `import`). */
export function warningsOf(source) {
  const warnings = [];
  for (const line of source.split("\n")) {
    if (line.startsWith("import ")) break;
    if (line.startsWith(WARNING)) warnings.push(line.slice(WARNING.length));
  }
  return warnings;
}

export class SwiftPanel {
  /** Builds the panel inside `mount` (an element the page provides). */
  constructor(mount) {
    this.spec = null;
    this.source = "";
    this.loadedFor = null;
    this.seq = 0;
    mount.innerHTML = `
      <h2 id="swift-h">Swift</h2>
      <details id="swift-details">
        <summary>UIKit animator for this transition</summary>
        <p class="hint">The spec as a <code>UIViewControllerAnimatedTransitioning</code> class
          (and its interaction controller), every block commented with its JSON pointer.</p>
        <div class="row">
          <button type="button" id="swift-copy" disabled>Copy Swift</button>
          <span id="swift-status" class="hint" role="status" aria-live="polite"></span>
        </div>
        <ul id="swift-warnings" class="problems" aria-label="Not expressible in Swift" hidden></ul>
        <label for="swift-code" class="visually-hidden">Swift code</label>
        <textarea id="swift-code" class="swift-code" readonly spellcheck="false" wrap="off"></textarea>
      </details>`;
    this.details = mount.querySelector("#swift-details");
    this.code = mount.querySelector("#swift-code");
    this.copyButton = mount.querySelector("#swift-copy");
    this.status = mount.querySelector("#swift-status");
    this.warningList = mount.querySelector("#swift-warnings");
    this.details.addEventListener("toggle", () => { if (this.details.open) this.refresh(); });
    this.copyButton.addEventListener("click", () => this.copy());
  }

  /** The page loaded `spec`: refetch now if the panel is open, else when it opens. */
  show(spec) {
    this.spec = spec;
    if (this.details.open) this.refresh();
  }

  async refresh() {
    if (!this.spec || this.loadedFor === this.spec) return;
    const seq = ++this.seq;
    const spec = this.spec;
    this.status.textContent = "Writing the Swift…";
    try {
      const u = new URL("v1/timeline", base);
      u.searchParams.set("format", "swift");
      const response = await fetch(u, {
        method: "POST", body: JSON.stringify(spec),
        headers: { "Content-Type": "application/json", Accept: "text/x-swift" },
      });
      if (!response.ok) throw new Error(`The server refused (${response.status}).`);
      const text = await response.text();
      if (seq !== this.seq) return;
      this.source = text;
      this.loadedFor = spec;
      this.code.value = text;
      this.copyButton.disabled = false;
      const warnings = warningsOf(text);
      this.warningList.replaceChildren(...warnings.map((w) => {
        const li = document.createElement("li");
        li.textContent = w;
        return li;
      }));
      this.warningList.hidden = warnings.length === 0;
      this.status.textContent = `${text.split("\n").length - 1} lines` +
        (warnings.length ? `; ${warnings.length} part${warnings.length > 1 ? "s" : ""} not expressible exactly (listed, and commented in the code).` : ".");
    } catch (error) {
      if (seq !== this.seq) return;
      this.status.textContent = `No Swift: ${error.message}`;
    }
  }

  /** Copies the code: the Clipboard API, else the selected text and execCommand. */
  async copy() {
    if (!this.source) return;
    try {
      await navigator.clipboard.writeText(this.source);
      this.status.textContent = "Swift copied.";
    } catch {
      this.code.focus();
      this.code.select();
      const copied = document.execCommand?.("copy");
      this.status.textContent = copied ? "Swift copied." : "Press Ctrl+C (⌘C) to copy the selected code.";
    }
  }

  /** For the page's test hook. */
  state() {
    return { open: this.details.open, length: this.source.length, warnings: warningsOf(this.source),
             status: this.status.textContent };
  }
}
