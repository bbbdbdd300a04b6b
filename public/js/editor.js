// The spec editor: a textarea whose text is validated by the server as you type
// (debounced). Problems are listed with their JSON pointers; each resolves to the line of
// the text where the pointer (or its nearest existing parent) is, and selects it on click.
// A valid edit is handed to `onValid` at once.

import { validate, ApiError } from "./api.js";

/**
 * Where each value of a JSON text starts and ends, by JSON pointer (RFC 6901).
 * For valid JSON only; returns a Map pointer → [start, end] (character offsets).
 */
export function pointerOffsets(text) {
  const spans = new Map();
  let i = 0;
  const ws = () => { while (i < text.length && " \t\r\n".includes(text[i])) i++; };
  const escapeKey = (key) => key.replace(/~/g, "~0").replace(/\//g, "~1");
  const quoted = () => {
    let out = "";
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") {
        const c = text[i + 1];
        if (c === "u") { out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16)); i += 6; continue; }
        out += { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" }[c] ?? c;
        i += 2;
        continue;
      }
      out += text[i++];
    }
    i++; // closing quote
    return out;
  };
  const value = (pointer) => {
    ws();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++; ws();
      while (i < text.length && text[i] !== "}") {
        ws();
        const key = quoted();
        ws(); i++; // colon
        value(`${pointer}/${escapeKey(key)}`);
        ws();
        if (text[i] === ",") i++;
        ws();
      }
      i++;
    } else if (c === "[") {
      i++; ws();
      let k = 0;
      while (i < text.length && text[i] !== "]") {
        value(`${pointer}/${k++}`);
        ws();
        if (text[i] === ",") i++;
        ws();
      }
      i++;
    } else if (c === '"') {
      quoted();
    } else {
      while (i < text.length && !",]} \t\r\n".includes(text[i])) i++;
      // Malformed text (a misplaced bracket): stop rather than loop without moving.
      if (i === start) throw new SyntaxError(`no value at ${i}`);
    }
    spans.set(pointer, [start, i]);
  };
  try { value(""); } catch { /* a partial map is still useful */ }
  return spans;
}

/** 2273 → "2,273". (`toLocaleString` first loads the page's number formats: 20–25 ms of a preset switch.) */
const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * JSON text for the editor: a value that fits on one line of `width` characters (with its
 * indentation and key) stays on one line (`{"x": 1, "y": [0, 1]}`), as does a list of
 * numbers however long (a matrix); a larger value is spread over lines, two spaces an indent. `JSON.stringify(v, null, 2)` puts every
 * number of every matrix on a line of its own: explode's spec took 11,000 lines, whose
 * layout in the textarea cost the main thread 350 ms on a preset switch (docs/PAGE.md,
 * "Performance"); this gives a few thousand and keeps a layer's changes on their own lines.
 */
export function formatJSON(value, width = 120) {
  // The one-line text of v; null as soon as it is longer than `budget` characters (a value
  // spread over lines is not written out whole at every depth: explode's spec, 87 KB, was
  // written out about five times over).
  const inline = (v, budget = Infinity) => {
    if (Array.isArray(v)) {
      let text = "[";
      for (let i = 0; i < v.length; i++) {
        if (i) text += ", ";
        const t = inline(v[i], budget - text.length - 1);
        if (t === null) return null;
        text += t ?? "null";
        if (text.length + 1 > budget) return null;
      }
      return `${text}]`;
    }
    if (v && typeof v === "object") {
      let text = "{";
      for (const [k, x] of Object.entries(v)) {
        const key = `${text.length > 1 ? ", " : ""}${JSON.stringify(k)}: `;
        const t = inline(x, budget - text.length - key.length - 1);
        if (t === null) return null;
        if (t === undefined) continue;
        text += key + t;
        if (text.length + 1 > budget) return null;
      }
      return `${text}}`;
    }
    const t = JSON.stringify(v);
    return t !== undefined && t.length > budget ? null : t;
  };
  const write = (v, indent, lead) => {
    if (!v || typeof v !== "object") return inline(v);
    const flat = inline(v, width - indent.length - lead);
    if (flat !== null) return flat;
    // A list of numbers (a matrix, a point) stays on its line however long.
    if (Array.isArray(v) && v.every((x) => x === null || typeof x !== "object")) return inline(v);
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (!v.length) return "[]";
      return `[\n${v.map((x) => inner + (write(x, inner, 0) ?? "null")).join(",\n")}\n${indent}]`;
    }
    const parts = [];
    for (const [k, x] of Object.entries(v)) {
      const key = `${JSON.stringify(k)}: `;
      const t = write(x, inner, key.length);
      if (t !== undefined) parts.push(inner + key + t);
    }
    return parts.length ? `{\n${parts.join(",\n")}\n${indent}}` : "{}";
  };
  return write(value, "", 0) ?? "";
}

/** Characters of JSON above which a spec waits for the editor to be used (every preset's is
 *  under 5,600 but explode's, 87,000: our choice, between the two). */
const HELD_BACK = 20_000;

