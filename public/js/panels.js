// Where extension modules hook into the page (see docs/PAGE.md, "Extending the page").
//
// The page has three slots, each a container with a data-slot attribute: "transition"
// (the left column, under the preset form), "player" (under the stage, the transport and
// the timeline) and "inspect" (the right column, under Curves, Spec and Share). A module
// adds a panel with addPanel() and follows the page through `pageEvents`:
//
//   "spec"      detail {spec, expanded}  the current spec (a preset reference or an inline
//                                        spec) and, once fetched, the full spec it expands to
//   "timeline"  detail {timeline}        the timeline now on the stage (frames included)
//
// Modules are listed in extensions.js, one import each, so that they load after the page.

/** The page's events; see the module comment. */
export const pageEvents = new EventTarget();

/** The last detail of each event, so that a module loaded late still gets the current state. */
export const current = { spec: null, expanded: null, timeline: null };

export function emit(name, detail) {
  Object.assign(current, detail);
  pageEvents.dispatchEvent(new CustomEvent(name, { detail }));
}

let panels = 0;

/**
 * Adds a panel with a heading to a slot and returns its body element (a <div> to fill).
 * @param {{slot: "transition"|"player"|"inspect", title: string, id?: string}} options
 */
export function addPanel({ slot, title, id }) {
  const host = document.querySelector(`[data-slot="${slot}"]`);
  if (!host) throw new Error(`addPanel: no slot "${slot}" (transition, player or inspect)`);
  const key = id || `panel-${++panels}`;
  const section = document.createElement("section");
  section.className = "slot-panel";
  section.id = key;
  section.setAttribute("aria-labelledby", `${key}-h`);
  const heading = document.createElement("h2");
  heading.id = `${key}-h`;
  heading.textContent = title;
  const body = document.createElement("div");
  body.className = "slot-body";
  section.append(heading, body);
  host.append(section);
  return body;
}
