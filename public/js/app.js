// Wires the page together: presets, stage, player, timeline, curves, editor, interaction,
// compare, share. Extension modules hook in through panels.js (addPanel, pageEvents) and are
// listed in extensions.js. Exposes a small test hook, window.animatic (see docs/PAGE.md).

import * as api from "./api.js";
import { Stage } from "./stage.js";
import { Player, SPEEDS } from "./player.js";
import { CurvePanel, PROPERTIES } from "./curves.js";
import { Editor } from "./editor.js";
import { PresetForm } from "./presets.js";
import { Gallery } from "./gallery.js";
import { Interaction } from "./interact.js";
import { TimelinePanel } from "./timeline.js";
import { CompareTrack, differences, showDifferences } from "./compare.js";
import { decodeSpec, decodeState, putInURL, download } from "./share.js";
import { emit } from "./panels.js";
import { CompositorPlayback } from "./playback.js";
import { SwiftPanel } from "./swift-export.js";

const $ = (id) => document.getElementById(id);
const DEFAULT_PRESET = "fold";
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

const stage = new Stage($("stage-viewport"), $("device"), $("screen"));
const stageB = new Stage($("stage-viewport"), $("device-b"), $("screen-b"));
const player = new Player();
const curves = new CurvePanel($("curve"), $("curve-layer"), $("curve-props"), $("curve-playhead"), $("curve-readout"));
const timelinePanel = new TimelinePanel($("timeline"), $("timeline-readout"));
const editor = new Editor($("spec-editor"), $("problems"), $("spec-status"));
const form = new PresetForm($("preset"), $("params"), $("preset-desc"));
const compareTrack = new CompareTrack();
const playback = new CompositorPlayback();
const swiftPanel = new SwiftPanel($("swift-panel"));

const app = {
  spec: null,          // the current spec: a preset reference or an inline spec
  expanded: null,      // the full spec it expands to (what the editor shows for a preset)
  basePreset: null,    // the last preset reference shown (compare's B for an edited spec)
  timeline: null,      // the timeline on the stage
  loads: 0,            // timelines shown so far
  loading: false,
  error: null,         // the error shown, if any
  notice: null,        // a notice that stays until dismissed (a broken link)
  lastDownload: null,
  outcome: null,       // of the last interactive release
  seq: 0,
  stageKey: "",
  compare: { on: false, view: "side", with: {}, spec: null, rows: [], error: null, seq: 0 },
};

