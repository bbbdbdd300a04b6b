// The Paste Swift panel: a text area for a UIKit animator's Swift, an Import button, and the
// importer's problems listed with the source line each one points at (docs/EXPORT.md,
// "Import"). A component: it knows nothing of the page. It tells what happened with events —
// `import` ({source, operation}) when the button is pressed — and shows what it is given
// (showResult, showError); paste-swift.js connects it to the server and the stage.

export class SwiftImportPanel extends EventTarget {
  /** Builds the panel inside `mount` (an element the page provides). */
  constructor(mount) {
    super();
    mount.innerHTML = `
      <p class="hint">Paste an animation controller (<code>animateTransition(using:)</code>) to watch
        it frame by frame. What the import cannot read is listed next to its line.</p>
      <label for="swift-source" class="visually-hidden">Swift source</label>
      <textarea id="swift-source" class="swift-code" spellcheck="false" wrap="off"
        placeholder="final class MyAnimator: NSObject, UIViewControllerAnimatedTransitioning { … }"></textarea>
      <div class="row">
        <label for="swift-operation">if isPresenting</label>
        <select id="swift-operation">
          <option value="present">present</option>
          <option value="dismiss">dismiss</option>
        </select>
        <button type="button" id="swift-import">Import and play</button>
      </div>
      <span id="swift-import-status" class="hint" role="status" aria-live="polite"></span>
      <ul id="swift-import-problems" class="problems" aria-label="What the import could not read" hidden></ul>`;
    this.source = mount.querySelector("#swift-source");
    this.operation = mount.querySelector("#swift-operation");
    this.button = mount.querySelector("#swift-import");
    this.status = mount.querySelector("#swift-import-status");
    this.list = mount.querySelector("#swift-import-problems");
    this.problems = [];
    this.button.addEventListener("click", () => {
      const source = this.source.value;
      if (!source.trim()) {
        this.status.textContent = "Paste a Swift animator first.";
        return;
      }
      this.status.textContent = "Importing…";
      this.dispatchEvent(new CustomEvent("import", { detail: { source, operation: this.operation.value } }));
    });
  }

  /** The server's answer: the spec came out; its problems next to their lines. */
  showResult({ problems = [], parameters = [] }) {
    const n = problems.length;
    this.status.textContent = `Imported and playing; ${n ? `${n} note${n > 1 ? "s" : ""} below` : "nothing left unread"}` +
      (parameters.length ? ` (${parameters.length} value${parameters.length > 1 ? "s" : ""} from your app, as parameters).` : ".");
    this.showProblems(problems);
  }

  /** No spec came out: the message, and the located problems when the server sent them. */
  showError(error) {
    const problems = Array.isArray(error.problem?.problems) ? error.problem.problems : [];
    this.status.textContent = problems.length ? "No spec came out of this code:" : error.message;
    this.showProblems(problems);
  }

  /** Each problem as `line:column`, the source line it points at, and its message. */
  showProblems(problems) {
    this.problems = problems;
    const lines = this.source.value.split("\n");
    this.list.replaceChildren(...problems.map((p) => {
      const li = document.createElement("li");
      li.dataset.line = String(p.line);
      const where = document.createElement("button");
      where.type = "button";
      where.className = "pointer";
      where.textContent = `${p.line}:${p.column}`;
      where.title = "Select this line in the source";
      where.addEventListener("click", () => this.selectLine(p.line));
      const code = document.createElement("code");
      code.className = "where";
      code.textContent = (lines[p.line - 1] ?? "").trim();
      const message = document.createElement("span");
      message.className = "message";
      message.textContent = p.message;
      li.append(where, " ", code, message);
      return li;
    }));
    this.list.hidden = problems.length === 0;
  }

  /** Selects line `n` (1-based) of the source, so the problem's code is in view. */
  selectLine(n) {
    const lines = this.source.value.split("\n");
    const start = lines.slice(0, n - 1).reduce((sum, line) => sum + line.length + 1, 0);
    this.source.focus();
    this.source.setSelectionRange(start, start + (lines[n - 1] ?? "").length);
  }

  /** For the page's test hook and the tests. */
  state() {
    return { status: this.status.textContent, problems: this.problems };
  }
}
