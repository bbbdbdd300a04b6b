// The gallery: every preset as a card with a preview — its filmstrip, which turns into the
// self-playing SVG (looped) while the pointer or the focus is on the card, so that a page
// of cards does not keep dozens of animations running —
// grouped by where it comes from (the source documents, VCTransitionsLibrary, Hero,
// IBAnimatable), with
// a filter box. Choosing a card opens the preset in the player through `onOpen(name)`.

const GROUPS = [
  { id: "documents", title: "Source documents", test: (p) => /^\d{3} /.test(p.source) },
  { id: "vctl", title: "VCTransitionsLibrary", test: (p) => p.source.startsWith("VCTransitionsLibrary") },
  { id: "hero", title: "Hero", test: (p) => p.source.startsWith("Hero") },
  { id: "ibanimatable", title: "IBAnimatable (and the VCTL presets' library: \"ibanimatable\")", test: (p) => p.source.startsWith("IBAnimatable") },
  { id: "other", title: "Other", test: () => true },
];

/** The group id of a preset, from its `source`. */
export function groupOf(preset) { return GROUPS.find((g) => g.test(preset)).id; }

function previewURL(name, live) {
  const u = new URL(`v1/presets/${encodeURIComponent(name)}/timeline`, new URL(".", document.baseURI));
  if (live) {
    u.searchParams.set("format", "svg");
    u.searchParams.set("loop", "true");
    u.searchParams.set("fps", "30");
  } else {
    u.searchParams.set("format", "filmstrip");
    u.searchParams.set("filmstripFrames", "4");
  }
  return u.href;
}

/** Dispatches "open" ({detail: {name}}) when a card is chosen. */
export class Gallery extends EventTarget {
  /** Fills `root` (an element with a heading) with the filter box and one card per preset. */
  constructor(root, presets) {
    super();
    this.root = root;
    this.cards = [];
    const filter = document.createElement("input");
    filter.type = "search";
    filter.id = "gallery-filter";
    filter.placeholder = "Filter: name, library, words of the summary";
    filter.setAttribute("aria-label", "Filter the presets");
    filter.addEventListener("input", () => this.filter(filter.value));
    this.count = document.createElement("output");
    this.count.id = "gallery-count";
    this.count.setAttribute("aria-live", "polite");
    root.append(filter, this.count);
    for (const group of GROUPS) {
      const members = presets.filter((p) => groupOf(p) === group.id);
      if (!members.length) continue;
      const section = document.createElement("section");
      section.className = "gallery-group";
      section.dataset.group = group.id;
      const h = document.createElement("h3");
      h.textContent = group.title;
      const list = document.createElement("ul");
      list.className = "gallery-cards";
      for (const preset of members) list.append(this._card(preset, group));
      section.append(h, list);
      root.append(section);
    }
    this.filter("");
  }

  _card(preset, group) {
    const li = document.createElement("li");
    li.className = "gallery-card";
    li.dataset.preset = preset.name;
    const button = document.createElement("button");
    button.type = "button";
    button.title = `${preset.summary}\n${preset.source}`;
    const img = document.createElement("img");
    img.loading = "lazy";
    img.alt = `${preset.name}: four frames; hover to play`;
    img.src = previewURL(preset.name, false);
    const play = (live) => { img.src = previewURL(preset.name, live); img.dataset.live = String(live); };
    button.addEventListener("pointerenter", () => play(true));
    button.addEventListener("focus", () => play(true));
    button.addEventListener("pointerleave", () => play(false));
    button.addEventListener("blur", () => play(false));
    const name = document.createElement("strong");
    name.textContent = preset.name;
    const summary = document.createElement("small");
    summary.textContent = preset.summary;
    button.append(img, name, summary);
    button.addEventListener("click", () => this.dispatchEvent(new CustomEvent("open", { detail: { name: preset.name } })));
    li.append(button);
    this.cards.push({ li, text: `${preset.name} ${group.title} ${preset.summary} ${preset.source}`.toLowerCase() });
    return li;
  }

  /** Shows the cards whose name, library, summary or source contain every word of `query`. */
  filter(query) {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const card of this.cards) {
      const match = words.every((w) => card.text.includes(w));
      card.li.hidden = !match;
      if (match) shown++;
    }
    for (const section of this.root.querySelectorAll(".gallery-group")) {
      section.hidden = ![...section.querySelectorAll(".gallery-card")].some((li) => !li.hidden);
    }
    this.count.textContent = `${shown} of ${this.cards.length} presets`;
  }
}