// ── Messages: one strip above the stage, never over it ─────────────────────────────────
function showMessage(text, { kind = "error", details = [], sticky = false, actions = [] } = {}) {
  const box = $("message");
  if (kind === "error") app.error = text;
  if (sticky) app.notice = text;
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
  if (kind === "error" && !app.timeline) {
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = "Nothing to show yet. Fix the problem above, or reload the page when the server is back.";
    parts.push(hint);
  }
  for (const [label, action] of [...actions, ...(sticky ? [["Dismiss", () => clearMessage({ sticky: true })]] : [])]) {
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
function clearMessage({ sticky = false } = {}) {
  app.error = null;
  const box = $("message");
  if (box.dataset.sticky === "true" && !sticky) return;
  if (sticky) app.notice = null;
  box.hidden = true;
  box.dataset.sticky = "false";
}

// ── Stage, transport, timeline ──────────────────────────────────────────────────────────
function ensureStage(timeline) {
  const key = JSON.stringify([timeline.container, timeline.layers.map(({ tracks, ...look }) => look)]);
  if (key !== app.stageKey) { stage.build(timeline); app.stageKey = key; }
}

let shownFrame = -1;
let transportFrames = 0;
/** While the compositor plays, the stage, the scrubber's head and both playheads move by
 *  themselves (playback.js) and the page only rewrites the time text, 4 times a second: the
 *  clock ticks at that pace (player.js, setPace). Where some layers are still the page's to
 *  draw (playback.mainThread), it ticks at every animation frame and draws those alone. Every change of the page's own makes the
 *  main thread draw a frame, and every such frame restyles each animated layer: at 15 a
 *  second, with the CPU slowed 6×, the main thread was busy enough to cost the compositor
 *  frames (docs/PAGE.md, Performance). Drawn by the page (what the compositor cannot play),
 *  the stage moves at every animation frame and the transport at every TRANSPORT_EVERY-th.
 *  Paused, everything is exact at once. */
const TRANSPORT_EVERY = 4;
const TRANSPORT_PACE_MS = 250;

/** The scrubber, time, curve and timeline playheads at t (the stage is separate: a drag shows its own). */
function renderTransport(t) {
  const compositor = player.playing && playback.running;  // the heads move by themselves
  if (player.playing && !player.pace && ++transportFrames % TRANSPORT_EVERY !== 0) return;
  const k = player.frameIndexAt(t);
  const n = Math.max(0, player.frameCount - 1);
  const scrubber = $("scrubber");
  if (!compositor) {
    curves.setTime(t, { readout: !player.playing });
    timelinePanel.setTime(t);
    if (document.activeElement !== scrubber || player.playing) scrubber.value = String(k);
  }
  if (k !== shownFrame || !player.playing) {
    shownFrame = k;
    $("time").textContent = `${t.toFixed(3)} s · frame ${k} / ${n}`;
  }
  if (!player.playing) scrubber.setAttribute("aria-valuetext", `${t.toFixed(3)} seconds, frame ${k} of ${n}`);
}

function render() {
  if (!player.timeline) return;
  if (playback.running) {
    // The layers the compositor cannot animate, if any, are still the page's to draw.
    const [mainA, mainB] = playback.mainThread;
    if (mainA?.size) stage.show(player.statesAt(player.t), mainA);
    if (mainB?.size && app.compare.on && compareTrack.timeline) stageB.show(compareTrack.statesAt(player.t), mainB);
    renderTransport(player.t);
    return;
  }
  stage.show(player.statesAt(player.t));
  if (app.compare.on && compareTrack.timeline) stageB.show(compareTrack.statesAt(player.t));
  renderTransport(player.t);
}

/** Hands the running clock's drawing to the compositor (playback.js) when the timelines allow. */
function startCompositor() {
  player.catchUp();  // the time so far: between two timer ticks the clock is up to a tick behind
  if (!player.playing || !player.timeline) return;
  const tracks = [{ elements: stage.elements, timeline: player.timeline, jumps: player._jumps }];
  if (app.compare.on && compareTrack.timeline) {
    tracks.push({ elements: stageB.elements, timeline: compareTrack.timeline, jumps: compareTrack.player._jumps });
  }
  const D = player.timeline.duration || 1;
  const playheads = [{ element: $("curve-playhead"), duration: D }, { element: $("scrub-head"), duration: D }];
  if (timelinePanel.playhead) playheads.push({ element: timelinePanel.playhead, duration: timelinePanel.duration });
  // Setting up (for hundreds of layers, a tenth of a second and more) does not count: the
  // clock waits for the animations, which start where it is.
  const now = () => { player.skipSinceLastTick(); return player.t; };
  playback.start({ tracks, playheads, t: now, speed: player.speed, loop: player.loop, span: player.duration });
  $("scrubber").parentElement.classList.toggle("compositor", playback.running);
  // Every animation frame while some layers are still the page's to draw.
  player.setPace(playback.running && !playback.sharesTheStage ? TRANSPORT_PACE_MS : 0);
}

player.addEventListener("time", render);
player.addEventListener("playstate", () => {
  const b = $("play");
  b.setAttribute("aria-label", player.playing ? "Pause" : "Play");
  b.classList.toggle("playing", player.playing);
  if (player.playing) {
    startCompositor();
  } else {
    player.setPace(0);
    playback.stop();
    $("scrubber").parentElement.classList.remove("compositor");
    render();
    scheduleLink();
  }
});

function showPhases(timeline) {
  const box = $("phases");
  box.replaceChildren();
  const D = timeline.duration || 1;
  for (const phase of timeline.interaction?.phases ?? []) {
    const mark = document.createElement("div");
    mark.className = `phase phase-${phase.name}`;
    mark.style.left = `${(phase.start / D) * 100}%`;
    mark.style.width = `${((phase.end - phase.start) / D) * 100}%`;
    mark.title = `${phase.name}: ${phase.start.toFixed(3)}–${phase.end.toFixed(3)} s`;
    mark.dataset.phase = phase.name;
    const label = document.createElement("span");
    label.textContent = phase.name;
    mark.append(label);
    box.append(mark);
  }
}

/** Puts a timeline on the stage. */
function present(timeline, { start = 0, autoplay = true } = {}) {
  app.timeline = timeline;
  ensureStage(timeline);
  showPhases(timeline);
  shownFrame = -1;
  curves.setTimeline(timeline);
  $("scrubber").max = String(Math.max(0, timeline.frames.length - 1));
  player.load(timeline, { start, play: autoplay && !reducedMotion.matches });
  app.loads++;
  document.body.dataset.loads = String(app.loads);
}

timelinePanel.valuesAt = (index, t) => {
  const s = player.timeline.frames[player.frameIndexAt(t)].layers[index];
  return ["x", "y", "scale", "rotation", "opacity"].map((key) => {
    const [label, unit, read] = PROPERTIES[key];
    const v = read(s);
    return `${label} ${Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)}${unit === "pt" ? "" : unit}`;
  }).join(", ");
};
timelinePanel.onSelect = (pointer, layerId) => {
  curves.showLayer(layerId);
  if (!editor.selectPointer(pointer)) {
    $("spec-status").textContent = `The editor does not hold ${pointer} (a preset reference?): pick the preset to see its full spec.`;
  } else {
    $("spec-status").textContent = `Selected ${pointer} (${layerId}).`;
  }
};

// ── Loading specs ───────────────────────────────────────────────────────────────────────
const isPresetRef = (spec) => spec && typeof spec === "object" && typeof spec.preset === "string";

/**
 * Makes `spec` current: fetches its timeline and plays it. `text` is the editor's text
 * when the spec came from there (sent as typed, so that offsets match). Throws nothing:
 * resolves to true when the spec is on the stage.
 */
async function load(spec, { text, fromEditor = false, start, autoplay = true } = {}) {
  const seq = ++app.seq;
  app.loading = true;
  document.body.classList.add("loading");
  // A drag must never drive the transition being replaced.
  if (interaction.enabled) interaction.disable();
  try {
    const timeline = await api.timeline(text ?? spec, { reduceMotion: $("reduce-motion").checked });
    if (seq !== app.seq) return false;
    const expanded = isPresetRef(spec) ? await api.expandPreset(spec.preset, spec.params || {}) : spec;
    if (seq !== app.seq) return false;
    app.spec = spec;
    app.expanded = expanded;
    if (isPresetRef(spec)) app.basePreset = spec;
    swiftPanel.show(spec);
    clearMessage();
    form.showProblems([]);
    player.pause();
    if (app.compare.on) await loadCompare({ quiet: true });
    if (seq !== app.seq) return false;
    await syncInteraction();
    if (seq !== app.seq) return false;
    await updateLink({ t: start ?? 0 });
    if (seq !== app.seq) return false;
    // Last, with nothing awaited after it: the clock starts when the load is done.
    timelinePanel.set(expanded, timeline);
    if (!fromEditor) editor.set(expanded);
    present(timeline, { start: start ?? 0, autoplay });
    emit("spec", { spec, expanded });
    emit("timeline", { timeline });
    return true;
  } catch (error) {
    if (seq !== app.seq || error.name === "AbortError") return false;
    app.errorStack = error instanceof api.ApiError ? null : String(error.stack || error);
    const details = error.errors || [];
    if (isPresetRef(spec) && details.length) {
      form.showProblems(details);
      showMessage(`${error.message.replace(/\.$/, "")} — see the fields marked under Parameters.`);
    } else {
      showMessage(error.message, { details });
    }
    if (interactive.checked) await syncInteraction();
    return false;
  } finally {
    if (seq === app.seq) { app.loading = false; document.body.classList.remove("loading"); }
  }
}

// Presets form → spec.
form.onChange = (spec) => load(spec);

// Editor → spec (valid edits only; problems stay next to their pointers, listed once).
editor.onEdit = () => { if (form.select.value !== "") form.showCustom(); };
editor.onValid = (text, spec) => {
  if (isPresetRef(spec)) form.build(spec.preset, spec.params || {});
  load(spec, { text, fromEditor: true });
};
editor.onProblems = (problems) => {
  const n = problems.length;
  showMessage(`The spec in the editor has ${n} problem${n === 1 ? "" : "s"}, listed under it; the stage keeps the last valid transition.`, {
    kind: "notice",
    actions: [["Show the problems", () => {
      $("problems").scrollIntoView({ block: "nearest" });
      $("problems").querySelector("button")?.focus();
    }]],
  });
};

// ── Interactive mode ────────────────────────────────────────────────────────────────────
const interactive = $("interactive");
const interaction = new Interaction($("screen"), stage, {
  api,
  player,
  showFrame(timeline, states, percent) {
    ensureStage(timeline);
    stage.show(states);
    // The transport follows the finger: the scrubber, time and playheads at percent × duration.
    renderTransport(percent * player.duration);
  },
  onRelease(spec) {
    driveStatus("Released — asking the server…");
    load(spec, { start: 0, autoplay: false }).then((ok) => {
      const run = app.timeline?.interaction;
      if (!ok || !run || app.spec !== spec) return;
      app.outcome = run.outcome;
      driveStatus(`Released at ${(run.percentAtRelease * 100).toFixed(0)}% → ${run.outcome} ` +
        `(${run.completionDuration?.toFixed?.(3) ?? "—"} s). Drag again, or scrub the whole run.`);
      player.play({ from: run.releaseTime });
    });
  },
});

function driveStatus(text) { $("drive-status").textContent = text; }

const ruleCache = new Map();

/** The server's interaction rule for a preset reference (null: none), with what it still needs. */
async function ruleFor(spec) {
  if (!isPresetRef(spec)) return null;
  const listed = form.presets.find((p) => p.name === spec.preset);
  if (!listed?.interaction) return null;
  const params = { ...(spec.params || {}) };
  for (const k of ["interactive", "progress", "gesture", "cancelled"]) delete params[k];
  let rule = listed.interaction;
  if (Object.keys(params).length) {
    const key = JSON.stringify([spec.preset, params]);
    if (!ruleCache.has(key)) ruleCache.set(key, api.interactionRule(spec.preset, params).catch(() => null));
    rule = (await ruleCache.get(key)) ?? listed.interaction;
  }
  const missing = Object.entries(rule.requires || {}).filter(([k, v]) => params[k] !== v).map(([k, v]) => `${k}: "${v}"`);
  return { ...rule, missing: missing.length ? missing.join(", ") : null };
}

/** Makes the Interactive box, its rule line and the drag follow the current spec. */
async function syncInteraction() {
  const spec = app.spec;
  const rule = await ruleFor(spec);
  if (spec !== app.spec) return;
  interactive.disabled = !rule;
  if (!rule) {
    const names = form.presets.filter((p) => p.interaction).map((p) => p.name).join(", ");
    $("drive-rule").textContent = `This transition has no interaction to drive (${names} do).`;
    if (interactive.checked) { interactive.checked = false; driveStatus(""); }
    interaction.disable();
  } else if (rule.missing) {
    $("drive-rule").textContent = `Set ${rule.missing} to drive it. Rule: ${rule.text}.`;
    interaction.disable();
  } else {
    $("drive-rule").textContent = `Rule: ${rule.text}.`;
    if (interactive.checked) {
      try {
        const preset = form.presets.find((p) => p.name === spec.preset);
        await interaction.enable(spec, rule, { interactiveParam: !!preset?.parameters.some((p) => p.name === "interactive") });
        if (spec === app.spec && !$("drive-status").textContent.startsWith("Released")) driveStatus("Drag on the stage.");
      } catch (error) { driveStatus(error.message); }
    } else {
      interaction.disable();
    }
  }
  document.body.classList.toggle("interactive", interactive.checked && !!rule && !rule.missing);
}

interactive.addEventListener("change", async () => {
  if (interactive.checked) driveStatus("Preparing…"); else driveStatus("");
  await syncInteraction();
});
interaction.addEventListener("progress", () => driveStatus(`percent ${(interaction.percent * 100).toFixed(0)}%`));

// ── Compare ─────────────────────────────────────────────────────────────────────────────
/** B: the preset with the compared parameters (A's preset, or the one an edit started from). */
function compareSpec() {
  const base = isPresetRef(app.spec) ? app.spec : app.basePreset;
  if (!base) return null;
  return { preset: base.preset, params: { ...app.compare.with } };
}

function setCompareLayout() {
  const on = app.compare.on && !!compareTrack.timeline;
  const row = $("stage-row");
  row.classList.toggle("compare", on);
  row.classList.toggle("onion", on && app.compare.view === "onion");
  $("holder-b").hidden = !on;
  $("caption-a").hidden = !on || app.compare.view === "onion";
  $("compare-panel").hidden = !on;
  stage.columns = stageB.columns = on && app.compare.view === "side" ? 2 : 1;
  stage.fit();
  if (on) stageB.fit();
}

/** Fetches B and the differences; `quiet` while A loads (its caller renders). */
async function loadCompare({ quiet = false } = {}) {
  const c = app.compare;
  const seq = ++c.seq;
  c.spec = compareSpec();
  if (!c.spec) {
    c.error = "Compare needs a preset: pick one, or edit a spec that started from one.";
    $("compare-status").textContent = c.error;
    return;
  }
  try {
    const tl = await api.timeline(c.spec);
    if (seq !== c.seq) return;
    c.error = null;
    compareTrack.load(tl);
    stageB.build(tl);
    const a = app.timeline && app.spec ? app.timeline : null;
    $("caption-a").textContent = `A: ${describe(app.spec)}`;
    $("caption-b").textContent = `B: ${describe(c.spec)}`;
    $("compare-status").textContent = `A: ${describe(app.spec)} · B: ${describe(c.spec)}.`;
    player.setSpan(tl.duration);
    setCompareLayout();
    if (playback.running) startCompositor();
    if (!quiet && a) updateDifferences();
  } catch (error) {
    if (seq !== c.seq) return;
    c.error = error.message;
    $("compare-status").textContent = `B: ${error.message}`;
    compareTrack.timeline = null;
    setCompareLayout();
  }
  if (!quiet) { render(); await updateLink(); }
}

function updateDifferences() {
  if (!app.compare.on || !compareTrack.timeline || !app.timeline) return;
  app.compare.rows = differences(app.timeline, compareTrack.timeline);
  showDifferences($("compare-table"), app.compare.rows);
}

function describe(spec) {
  if (!spec) return "—";
  if (!isPresetRef(spec)) return "the edited spec";
  const params = Object.entries(spec.params || {}).filter(([k]) => !["gesture", "progress"].includes(k));
  return params.length ? `${spec.preset} ${params.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ")}` : `${spec.preset} (defaults)`;
}

async function setCompare(on, { view, withParams } = {}) {
  const c = app.compare;
  c.on = on;
  if (view) c.view = view;
  if (withParams) c.with = withParams;
  $("compare").checked = on;
  for (const r of document.querySelectorAll('input[name="compare-view"]')) r.checked = r.value === c.view;
  $("compare-params").value = JSON.stringify(c.with);
  if (on) {
    await loadCompare();
  } else {
    c.seq++;
    compareTrack.timeline = null;
    player.setSpan(0);
    if (playback.running) startCompositor();
    $("compare-status").textContent = "";
    setCompareLayout();
    render();
    await updateLink();
  }
}

$("compare").addEventListener("change", (e) => setCompare(e.target.checked));
for (const radio of document.querySelectorAll('input[name="compare-view"]')) {
  radio.addEventListener("change", () => { app.compare.view = radio.value; setCompareLayout(); render(); updateLink(); });
}
let compareTimer = 0;
$("compare-params").addEventListener("input", (e) => {
  clearTimeout(compareTimer);
  compareTimer = setTimeout(() => {
    let params;
    try { params = JSON.parse(e.target.value || "{}"); } catch (error) {
      e.target.setAttribute("aria-invalid", "true");
      $("compare-status").textContent = `Not JSON: ${error.message}`;
      return;
    }
    if (!params || typeof params !== "object" || Array.isArray(params)) {
      e.target.setAttribute("aria-invalid", "true");
      $("compare-status").textContent = "B's parameters must be a JSON object, e.g. {\"folds\": 3}.";
      return;
    }
    e.target.removeAttribute("aria-invalid");
    app.compare.with = params;
    if (app.compare.on) loadCompare();
  }, 300);
});

// The differences need both timelines: recompute whenever A changes.
player.addEventListener("load", () => { if (app.compare.on && compareTrack.timeline) updateDifferences(); });

// ── Controls ────────────────────────────────────────────────────────────────────────────
$("play").addEventListener("click", () => player.toggle());
$("restart").addEventListener("click", () => player.restart());
$("back").addEventListener("click", () => player.step(-1));
$("forward").addEventListener("click", () => player.step(1));
$("loop").addEventListener("change", (e) => player.setLoop(e.target.checked));
$("reduce-motion").addEventListener("change", () => { if (app.spec) load(app.spec, { start: 0 }); });
$("clip").addEventListener("change", (e) => {
  $("screen").classList.toggle("unclipped", !e.target.checked);
  $("screen-b").classList.toggle("unclipped", !e.target.checked);
});
for (const radio of document.querySelectorAll('input[name="speed"]')) {
  radio.addEventListener("change", () => player.setSpeed(Number(radio.value)));
}
player.addEventListener("speed", () => {
  if (playback.running) playback.setSpeed(player.t, player.speed);
  for (const radio of document.querySelectorAll('input[name="speed"]')) radio.checked = Number(radio.value) === player.speed;
  scheduleLink();
});
player.addEventListener("loopchange", () => {
  $("loop").checked = player.loop;
  if (playback.running) startCompositor();
  scheduleLink();
});
$("scrubber").addEventListener("input", (e) => {
  player.pause();
  player.seek(player.frameTime(Number(e.target.value)));
  scheduleLink();
});
curves.onSeek = (t) => { player.pause(); player.seek(t); scheduleLink(); };
curves.frameAt = (t) => player.frameIndexAt(t);

function setZoom(zoom) {
  stage.zoom = stageB.zoom = zoom;
  for (const r of document.querySelectorAll('input[name="zoom"]')) r.checked = r.value === String(zoom);
  stage.fit();
  if (!$("holder-b").hidden) stageB.fit();
}
for (const radio of document.querySelectorAll('input[name="zoom"]')) {
  radio.addEventListener("change", () => setZoom(radio.value === "fit" ? "fit" : Number(radio.value)));
}

async function toggleFullscreen() {
  const viewport = $("stage-viewport");
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await viewport.requestFullscreen();
  } catch (error) {
    showMessage(`Full screen is not available here: ${error.message}`, { kind: "notice" });
  }
}
$("fullscreen").addEventListener("click", toggleFullscreen);
document.addEventListener("fullscreenchange", () => {
  $("fullscreen").setAttribute("aria-pressed", String(!!document.fullscreenElement));
  $("fullscreen").textContent = document.fullscreenElement ? "Exit full screen" : "Full screen";
});

/** A frame number ("12") or a time ("0.2s", "0.2 s", "200ms") → transition time, or null. */
export function parseGoto(text) {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*(s|ms|f|frame)?\s*$/i.exec(text);
  if (!m) return null;
  const v = Number(m[1]);
  const unit = (m[2] || "").toLowerCase();
  if (unit === "s") return v;
  if (unit === "ms") return v / 1000;
  if (!Number.isInteger(v)) return null;
  if (v >= player.frameCount) return null;
  return player.frameTime(v);
}
$("goto").addEventListener("keydown", (e) => {
  if (e.key !== "Enter") return;
  e.preventDefault();
  const t = parseGoto(e.target.value);
  if (t === null || t > player.duration + 1e-9) {
    e.target.setAttribute("aria-invalid", "true");
    e.target.title = `A frame 0 … ${player.frameCount - 1}, or a time 0 … ${player.duration.toFixed(3)} s ending in s`;
    return;
  }
  e.target.removeAttribute("aria-invalid");
  e.target.title = "";
  player.pause();
  player.seek(t);
  scheduleLink();
});

const help = $("help");
function setHelp(open) {
  help.hidden = !open;
  $("help-button").setAttribute("aria-expanded", String(open));
  if (open) $("help-close").focus();
}
$("help-button").addEventListener("click", () => setHelp(help.hidden));
$("help-close").addEventListener("click", () => { setHelp(false); $("help-button").focus(); });

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && !help.hidden) {
    setHelp(false);
    $("help-button").focus();
    e.preventDefault();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const el = e.target;
  const typing = el.matches?.("textarea, select, input:not([type=range]):not([type=checkbox]):not([type=radio])");
  if (typing) return;
  const onScrubber = el.id === "scrubber";
  const onButton = el.matches?.("button, input[type=checkbox], input[type=radio], a");
  switch (e.key) {
    case " ":
      if (onButton) return;               // buttons and boxes handle their own space
      player.toggle(); break;
    case "ArrowLeft": case "ArrowRight":
      if (onScrubber || el.type === "radio") return; // native: one frame per step / next speed
      player.step((e.key === "ArrowLeft" ? -1 : 1) * (e.shiftKey ? 10 : 1)); break;
    case "Home": if (onScrubber) return; player.pause(); player.seek(0); break;
    case "End": if (onScrubber) return; player.pause(); player.seek(player.duration); break;
    case "r": case "R": player.restart(); break;
    case "l": case "L": player.setLoop(!player.loop); break;
    case "f": case "F": toggleFullscreen(); break;
    case "1": case "2": case "3": case "4": player.setSpeed(SPEEDS[Number(e.key) - 1]); break;
    case "?": setHelp(help.hidden); break;
    default: return;
  }
  e.preventDefault();
});

