// window.animatic: the page's test hook, for the browser tests and the console
// (docs/PAGE.md, "The test hook"). It reads the page through its parts' public members.

import { $ } from "./dom.js";
import { isPresetRef } from "./presets.js";

/** Installs window.animatic over the page's parts (app.js). */
export function installTestHook(page) {
  const { player, playback, stage, state, messages, drive, compareTrack, editor, swiftPanel, transport } = page;
  window.animatic = {
    seek(t) { player.pause(); player.seek(t); return player.t; },
    play(from) { player.play(from === undefined ? {} : { from }); },
    pause() { player.pause(); },
    setSpeed(s) { player.setSpeed(s); },
    load(spec) { return page.loader.load(spec); },
    compare(on, options) { return page.compare.set(on, options); },
    /** The stage's compositor animations alone, the clock paused: what drawing the transition
     *  costs the browser without any of the page's own work (the frame-rate test's reference). */
    drawOnly(on) {
      player.pause();
      if (!on) { playback.stop(); transport.render(); return false; }
      return playback.start({ tracks: [{ elements: stage.elements, timeline: player.timeline, jumps: player.jumps }],
                              playheads: [], t: 0, speed: 1, loop: true, span: player.duration });
    },
    get timeline() { return state.timeline; },
    get spec() { return state.spec; },
    get expanded() { return state.expanded; },
    get swift() { return swiftPanel.state(); },
    get pasteSwift() { return page.pasteSwift.panel.state(); },
    clock: {
      get t() { return player.t; },
      get playing() { return player.playing; },
      get runs() { return player.runs; },
      now: () => performance.now(),
    },
    state() {
      const interaction = drive.interaction;
      return {
        t: player.t, frame: player.frame, frameCount: player.frameCount, duration: player.duration,
        playing: player.playing, speed: player.speed, loop: player.loop, scale: stage.scale, zoom: stage.zoom,
        reduceMotion: $("reduce-motion").checked,
        preset: isPresetRef(state.spec) ? state.spec.preset : null, spec: state.spec, loads: state.loads,
        loading: state.loading, error: messages.error, notice: messages.notice, errorStack: state.errorStack ?? null,
        runs: player.runs.slice(), runsTotal: player.runsTotal,
        interaction: state.timeline?.interaction ?? null, outcome: state.outcome,
        interactive: { enabled: interaction.enabled, ready: interaction.ready, percent: interaction.percent,
                       dragging: !!interaction.drag, preset: interaction.base?.preset ?? null, rule: interaction.rule,
                       lastGesture: interaction.lastGesture },
        compositor: playback.running,
        compare: { on: state.compare.on, view: state.compare.view, with: state.compare.with, spec: state.compare.spec,
                   source: state.compare.source, preset: state.compare.preset, link: state.compare.link?.id ?? null,
                   ready: !!compareTrack.timeline, loading: !!state.compare.loading, duration: compareTrack.timeline?.duration ?? null,
                   rows: state.compare.rows, only: state.compare.only, error: state.compare.error,
                   problems: page.compare.source.editor.problems.map(({ pointer, message, line }) => ({ pointer, message, line })) },
        lastDownload: state.lastDownload, lastLink: state.lastLink ?? null,
        lastPicture: page.pictures.last,
        screens: { ...page.screens.ids, uploads: page.screens.uploads },
        problems: editor.problems.map(({ pointer, message, line }) => ({ pointer, message, line })),
      };
    },
  };
  // What the hook does, a visitor does: it ends the first visit's loop (first-visit.js).
  for (const name of ["seek", "play", "pause", "setSpeed", "load", "compare", "drawOnly"]) {
    const act = window.animatic[name];
    window.animatic[name] = (...args) => { page.firstVisit?.end(); return act(...args); };
  }
}
