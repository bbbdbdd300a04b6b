// Compare mode's B, chosen one of three ways (docs/PAGE.md, "Compare"): a preset with its
// parameters (A's own preset unless another is picked), a second spec editor (checked by the
// server as you type, like A's: problems listed at their JSON pointers), or a link (a
// /s/{id} URL or its id: B is that link's spec, from GET /v1/links/{id}). A component: it
// knows its elements and the server, and dispatches "change" with the part of B's choice
// that changed ({source}, {preset, with}, {with}, {inline}, {link}); compare-mode.js keeps
// the choice and turns it into a spec.

import { ApiError, getLink } from "./api.js";
import { $ } from "./dom.js";
import { Editor } from "./editor.js";
import { isPresetRef } from "./presets.js";

/** The ways to give B, in the order the radio buttons offer them. */
export const SOURCES = ["preset", "spec", "link"];

/** A link's id in a /s/{id} or /embed/{id} URL, or a bare id (10 to 43 base-62 digits); null otherwise. */
export function linkId(text) {
  const t = String(text).trim();
  const m = /\/(?:s|embed)\/([0-9A-Za-z]{10,43})\/?(?:[?#].*)?$/.exec(t) || /^([0-9A-Za-z]{10,43})$/.exec(t);
  return m ? m[1] : null;
}

/**
 * What a value given as B (by a link or the test hook) is: "preset" (a preset reference),
 * "spec" (an inline spec: it has `layers`), or "params" (parameters of A's preset, as
 * links made before B could be anything carry it).
 */
export function kindOf(value) {
  if (isPresetRef(value)) return "preset";
  if (value && typeof value === "object" && Array.isArray(value.layers)) return "spec";
  return "params";
}

export class CompareSource extends EventTarget {
  constructor() {
    super();
    this.presetSelect = $("compare-preset");
    this.params = $("compare-params");
    this.linkInput = $("compare-link");
    this.editor = new Editor($("compare-spec"), $("compare-problems"), $("compare-spec-status"));
    this.linkSeq = 0;
    this.timer = 0;
    for (const radio of document.querySelectorAll('input[name="compare-source"]')) {
      radio.addEventListener("change", () => { this.showSource(radio.value); this.emit({ source: radio.value }); });
    }
    this.presetSelect.addEventListener("change", () => {
      // Another preset's parameters differ: B starts from the new preset's defaults.
      this.params.value = "{}";
      this.params.removeAttribute("aria-invalid");
      this.emit({ preset: this.presetSelect.value || null, with: {} });
    });
    this.params.addEventListener("input", () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.readParams(), 300);
    });
    this.editor.addEventListener("valid", ({ detail: { spec } }) => this.emit({ inline: spec }));
    this.editor.addEventListener("problems", ({ detail: { problems } }) => {
      const n = problems.length;
      this.dispatchEvent(new CustomEvent("invalid", { detail: {
        message: `B's spec has ${n} problem${n === 1 ? "" : "s"}, listed under it; B stays the last valid one.` } }));
    });
    // Enter or leaving the field opens it; so does a pasted link, a moment after the last keystroke.
    this.linkInput.addEventListener("change", () => { clearTimeout(this.timer); this.openLink(this.linkInput.value); });
    this.linkInput.addEventListener("input", () => {
      clearTimeout(this.timer);
      if (linkId(this.linkInput.value)) this.timer = setTimeout(() => this.openLink(this.linkInput.value), 300);
    });
  }

  emit(detail) { this.dispatchEvent(new CustomEvent("change", { detail })); }

  /** The presets B may be (GET /v1/presets), after "A's preset". */
  setPresets(presets) {
    if (this.presetSelect.options.length > 1) return;
    this.presetSelect.append(...presets.map((p) => new Option(p.name, p.name)));
  }

  readParams() {
    let params;
    try { params = JSON.parse(this.params.value || "{}"); } catch (error) {
      this.params.setAttribute("aria-invalid", "true");
      this.dispatchEvent(new CustomEvent("invalid", { detail: { message: `Not JSON: ${error.message}` } }));
      return;
    }
    if (!params || typeof params !== "object" || Array.isArray(params)) {
      this.params.setAttribute("aria-invalid", "true");
      this.dispatchEvent(new CustomEvent("invalid", { detail: {
        message: "B's parameters must be a JSON object, e.g. {\"folds\": 3}." } }));
      return;
    }
    this.params.removeAttribute("aria-invalid");
    this.emit({ with: params });
  }

  /** Shows the fields of one way of giving B. */
  showSource(source) {
    for (const s of SOURCES) $(`compare-from-${s}`).hidden = s !== source;
    for (const r of document.querySelectorAll('input[name="compare-source"]')) r.checked = r.value === source;
  }

  /** Shows a choice made elsewhere (a link, the test hook) without dispatching anything. */
  show({ source, preset, with: params, inline, link }) {
    this.showSource(source);
    this.presetSelect.value = preset && [...this.presetSelect.options].some((o) => o.value === preset) ? preset : "";
    this.params.value = JSON.stringify(params ?? {});
    this.params.removeAttribute("aria-invalid");
    if (inline && inline !== this.shownInline) { this.editor.set(inline); this.shownInline = inline; }
    if (link && linkId(this.linkInput.value) !== link.id) this.linkInput.value = link.id;
  }

  /** Puts a spec in B's editor (A's, as a starting point) when it is empty. */
  prefill(spec) {
    if (this.editor.text.trim() || !spec) return false;
    this.editor.set(spec);
    this.shownInline = spec;
    return true;
  }

  /**
   * Fetches a link's state and makes its spec B: dispatches "change" ({link: {id, spec}})
   * unless `emit` is false, and resolves to that {id, spec}; says what is wrong otherwise (null).
   */
  async openLink(text, { emit = true } = {}) {
    const seq = ++this.linkSeq;
    const id = linkId(text);
    const fail = (message) => {
      this.linkInput.setAttribute("aria-invalid", "true");
      this.dispatchEvent(new CustomEvent("invalid", { detail: { message } }));
    };
    if (!id) {
      fail("Not a link: paste a link of this server (…/s/3kTq9ZbW0x) or its id (10 or more letters and digits).");
      return null;
    }
    try {
      const state = await getLink(id);
      if (seq !== this.linkSeq) return null;
      if (!state || !state.spec || typeof state.spec !== "object") { fail(`Link ${id} holds no spec.`); return null; }
      this.linkInput.removeAttribute("aria-invalid");
      if (linkId(this.linkInput.value) !== id) this.linkInput.value = id;
      const link = { id, spec: state.spec };
      if (emit) this.emit({ link });
      return link;
    } catch (error) {
      if (seq !== this.linkSeq) return null;
      fail(error instanceof ApiError && error.status === 404
        ? `No link ${id} on this server (or it keeps no links).` : `Link ${id}: ${error.message}`);
      return null;
    }
  }
}
