// Wires the page together: presets, stage, player, curves, editor, interaction, share.
// Exposes a small test hook, window.animatic (see docs/PAGE.md).

import * as api from "./api.js";
import { Stage } from "./stage.js";
import { Player, SPEEDS } from "./player.js";
import { CurvePanel } from "./curves.js";
import { Editor } from "./editor.js";
import { PresetForm } from "./presets.js";
import { Gallery } from "./gallery.js";
import { Interaction } from "./interact.js";
import { decodeSpec, putInURL, download } from "./share.js";

const $ = (id) => document.getElementById(id);
const DEFAULT_PRESET = "fold";
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

const stage = new Stage($("stage-viewport"), $("device"), $("screen"));
const player = new Player();
const curves = new CurvePanel($("curve"), $("curve-layer"), $("curve-property"), $("curve-readout"));
const editor = new Editor($("spec-editor"), $("problems"), $("spec-status"));
const form = new PresetForm($("preset"), $("params"), $("preset-desc"));

const app = {
  spec: null,          // the current spec: a preset reference or an inline spec
  timeline: null,      // the timeline on the stage
  loads: 0,            // timelines shown so far
  loading: false,
  error: null,         // the message shown, if any
  lastDownload: null,
  outcome: null,       // of the last interactive release
  seq: 0,
  stageKey: "",
};

// ── Messages ────────────────────────────────────────────────────────────────────────────
function showMessage(text, { kind = "error", details = [] } = {}) {
  const box = $("message");
  app.error = kind === "error" ? text : null;
  box.className = `banner ${kind}`;
  const p = document.createElement("p");
  p.textContent = text;
  const items = details.map((d) => {
    const li = document.createElement("li");
    const code = document.createElement("code");
    code.textContent = d.pointer || "/";
    li.append(code, " ", d.message);
    return li;
  });
  const list = document.createElement("ul");
  list.append(...items);
  box.replaceChildren(p, ...(items.length ? [list] : []));
  if (kind === "error" && !app.timeline) {
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = "Nothing to show yet. Fix the problem above, or reload the page when the server is back.";
    box.append(hint);
  }
  box.hidden = false;
}

function clearMessage() { $("message").hidden = true; app.error = null; }

// ── Stage and player ────────────────────────────────────────────────────────────────────
function ensureStage(timeline) {
  const key = JSON.stringify([timeline.container, timeline.layers.map(({ tracks, ...look }) => look)]);
  if (key !== app.stageKey) { stage.build(timeline); app.stageKey = key; }
}

function render() {
  if (!player.timeline) return;
  stage.show(player.statesAt(player.t));
  const k = player.frame;
  const n = Math.max(0, player.frameCount - 1);
  const scrubber = $("scrubber");
  scrubber.max = String(n);
  if (document.activeElement !== scrubber || player.playing) scrubber.value = String(k);
  $("time").textContent = `${player.t.toFixed(3)} s · frame ${k} / ${n}`;
  scrubber.setAttribute("aria-valuetext", `${player.t.toFixed(3)} seconds, frame ${k} of ${n}`);
  curves.setTime(player.t);
}

