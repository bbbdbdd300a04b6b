// The page's composition root: makes its parts, hands each feature controller the page
// (`page` below), wires the components' events, and starts. The controllers, one concept
// each: messages.js (the strip above the stage), transport.js (the stage and transport at
// the clock's time), loader.js (making a spec current), drive.js (interactive mode),
// compare-mode.js (compare mode), links.js (share link, downloads, opening a link),
// pictures.js (the GIF/APNG/WebP/MP4/PNG row and Copy image), screens.js (your screens
// on the from- and to-views),
// controls.js (buttons and keys), first-visit.js (the default transition loops until the
// visitor's first action), test-hook.js (window.animatic). Components tell the page
// what happened with DOM events (addEventListener, CustomEvent with a `detail`); what a
// component asks of the page (the frame at t, the hover text) is a function given to its
// constructor. Extension modules hook in through panels.js (addPanel, pageEvents) and are
// listed in extensions.js (docs/PAGE.md).

import * as api from "./api.js";
import { $ } from "./dom.js";
import { Stage } from "./stage.js";
import { Player } from "./player.js";
import { CurvePanel, PROPERTIES } from "./curves.js";
import { Editor } from "./editor.js";
import { PresetForm, isPresetRef } from "./presets.js";
import { Gallery } from "./gallery.js";
import { TimelinePanel } from "./timeline.js";
import { CompareTrack } from "./compare.js";
import { CompositorPlayback } from "./playback.js";
import { SwiftPanel } from "./swift-export.js";
import { Messages } from "./messages.js";
import { Transport } from "./transport.js";
import { Loader } from "./loader.js";
import { Drive } from "./drive.js";
import { CompareMode } from "./compare-mode.js";
import { Links } from "./links.js";
import { Pictures } from "./pictures.js";
import { Screens } from "./screens.js";
import { Controls } from "./controls.js";
import { PasteSwift } from "./paste-swift.js";
import { FirstVisit } from "./first-visit.js";
import { installTestHook } from "./test-hook.js";

const player = new Player();

/** Layer `index`'s x, y, scale, rotation and opacity at t, as the timeline panel's hover shows them. */
function valuesAt(index, t) {
  const s = player.timeline.frames[player.frameIndexAt(t)].layers[index];
  return ["x", "y", "scale", "rotation", "opacity"].map((key) => {
    const [label, unit, read] = PROPERTIES[key];
    const v = read(s);
    return `${label} ${Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)}${unit === "pt" ? "" : unit}`;
  }).join(", ");
}

/** The page: its state, its components and (below) its feature controllers. */
const page = {
  api,
  reducedMotion: matchMedia("(prefers-reduced-motion: reduce)"),
  state: {
    spec: null,          // the current spec: a preset reference or an inline spec
    expanded: null,      // the full spec it expands to (what the editor shows for a preset)
    basePreset: null,    // the last preset reference shown (compare's B for an edited spec)
    timeline: null,      // the timeline on the stage
    loads: 0,            // timelines shown so far
    loading: false,
    errorStack: null,    // a failure's stack when it was not the server's answer
    lastDownload: null,
    outcome: null,       // of the last interactive release
    compare: { on: false, view: "side", with: {}, spec: null, rows: [], error: null, seq: 0 },
  },
  player,
  stage: new Stage($("stage-viewport"), $("device"), $("screen")),
  stageB: new Stage($("stage-viewport"), $("device-b"), $("screen-b")),
  curves: new CurvePanel($("curve"), $("curve-layer"), $("curve-props"), $("curve-playhead"), $("curve-readout"),
    { frameAt: (t) => player.frameIndexAt(t) }),
  timelinePanel: new TimelinePanel($("timeline"), $("timeline-readout"), { valuesAt }),
  editor: new Editor($("spec-editor"), $("problems"), $("spec-status"), $("spec-reveal")),
  form: new PresetForm($("preset"), $("params"), $("preset-desc")),
  compareTrack: new CompareTrack(),
  playback: new CompositorPlayback(),
  swiftPanel: new SwiftPanel($("swift-panel")),
};
page.messages = new Messages(page.state);
page.links = new Links(page);
page.pictures = new Pictures(page);
page.screens = new Screens(page);
page.transport = new Transport(page);
page.loader = new Loader(page);
page.drive = new Drive(page);
page.compare = new CompareMode(page);
page.controls = new Controls(page);
page.pasteSwift = new PasteSwift(page);
page.firstVisit = new FirstVisit(page);

const { form, editor, timelinePanel, curves, loader, messages } = page;

// Presets form → spec.
form.addEventListener("change", ({ detail: { spec } }) => loader.load(spec));

// Editor → spec (valid edits only; problems stay next to their pointers, listed once).
editor.addEventListener("edit", () => { if (!form.isCustom) form.showCustom(); });
editor.addEventListener("valid", ({ detail: { text, spec } }) => {
  if (isPresetRef(spec)) form.build(spec.preset, spec.params || {});
  loader.load(spec, { text, fromEditor: true });
});
editor.addEventListener("problems", ({ detail: { problems } }) => {
  const n = problems.length;
  messages.show(`The spec in the editor has ${n} problem${n === 1 ? "" : "s"}, listed under it; the stage keeps the last valid transition.`, {
    kind: "notice",
    actions: [["Show the problems", () => {
      $("problems").scrollIntoView({ block: "nearest" });
      $("problems").querySelector("button")?.focus();
    }]],
  });
});

// Timeline bar → its block in the editor and its layer in Curves.
timelinePanel.addEventListener("select", ({ detail: { pointer, layerId } }) => {
  curves.showLayer(layerId);
  if (!editor.selectPointer(pointer)) {
    $("spec-status").textContent = `The editor does not hold ${pointer} (a preset reference?): pick the preset to see its full spec.`;
  } else {
    $("spec-status").textContent = `Selected ${pointer} (${layerId}).`;
  }
});

async function start() {
  try {
    const presets = await api.listPresets();
    form.setPresets(presets);
    const gallery = new Gallery($("gallery"), presets);
    gallery.addEventListener("open", ({ detail: { name } }) => {
      form.build(name, {});
      loader.load({ preset: name });
      document.querySelector(".center")?.scrollIntoView({ behavior: "smooth", block: "start" });
    });
  } catch (error) {
    messages.show(error.message, { actions: [["Try again", () => { messages.clear(); start(); }]] });
    return;
  }
  await page.links.open();
  await import("./extensions.js");
}

installTestHook(page);
start();
