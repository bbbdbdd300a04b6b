// Messages: one strip above the stage, never over it. An error says what went wrong (with
// the server's problems, each at its JSON pointer); a notice informs; a sticky notice (a
// broken link) stays until dismissed. The strip's state is read by the test hook.

import { $ } from "./dom.js";

export class Messages {
  /** @param {{timeline: object|null}} state  the page's state: with no timeline yet, an error adds a hint */
  constructor(state) {
    this.state = state;
    this.error = null;    // the error shown, if any
    this.notice = null;   // a notice that stays until dismissed (a broken link)
  }

  show(text, { kind = "error", details = [], sticky = false, actions = [] } = {}) {
    const box = $("message");
    if (kind === "error") this.error = text;
    if (sticky) this.notice = text;
    box.className = `banner ${kind}`;
    box.dataset.sticky = String(sticky);
    const p = document.createElement("p");
    p.textContent = text;
    const parts = [p];
    if (details.length) {
      const list = document.createElement("ul");
      for (const d of details) {
        const li = document.createElement("li");
        const code = document.createElement("code");
        code.textContent = d.pointer || "/";
        li.append(code, " ", d.message);
        list.append(li);
      }
      parts.push(list);
    }
    if (kind === "error" && !this.state.timeline) {
      const hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = "Nothing to show yet. Fix the problem above, or reload the page when the server is back.";
      parts.push(hint);
    }
    for (const [label, action] of [...actions, ...(sticky ? [["Dismiss", () => this.clear({ sticky: true })]] : [])]) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.addEventListener("click", action);
      parts.push(b);
    }
    box.replaceChildren(...parts);
    box.hidden = false;
  }

  /** Hides the strip; a sticky notice (a broken link) stays unless asked. */
  clear({ sticky = false } = {}) {
    this.error = null;
    const box = $("message");
    if (box.dataset.sticky === "true" && !sticky) return;
    if (sticky) this.notice = null;
    box.hidden = true;
    box.dataset.sticky = "false";
  }
}
