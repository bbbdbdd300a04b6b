// The stage and the transport at the clock's time: what is drawn at t (by the page, or by
// the compositor while it plays, playback.js), the scrubber, the time, the curve and
// timeline playheads, the interactive run's phase bands, and putting a timeline on stage.

import { $ } from "./dom.js";

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

export class Transport {
  /** @param {object} page  the page's parts (app.js): player, stages, panels, playback, state, links */
  constructor(page) {
    this.page = page;
    this.shownFrame = -1;
    this.transportFrames = 0;
    this.stageKey = "";
    const { player, playback } = page;
    player.addEventListener("time", () => this.render());
    player.addEventListener("playstate", () => {
      const b = $("play");
      b.setAttribute("aria-label", player.playing ? "Pause" : "Play");
      b.classList.toggle("playing", player.playing);
      if (player.playing) {
        this.startCompositor();
      } else {
        player.setPace(0);
        playback.stop();
        player.hold(false);
        $("scrubber").parentElement.classList.remove("compositor");
        this.render();
        page.links.schedule();
      }
    });
  }

  /** Builds the stage's elements for a timeline unless it already has them (same container
   *  and layers), drawn at the last frame at or before `start` (present() draws the exact time). */
  ensureStage(timeline, start = 0) {
    const key = JSON.stringify([timeline.container, timeline.layers.map(({ tracks, ...look }) => look)]);
    if (key === this.stageKey) return;
    const frames = timeline.frames || [];
    let k = 0;
    while (k + 1 < frames.length && frames[k + 1].t <= start + 1e-6) k++;
    this.page.stage.build(timeline, frames[k]?.layers);
    this.stageKey = key;
  }

  /** The scrubber, time, curve and timeline playheads at t (the stage is separate: a drag shows its own). */
  renderTransport(t) {
    const { player, playback, curves, timelinePanel } = this.page;
    const compositor = player.playing && playback.running;  // the heads move by themselves
    if (player.playing && !player.pace && ++this.transportFrames % TRANSPORT_EVERY !== 0) return;
    const k = player.frameIndexAt(t);
    const n = Math.max(0, player.frameCount - 1);
    const scrubber = $("scrubber");
    if (!compositor) {
      curves.setTime(t, { readout: !player.playing });
      timelinePanel.setTime(t);
      if (document.activeElement !== scrubber || player.playing) scrubber.value = String(k);
    }
    if (k !== this.shownFrame || !player.playing) {
      this.shownFrame = k;
      $("time").textContent = `${t.toFixed(3)} s · frame ${k} / ${n}`;
    }
    if (!player.playing) scrubber.setAttribute("aria-valuetext", `${t.toFixed(3)} seconds, frame ${k} of ${n}`);
  }

  /** Draws both stages and the transport at the clock's time. */
  render() {
    const { player, playback, stage, stageB, compareTrack, state } = this.page;
    if (!player.timeline) return;
    const comparing = state.compare.on && compareTrack.timeline;
    if (playback.running) {
      // The layers the compositor cannot animate, if any, are still the page's to draw.
      const [mainA, mainB] = playback.mainThread;
      if (mainA?.size) stage.show(player.statesAt(player.t), mainA);
      if (mainB?.size && comparing) stageB.show(compareTrack.statesAt(player.t), mainB);
      this.renderTransport(player.t);
      return;
    }
    stage.show(player.statesAt(player.t));
    if (comparing) stageB.show(compareTrack.statesAt(player.t));
    this.renderTransport(player.t);
  }

  /** Hands the running clock's drawing to the compositor (playback.js) when the timelines allow. */
  startCompositor() {
    const { player, playback, stage, stageB, compareTrack, timelinePanel, state } = this.page;
    player.catchUp();  // the time so far: between two timer ticks the clock is up to a tick behind
    if (!player.playing || !player.timeline) return;
    const tracks = [{ elements: stage.elements, timeline: player.timeline, jumps: player.jumps }];
    if (state.compare.on && compareTrack.timeline) {
      tracks.push({ elements: stageB.elements, timeline: compareTrack.timeline, jumps: compareTrack.jumps });
    }
    const D = player.timeline.duration || 1;
    const playheads = [{ element: $("curve-playhead"), duration: D }, { element: $("scrub-head"), duration: D }];
    if (timelinePanel.playhead) playheads.push({ element: timelinePanel.playhead, duration: timelinePanel.duration });
    // Setting up (for hundreds of layers, a tenth of a second and more) does not count: the
    // clock waits for the animations, which start where it is.
    const now = () => { player.skipSinceLastTick(); return player.t; };
    // A big timeline's animations are made a chunk per task: the clock is held meanwhile.
    player.hold(true);
    playback.start({ tracks, playheads, t: now, speed: player.speed, loop: player.loop, span: player.duration,
                     ready: () => player.hold(false) });
    if (!playback.building) player.hold(false);
    $("scrubber").parentElement.classList.toggle("compositor", playback.running);
    // Every animation frame while some layers are still the page's to draw.
    player.setPace(playback.running && !playback.sharesTheStage ? TRANSPORT_PACE_MS : 0);
  }

  /** The interactive run's phases as bands over the scrubber. */
  showPhases(timeline) {
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
  present(timeline, { start = 0, autoplay = true } = {}) {
    const { player, curves, state } = this.page;
    state.timeline = timeline;
    this.ensureStage(timeline);
    this.showPhases(timeline);
    this.shownFrame = -1;
    // The loader sets the curves a task ahead (a big timeline's 222-option picker and its drawing).
    if (curves.timeline !== timeline) curves.setTimeline(timeline);
    $("scrubber").max = String(Math.max(0, timeline.frames.length - 1));
    player.load(timeline, { start, play: autoplay && !this.page.reducedMotion.matches });
    state.loads++;
    document.body.dataset.loads = String(state.loads);
  }
}