// ── Share and download ──────────────────────────────────────────────────────────────────
function linkState() {
  const c = app.compare;
  return {
    speed: player.speed, loop: player.loop, t: player.playing ? 0 : player.t,
    ...(c.on ? { compare: c.view, with: c.with } : {}),
  };
}

async function updateLink(overrides = {}) {
  if (!app.spec) return;
  $("share-link").value = await putInURL(app.spec, { ...linkState(), ...overrides });
}

let linkTimer = 0;
function scheduleLink() {
  clearTimeout(linkTimer);
  linkTimer = setTimeout(updateLink, 150);
}

$("copy-link").addEventListener("click", async () => {
  await updateLink();
  const input = $("share-link");
  try {
    await navigator.clipboard.writeText(input.value);
    $("share-status").textContent = "Link copied.";
  } catch {
    input.focus(); input.select();
    $("share-status").textContent = "Press Ctrl+C (⌘C) to copy the selected link.";
  }
});

for (const button of document.querySelectorAll("[data-format]")) {
  button.addEventListener("click", async () => {
    if (!app.spec) return;
    const format = button.dataset.format;
    $("share-status").textContent = `Rendering ${button.textContent}…`;
    try {
      app.lastDownload = await download(app.spec, format);
      $("share-status").textContent = `Saved ${app.lastDownload.filename} (${app.lastDownload.type}, ${app.lastDownload.size.toLocaleString()} bytes).`;
    } catch (error) {
      app.lastDownload = { format, error: error.message };
      $("share-status").textContent = error.message;
    }
  });
}