/** 1-based line and column of an offset. */
export function lineColumn(text, offset) {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** The span of a pointer, or of its nearest parent that exists in the text. */
function locate(spans, pointer) {
  let p = pointer;
  for (;;) {
    if (spans.has(p)) return { span: spans.get(p), exact: p === pointer };
    if (!p) return null;
    p = p.slice(0, p.lastIndexOf("/"));
  }
}

/** Byte offset (UTF-8, as the server counts) → character offset. */
function charOffset(text, byteOffset) {
  const bytes = new TextEncoder().encode(text);
  return new TextDecoder().decode(bytes.slice(0, byteOffset)).length;
}

/**
 * Dispatches "edit" at every user edit, "valid" ({detail: {text, spec}}) when the server
 * accepts the text, "problems" ({detail: {problems}}) when it refuses it.
 */
export class Editor extends EventTarget {
  /** @param {HTMLButtonElement} [reveal]  shows a large spec held back (see `set`) */
  constructor(textarea, problemsList, status, reveal = null) {
    super();
    this.textarea = textarea;
    this.problemsList = problemsList;
    this.status = status;
    this.reveal = reveal;
    this.heldBack = null;  // the text of a large spec not yet in the textarea
    this.problems = [];
    this._timer = 0;
    this._seq = 0;
    reveal?.addEventListener("click", () => { this.showHeldBack(); textarea.focus(); });
    textarea.addEventListener("focus", () => this.showHeldBack());
    textarea.addEventListener("input", () => {
      // Text typed or pasted over a held-back spec replaces it.
      if (this.heldBack !== null) { this.heldBack = null; this.textarea.placeholder = ""; if (this.reveal) this.reveal.hidden = true; }
      this.dispatchEvent(new Event("edit"));
      clearTimeout(this._timer);
      this.status.textContent = "Checking…";
      this._timer = setTimeout(() => this.check(), 350);
    });
  }

  /**
   * Shows a spec without validating it (it came from the server or a link). A large one
   * (more than HELD_BACK characters: explode's 222 layers, 87 KB) is held back until the
   * editor is focused or its button pressed: laying out that much text in a textarea took
   * the main thread 100–270 ms, a long task on every switch to it (docs/PAGE.md, "Performance").
   */
  set(spec) {
    clearTimeout(this._timer);
    this._seq++;
    const text = typeof spec === "string" ? spec : formatJSON(spec);
    const large = typeof spec !== "string" && text.length > HELD_BACK && this.reveal;
    this.heldBack = large ? text : null;
    this.textarea.value = large ? "" : text;
    this.textarea.placeholder = large
      ? `This spec is ${Math.round(text.length / 1000)} KB (${thousands(text.split("\n").length)} lines): focus here or press Show the spec to edit it.`
      : "";
    if (this.reveal) this.reveal.hidden = !large;
    this.showProblems([]);
    this.status.textContent = "";
  }

  /** Puts a held-back spec in the textarea. */
  showHeldBack() {
    if (this.heldBack === null) return;
    this.textarea.value = this.heldBack;
    this.heldBack = null;
    this.textarea.placeholder = "";
    if (this.reveal) this.reveal.hidden = true;
  }

  get text() { this.showHeldBack(); return this.textarea.value; }

  async check() {
    const seq = ++this._seq;
    const text = this.textarea.value;
    try {
      await validate(text);
      if (seq !== this._seq) return;
      this.showProblems([]);
      this.status.textContent = "Valid — playing it.";
      this.dispatchEvent(new CustomEvent("valid", { detail: { text, spec: JSON.parse(text) } }));
    } catch (error) {
      if (seq !== this._seq) return;
      if (error instanceof ApiError && error.status && error.errors.length) {
        const problems = error.errors.map((e) => ({ ...e }));
        if (error.problem?.offset !== undefined) problems.forEach((p) => { p.offset = charOffset(text, error.problem.offset); });
        this.showProblems(problems);
        this.dispatchEvent(new CustomEvent("problems", { detail: { problems: this.problems } }));
        this.status.textContent = `${problems.length} problem${problems.length === 1 ? "" : "s"} — the stage keeps the last valid transition.`;
      } else {
        this.showProblems([]);
        this.status.textContent = error.message;
      }
    }
  }

  showProblems(problems) {
    const text = this.textarea.value;
    const spans = problems.length ? pointerOffsets(text) : new Map();
    this.problems = problems.map((p) => {
      let start = null, end = null, exact = false;
      if (p.offset !== undefined) {
        start = p.offset; end = Math.min(text.length, p.offset + 1); exact = true;
      } else {
        const found = locate(spans, p.pointer || "");
        if (found) { [start, end] = found.span; exact = found.exact; }
      }
      return { ...p, start, end, exact, line: start === null ? null : lineColumn(text, start).line };
    });
    this.problemsList.replaceChildren(...this.problems.map((p) => {
      const li = document.createElement("li");
      const go = document.createElement("button");
      go.type = "button";
      go.className = "pointer";
      go.textContent = p.offset !== undefined ? `byte ${p.offset}` : (p.pointer || "/");
      go.setAttribute("aria-label", `Go to ${go.textContent}${p.line ? `, line ${p.line}` : ""}`);
      go.addEventListener("click", () => this.select(p));
      const where = document.createElement("span");
      where.className = "where";
      where.textContent = p.line ? `line ${p.line}${p.exact ? "" : " (nearest)"}` : "";
      const msg = document.createElement("span");
      msg.className = "message";
      msg.textContent = p.message;
      li.append(go, " ", where, " ", msg);
      li.dataset.pointer = p.pointer ?? "";
      return li;
    }));
    this.problemsList.hidden = problems.length === 0;
  }

  /** Selects the lines of the value at a JSON pointer (e.g. /animations/0); false when absent. */
  selectPointer(pointer) {
    this.showHeldBack();
    const text = this.textarea.value;
    const found = locate(pointerOffsets(text), pointer);
    if (!found || !found.exact) return false;
    const [start, end] = found.span;
    this.select({ start, end, line: lineColumn(text, start).line });
    return true;
  }

  select(problem) {
    if (problem.start === null) return;
    const ta = this.textarea;
    ta.focus();
    ta.setSelectionRange(problem.start, problem.end);
    // Scroll the line into view: textarea has no API, so estimate from the line height.
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 16;
    ta.scrollTop = Math.max(0, (problem.line - 3) * lh);
  }
}