player.addEventListener("time", render);
player.addEventListener("playstate", () => {
  const b = $("play");
  b.setAttribute("aria-label", player.playing ? "Pause" : "Play");
  b.classList.toggle("playing", player.playing);
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
  player.load(timeline, { start, play: autoplay && !reducedMotion.matches });
  curves.setTimeline(timeline);
  app.loads++;
  document.body.dataset.loads = String(app.loads);
}

// ── Loading specs ───────────────────────────────────────────────────────────────────────
const isPresetRef = (spec) => spec && typeof spec === "object" && typeof spec.preset === "string";

/**
 * Makes `spec` current: fetches its timeline and plays it. `text` is the editor's text
 * when the spec came from there (sent as typed, so that offsets match).
 */
async function load(spec, { text, fromEditor = false, start, autoplay = true } = {}) {
  const seq = ++app.seq;
  app.loading = true;
  document.body.classList.add("loading");
  try {
    const timeline = await api.timeline(text ?? spec, { reduceMotion: $("reduce-motion").checked });
    if (seq !== app.seq) return;
    app.spec = spec;
    clearMessage();
    form.showProblems([]);
    present(timeline, { start: start ?? 0, autoplay });
    $("share-link").value = await putInURL(spec);
    if (!fromEditor) {
      if (isPresetRef(spec)) {
        const expanded = await api.expandPreset(spec.preset, spec.params || {});
        if (seq === app.seq) editor.set(expanded);
      } else {
        editor.set(spec);
      }
    }
    if (interactive.enabled) await interaction.enable(app.spec).catch((e) => driveStatus(e.message));
    updateDrive();
  } catch (error) {
    if (seq !== app.seq) return;
    if (error.name === "AbortError") return;
    app.errorStack = error instanceof api.ApiError ? null : String(error.stack || error);
    const details = error.errors || [];
    showMessage(error.message, { details });
    if (isPresetRef(spec)) form.showProblems(details);
  } finally {
    if (seq === app.seq) { app.loading = false; document.body.classList.remove("loading"); }
  }
}

// Presets form → spec.
form.onChange = (spec) => load(spec);

// Editor → spec (valid edits only; problems stay next to their pointers).
editor.onEdit = () => { if (form.select.value !== "") form.showCustom(); };
editor.onValid = (text, spec) => {
  if (isPresetRef(spec)) form.build(spec.preset, spec.params || {});
  load(spec, { text, fromEditor: true });
};

editor.onProblems = (problems) => {
  const n = problems.length;
  showMessage(`The spec in the editor has ${n} problem${n === 1 ? "" : "s"} (listed under it, with their lines); ` +
    "the stage keeps the last valid transition.", { kind: "notice", details: problems.slice(0, 3) });
};

// ── Interactive mode ────────────────────────────────────────────────────────────────────
const interactive = $("interactive");
const interaction = new Interaction($("screen"), stage, {
  api,
  player,
  showFrame(timeline, states) {
    ensureStage(timeline);
    stage.show(states);
  },
  onRelease(spec) {
    driveStatus("Released — asking the server…");
    load(spec, { start: 0, autoplay: false }).then(() => {
      const run = app.timeline?.interaction;
      if (!run || app.spec !== spec) return;
      app.outcome = run.outcome;
      driveStatus(`Released at ${(run.percentAtRelease * 100).toFixed(0)}% → ${run.outcome} ` +
        `(${run.completionDuration?.toFixed?.(3) ?? "—"} s). Drag again, or scrub the whole run.`);
      player.play({ from: run.releaseTime });
    });
  },
});
interaction.enabled = false;

function driveStatus(text) { $("drive-status").textContent = text; }

function updateDrive() {
  const rule = Interaction.ruleFor(isPresetRef(app.spec) ? app.spec : null);
  interactive.disabled = !rule;
  document.body.classList.toggle("interactive", interactive.checked && !!rule && !rule.missing);
  if (!rule) {
    $("drive-rule").textContent = "This transition has no interaction to drive (tabSlide, fold, flip and zoom dismiss do).";
    if (interactive.checked) { interactive.checked = false; interaction.disable(); }
  } else if (rule.missing) {
    $("drive-rule").textContent = `Set ${rule.missing} to drive it. Rule: ${rule.text}.`;
  } else {
    $("drive-rule").textContent = `Rule: ${rule.text}.`;
  }
}

interactive.addEventListener("change", async () => {
  if (interactive.checked && isPresetRef(app.spec)) {
    driveStatus("Preparing…");
    try {
      await interaction.enable(app.spec);
      driveStatus(interaction.rule?.missing ? "" : "Drag on the stage.");
    } catch (error) { driveStatus(error.message); }
  } else {
    interaction.disable();
    driveStatus("");
  }
  updateDrive();
});
interaction.addEventListener("progress", () => driveStatus(`percent ${(interaction.percent * 100).toFixed(0)}%`));

// ── Controls ────────────────────────────────────────────────────────────────────────────
$("play").addEventListener("click", () => player.toggle());
$("restart").addEventListener("click", () => player.restart());
$("back").addEventListener("click", () => player.step(-1));
$("forward").addEventListener("click", () => player.step(1));
$("loop").addEventListener("change", (e) => player.setLoop(e.target.checked));
$("reduce-motion").addEventListener("change", () => { if (app.spec) load(app.spec, { start: 0 }); });
$("clip").addEventListener("change", (e) => $("screen").classList.toggle("unclipped", !e.target.checked));
for (const radio of document.querySelectorAll('input[name="speed"]')) {
  radio.addEventListener("change", () => player.setSpeed(Number(radio.value)));
}
player.addEventListener("speed", () => {
  for (const radio of document.querySelectorAll('input[name="speed"]')) radio.checked = Number(radio.value) === player.speed;
});
player.addEventListener("loopchange", () => { $("loop").checked = player.loop; });
$("scrubber").addEventListener("input", (e) => {
  player.pause();
  player.seek(player.frameTime(Number(e.target.value)));
});
curves.onSeek = (t) => { player.pause(); player.seek(t); };
curves.frameAt = (t) => player.frameIndexAt(t);

const help = $("help");
function toggleHelp() {
  help.hidden = !help.hidden;
  $("help-button").setAttribute("aria-expanded", String(!help.hidden));
}
$("help-button").addEventListener("click", toggleHelp);

document.addEventListener("keydown", (e) => {
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
    case "1": case "2": case "3": case "4": player.setSpeed(SPEEDS[Number(e.key) - 1]); break;
    case "?": toggleHelp(); break;
    default: return;
  }
  e.preventDefault();
});