/** Shows the preset form for a spec (its preset and parameters, or the custom entry). */
function showInForm(spec) {
  if (isPresetRef(spec) && form.presets.some((p) => p.name === spec.preset)) form.build(spec.preset, spec.params || {});
  else form.showCustom();
}

async function openFromURL() {
  let spec = null;
  const fallback = { preset: DEFAULT_PRESET };
  const state = await decodeState(location.hash);
  try {
    spec = await decodeSpec(location.hash);
  } catch (error) {
    showInForm(fallback);
    await load(fallback);
    showMessage(`This link is broken: ${error.message.replace(/^This link's /, "its ")} ` +
      `Showing the default transition (${DEFAULT_PRESET}) instead.`, { kind: "notice", sticky: true });
    return;
  }
  if (!spec) { showInForm(fallback); await load(fallback); return; }
  if (state.speed !== undefined) player.setSpeed(state.speed);
  if (state.loop !== undefined) player.setLoop(state.loop);
  if (state.compare) { app.compare.on = true; app.compare.view = state.compare; app.compare.with = state.with || {}; }
  showInForm(spec);
  const paused = state.t !== undefined;
  const ok = await load(spec, { start: state.t, autoplay: !paused });
  if (!ok) {
    const why = app.error || "the server refused it";
    showInForm(fallback);
    await load(fallback);
    showMessage(`This link's transition could not be shown — ${why} Showing the default transition (${DEFAULT_PRESET}) instead.`,
      { kind: "notice", sticky: true });
    return;
  }
  if (state.compare) await setCompare(true, { view: state.compare, withParams: state.with || {} });
  if (state.problems.length) {
    showMessage(`Parts of this link could not be used (${state.problems.join("; ")}); they are at their defaults.`,
      { kind: "notice", sticky: true });
  }
}

