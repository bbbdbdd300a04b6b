// The presets picker and a form per preset, built from GET /v1/presets: one labelled
// control per parameter, showing its default. Only parameters that differ from their
// defaults go into the spec ({"preset": name, "params": {…}}), so links stay short.

const CUSTOM = "";

/** Whether a spec is a preset reference ({"preset": name, "params": {…}}) rather than an inline spec. */
export const isPresetRef = (spec) => !!spec && typeof spec === "object" && typeof spec.preset === "string";

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

/** Dispatches "change" ({detail: {spec}}) when the user picks a preset or edits a parameter. */
export class PresetForm extends EventTarget {
  constructor(select, form, description) {
    super();
    this.select = select;
    this.form = form;
    this.description = description;
    this.presets = [];
    this.controls = new Map();   // parameter name → {param, read(), write(v), el}
    this._timer = 0;
    select.addEventListener("change", () => {
      if (select.value === CUSTOM) return;
      this.build(select.value, {});
      this._emitChange();
    });
  }

  setPresets(presets) {
    this.presets = presets;
    this.select.replaceChildren(
      ...presets.map((p) => new Option(p.name, p.name)),
      new Option("Custom spec (editor)", CUSTOM));
  }

  get preset() { return this.presets.find((p) => p.name === this.select.value) || null; }

  /** Shows a preset and its parameters (values given in `params`, the rest at their defaults). */
  build(name, params) {
    this.select.value = name;
    const preset = this.preset;
    this.controls.clear();
    this.form.replaceChildren();
    this.description.textContent = preset ? `${preset.summary} — ${preset.source}` : "";
    if (!preset) return;
    for (const param of preset.parameters) {
      const control = this._control(param, params[param.name]);
      this.controls.set(param.name, control);
      this.form.append(control.row);
    }
  }

  /** Marks the custom entry (the editor holds a spec that is not a preset reference). */
  showCustom() {
    this.select.value = CUSTOM;
    this.controls.clear();
    this.form.replaceChildren();
    this.description.textContent = "A spec of your own: edit it on the right. Pick a preset to start from one.";
  }

  /** The preset reference for the current form. */
  spec() {
    const params = {};
    for (const [name, c] of this.controls) {
      const v = c.read();
      if (v !== undefined && !same(v, c.param.default)) params[name] = v;
    }
    return Object.keys(params).length ? { preset: this.select.value, params } : { preset: this.select.value };
  }

  /** Shows the server's problems at /params/<name> next to their fields. */
  showProblems(errors) {
    for (const c of this.controls.values()) { c.error.textContent = ""; c.el.removeAttribute("aria-invalid"); }
    for (const e of errors) {
      const m = /^\/params\/([^/]+)/.exec(e.pointer || "");
      const c = m && this.controls.get(m[1].replace(/~1/g, "/").replace(/~0/g, "~"));
      if (c) { c.error.textContent = e.message; c.el.setAttribute("aria-invalid", "true"); }
    }
  }

  _changed() {
    clearTimeout(this._timer);
    this._timer = setTimeout(() => this._emitChange(), 250);
  }

  _emitChange() { this.dispatchEvent(new CustomEvent("change", { detail: { spec: this.spec() } })); }

  /** Whether the picker shows the custom entry (the editor's spec) rather than a preset. */
  get isCustom() { return this.select.value === CUSTOM; }

  _control(param, given) {
    const id = `param-${param.name}`;
    const row = document.createElement("div");
    row.className = "param";
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = param.name;
    const help = document.createElement("small");
    help.id = `${id}-help`;
    help.textContent = param.description;
    const error = document.createElement("small");
    error.className = "param-error";
    error.id = `${id}-error`;
    error.setAttribute("role", "status");
    let el, read, write;
    const value = given !== undefined ? given : param.default;
    switch (param.type) {
      case "choice":
        el = document.createElement("select");
        // A choice whose default is null ("auto": the preset decides) offers that first.
        if (param.default === null) el.add(new Option("auto", ""));
        for (const v of param.values) el.add(new Option(v, v));
        read = () => (el.value === "" ? undefined : el.value);
        write = (v) => { el.value = v === null || v === undefined ? "" : v; };
        break;
      case "bool":
        el = document.createElement("input");
        el.type = "checkbox";
        read = () => el.checked;
        write = (v) => { el.checked = !!v; };
        row.classList.add("bool");
        break;
      case "integer":
      case "number":
        el = document.createElement("input");
        el.type = "number";
        el.step = param.type === "integer" ? "1" : "any";
        if (param.minimum !== undefined) el.min = param.minimum;
        if (param.maximum !== undefined) el.max = param.maximum;
        if (param.default === null) el.placeholder = "auto";
        read = () => (el.value.trim() === "" ? (param.default === null ? undefined : param.default) : Number(el.value));
        write = (v) => { el.value = v === null || v === undefined ? "" : v; };
        break;
      default: // rect, progress, gesture, anything structured: JSON text
        el = document.createElement("input");
        el.type = "text";
        el.spellcheck = false;
        el.placeholder = param.default === null ? "auto (JSON)" : "JSON";
        read = () => {
          const text = el.value.trim();
          if (!text) return param.default === null ? undefined : param.default;
          try { return JSON.parse(text); } catch { return text; } // the server says what is wrong
        };
        write = (v) => { el.value = v === null || v === undefined ? "" : JSON.stringify(v); };
    }
    el.id = id;
    el.name = param.name;
    el.setAttribute("aria-describedby", `${help.id} ${error.id}`);
    write(value);
    el.addEventListener(el.type === "text" || el.type === "number" ? "input" : "change", () => this._changed());
    if (param.type === "bool") row.append(el, label, help, error);
    else row.append(label, el, help, error);
    return { param, read, write, el, row, error };
  }
}