// ── Share and download ──────────────────────────────────────────────────────────────────
$("copy-link").addEventListener("click", async () => {
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

async function openFromURL() {
  let spec = null;
  try {
    spec = await decodeSpec(location.hash);
  } catch (error) {
    showMessage(`${error.message} Showing the default transition instead.`);
  }
  if (spec && isPresetRef(spec)) {
    form.build(spec.preset, spec.params || {});
  } else if (spec) {
    form.showCustom();
  } else {
    spec = { preset: DEFAULT_PRESET };
    form.build(DEFAULT_PRESET, {});
  }
  await load(spec);
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
    showMessage(error.message);
    const retry = document.createElement("button");
    retry.type = "button";
    retry.textContent = "Try again";
    retry.addEventListener("click", () => { clearMessage(); start(); });
    $("message").append(retry);
    return;
  }
  await openFromURL();
}

// The test hook: seek and read the page's own clock.
window.animatic = {
  seek(t) { player.pause(); player.seek(t); return player.t; },
  play(from) { player.play(from === undefined ? {} : { from }); },
  pause() { player.pause(); },
  setSpeed(s) { player.setSpeed(s); },
  load(spec) { return load(spec); },
  get timeline() { return app.timeline; },
  get spec() { return app.spec; },
  clock: {
    get t() { return player.t; },
    get playing() { return player.playing; },
    get runs() { return player.runs; },
    now: () => performance.now(),
  },
  state() {
    return {
      t: player.t, frame: player.frame, frameCount: player.frameCount, duration: player.duration,
      playing: player.playing, speed: player.speed, loop: player.loop, scale: stage.scale,
      reduceMotion: $("reduce-motion").checked,
      preset: isPresetRef(app.spec) ? app.spec.preset : null, spec: app.spec, loads: app.loads,
      loading: app.loading, error: app.error, errorStack: app.errorStack ?? null, runs: player.runs.slice(),
      interaction: app.timeline?.interaction ?? null, outcome: app.outcome,
      interactive: { enabled: interaction.enabled, ready: !!(interaction.scrub || interaction.rule?.direct), percent: interaction.percent, dragging: !!interaction.drag },
      lastDownload: app.lastDownload, problems: editor.problems.map(({ pointer, message, line }) => ({ pointer, message, line })),
    };
  },
};

start();