window.addEventListener("hashchange", async () => {
  if (app.spec && location.href === $("share-link").value) return;
  await openFromURL();
});

// ── Start ───────────────────────────────────────────────────────────────────────────────
async function start() {
  try {
    const presets = await api.listPresets();
    form.setPresets(presets);
    new Gallery($("gallery"), presets, (name) => {
      form.build(name, {});
      load({ preset: name });
      document.querySelector(".center")?.scrollIntoView({ behavior: "smooth", block: "start" });
    });
  } catch (error) {
    showMessage(error.message, { actions: [["Try again", () => { clearMessage(); start(); }]] });
    return;
  }
  await openFromURL();
  await import("./extensions.js");
}

// The test hook: seek and read the page's own clock.
window.animatic = {
  seek(t) { player.pause(); player.seek(t); return player.t; },
  play(from) { player.play(from === undefined ? {} : { from }); },
  pause() { player.pause(); },
  setSpeed(s) { player.setSpeed(s); },
  load(spec) { return load(spec); },
  compare(on, options) { return setCompare(on, options); },
  /** The stage's compositor animations alone, the clock paused: what drawing the transition
   *  costs the browser without any of the page's own work (the frame-rate test's reference). */
  drawOnly(on) {
    player.pause();
    if (!on) { playback.stop(); render(); return false; }
    return playback.start({ tracks: [{ elements: stage.elements, timeline: player.timeline, jumps: player._jumps }],
                            playheads: [], t: 0, speed: 1, loop: true, span: player.duration });
  },
  get timeline() { return app.timeline; },
  get spec() { return app.spec; },
  get expanded() { return app.expanded; },
  get swift() { return swiftPanel.state(); },
  clock: {
    get t() { return player.t; },
    get playing() { return player.playing; },
    get runs() { return player.runs; },
    now: () => performance.now(),
  },
  state() {
    return {
      t: player.t, frame: player.frame, frameCount: player.frameCount, duration: player.duration,
      playing: player.playing, speed: player.speed, loop: player.loop, scale: stage.scale, zoom: stage.zoom,
      reduceMotion: $("reduce-motion").checked,
      preset: isPresetRef(app.spec) ? app.spec.preset : null, spec: app.spec, loads: app.loads,
      loading: app.loading, error: app.error, notice: app.notice, errorStack: app.errorStack ?? null, runs: player.runs.slice(),
      runsTotal: player.runsTotal,
      interaction: app.timeline?.interaction ?? null, outcome: app.outcome,
      interactive: { enabled: interaction.enabled, ready: interaction.ready, percent: interaction.percent,
                     dragging: !!interaction.drag, preset: interaction.base?.preset ?? null, rule: interaction.rule,
                     lastGesture: interaction.lastGesture },
      compositor: playback.running,
      compare: { on: app.compare.on, view: app.compare.view, with: app.compare.with, spec: app.compare.spec,
                 ready: !!compareTrack.timeline, duration: compareTrack.timeline?.duration ?? null,
                 rows: app.compare.rows, error: app.compare.error },
      lastDownload: app.lastDownload, problems: editor.problems.map(({ pointer, message, line }) => ({ pointer, message, line })),
    };
  },
};

start();
