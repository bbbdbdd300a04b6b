// Playback on the compositor: while the clock runs, each layer element and each playhead
// plays a Web Animation built once per timeline from the server's frames (transform and
// opacity, the two properties Chromium animates off the main thread). A slow main thread
// (a low-end phone) then no longer costs frames; the page's own clock (player.js) keeps
// time, and the scrubber and the time text follow at a lower rate.
//
// Each frame is a keyframe at its own time, so the stage passes through every frame the
// server computed, exactly; between two frames the browser interpolates the two matrices
// (by decomposition, where the paused page interpolates them linearly: well under a point
// apart for frames 1/60 s apart). A layer that jumps between two frames (see player.js)
// holds the earlier frame until the later one (a step easing on that keyframe). A hidden
// layer is drawn with opacity 0 (and its element made visible while it plays). A layer whose
// size, corner radius, fill, shadow or border changes, or that an ancestor clips, stays with
// the main thread, which draws it at every animation frame while the compositor plays the
// rest; a timeline whose drawing order changes plays wholly on the main thread.

import { showElement } from "./stage.js";

/**
 * The per-layer keyframes of a timeline: an array with, for each layer, its keyframes or null
 * (that layer changes what the compositor cannot animate); null when the drawing order changes.
 */
export function compositorKeyframes(timeline, jumps, span) {
  const frames = timeline.frames;
  if (!frames?.length) return null;
  const first = frames[0].layers;
  const rank = (layers) => layers.map((s, i) => [s.zPosition || 0, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[1]).join();
  const order = rank(first);
  const able = first.map(() => true);
  for (const f of frames) {
    if (rank(f.layers) !== order) return null;
    for (let i = 0; i < f.layers.length; i++) {
      const s = f.layers[i], s0 = first[i];
      if (s.size[0] !== s0.size[0] || s.size[1] !== s0.size[1] || (s.cornerRadius || 0) !== (s0.cornerRadius || 0) ||
          (s.fill || null) !== (s0.fill || null) || s.clip ||
          JSON.stringify(s.shadow ?? null) !== JSON.stringify(s0.shadow ?? null) ||
          JSON.stringify(s.border ?? null) !== JSON.stringify(s0.border ?? null)) able[i] = false;
    }
  }
  const end = span || timeline.duration || 1;
  return first.map((_, i) => {
    if (!able[i]) return null;
    const keys = frames.map((f, k) => ({
      offset: Math.min(1, f.t / end),
      transform: `matrix3d(${f.layers[i].matrix.join(",")})`,
      opacity: f.layers[i].visible ? f.layers[i].opacity : 0,
      easing: jumps[k]?.[i] ? "step-end" : "linear",
    }));
    if (keys[keys.length - 1].offset < 1) keys.push({ ...keys[keys.length - 1], offset: 1 });
    return keys;
  });
}

export class CompositorPlayback {
  constructor() {
    this.animations = [];
    this.mainThread = [];         // per track: the indices of the layers the page draws meanwhile
    this.cache = new WeakMap();   // timeline → keyframes (per span)
  }

  get running() { return this.animations.length > 0; }

  /** Whether the page must still draw some layers at every animation frame. */
  get sharesTheStage() { return this.mainThread.some((layers) => layers.size > 0); }

  /**
   * Starts the animations at transition time t (a number, or a function giving it). `tracks`: [{elements, timeline, jumps}]
   * (the stage, and B in compare mode); `playheads`: [{element, duration}] moved 0 → 100 %
   * over their timeline's duration. Layers the compositor cannot animate are left to the
   * page (`mainThread`). Returns false (nothing started) when no layer can play on the
   * compositor or a timeline's drawing order changes.
   */
  start({ tracks, playheads, t, speed, loop, span }) {
    this.stop();
    const sets = [];
    for (const { elements, timeline, jumps } of tracks) {
      const entry = this._keyframes(timeline, jumps, span);
      if (!entry.keys || entry.keys.length !== elements.length) return false;
      // A bordered layer's border is a second element that follows it: both stay with the page.
      sets.push([elements, entry.keys.map((keys, i) => (elements[i]._border ? null : keys))]);
    }
    if (!sets.some(([, keys]) => keys.some(Boolean))) return false;
    const options = { duration: span * 1000, iterations: loop ? Infinity : 1, fill: "both" };
    for (const [elements, keys] of sets) {
      const main = new Set();
      elements.forEach((el, i) => {
        if (!keys[i]) { main.add(i); return; }
        // Hidden is opacity 0 in the keyframes: the element itself must not stay hidden.
        showElement(el);
        this.animations.push(el.animate(keys[i], options));
      });
      this.mainThread.push(main);
    }
    for (const { element, duration } of playheads) {
      const f = Math.min(1, duration / span);
      this.animations.push(element.animate([
        { offset: 0, transform: "translateX(0%)" }, { offset: f, transform: "translateX(100%)" },
        { offset: 1, transform: "translateX(100%)" }], options));
    }
    // Building and creating hundreds of animations takes a while: `t` may be a function, read
    // once they exist.
    const at = typeof t === "function" ? t() : t;
    for (const a of this.animations) { a.currentTime = at * 1000; a.playbackRate = speed; }
    return true;
  }

  /** The tracks' keyframes, kept per timeline and span. */
  _keyframes(timeline, jumps, span) {
    let entry = this.cache.get(timeline);
    if (!entry || entry.span !== span) {
      entry = { span, keys: compositorKeyframes(timeline, jumps, span) };
      this.cache.set(timeline, entry);
    }
    return entry;
  }

  /** Follows a speed change without a jump. */
  setSpeed(t, speed) {
    for (const a of this.animations) { a.currentTime = t * 1000; a.playbackRate = speed; }
  }

  /** Removes the animations: the elements show their own (inline) styles again. */
  stop() {
    for (const a of this.animations) a.cancel();
    this.animations = [];
    this.mainThread = [];
  }
}
