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

/** Whether two optional values (a shadow, a border) are the same, without serialising the common case. */
function same(a, b) {
  if (a === b || (a == null && b == null)) return true;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The per-layer keyframes of a timeline: an array with, for each layer, a function that
 * makes its keyframes (made when its animation is, so that a timeline of hundreds of layers
 * does not make them all in one task) or null (that layer changes what the compositor cannot
 * animate); null when the drawing order changes.
 */
export function compositorKeyframes(timeline, jumps, span) {
  const frames = timeline.frames;
  if (!frames?.length) return null;
  const first = frames[0].layers;
  const rank = (layers) => layers.map((s, i) => [s.zPosition || 0, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[1]).join();
  const flat = first.every((s) => !s.zPosition);
  const order = rank(first);
  const able = first.map(() => true);
  for (const f of frames) {
    if (!(flat && f.layers.every((s) => !s.zPosition)) && rank(f.layers) !== order) return null;
    for (let i = 0; i < f.layers.length; i++) {
      const s = f.layers[i], s0 = first[i];
      if (s.size[0] !== s0.size[0] || s.size[1] !== s0.size[1] || (s.cornerRadius || 0) !== (s0.cornerRadius || 0) ||
          (s.fill || null) !== (s0.fill || null) || s.clip || !same(s.shadow, s0.shadow) || !same(s.border, s0.border)) able[i] = false;
    }
  }
  const end = span || timeline.duration || 1;
  return first.map((_, i) => {
    if (!able[i]) return null;
    let keys = null;
    return () => {
      if (keys) return keys;
      keys = frames.map((f, k) => ({
        offset: Math.min(1, f.t / end),
        transform: `matrix3d(${f.layers[i].matrix.join(",")})`,
        opacity: f.layers[i].visible ? f.layers[i].opacity : 0,
        easing: jumps[k]?.[i] ? "step-end" : "linear",
      }));
      if (keys[keys.length - 1].offset < 1) keys.push({ ...keys[keys.length - 1], offset: 1 });
      return keys;
    };
  });
}

/** Keyframes created per task at most (15–30 ms of Blink's work on the session's machine). */
const CHUNK_KEYFRAMES = 1200;

/** A task of creating animations ends after this many ms too (a slow CPU: with the CPU slowed
 *  6×, a chunk of 1,200 keyframes was a task of 50–500 ms; docs/PAGE.md, "Switching presets"). */
const CHUNK_MS = 20;

export class CompositorPlayback {
  constructor() {
    this.building = null;         // while animations are being created a chunk per task
    this.animations = [];
    this.mainThread = [];         // per track: the indices of the layers the page draws meanwhile
    this.cache = new WeakMap();   // timeline → keyframes (per span)
  }

  get running() { return this.animations.length > 0 || this.building !== null; }

  /** Whether the page must still draw some layers at every animation frame. */
  get sharesTheStage() { return this.mainThread.some((layers) => layers.size > 0); }

  /**
   * Starts the animations at transition time t (a number, or a function giving it). `tracks`: [{elements, timeline, jumps}]
   * (the stage, and B in compare mode); `playheads`: [{element, duration}] moved 0 → 100 %
   * over their timeline's duration. Layers the compositor cannot animate are left to the
   * page (`mainThread`). Returns false (nothing started) when no layer can play on the
   * compositor or a timeline's drawing order changes.
   */
  start({ tracks, playheads, t, speed, loop, span, ready = null }) {
    this.stop();
    const sets = [];
    for (const { elements, timeline, jumps } of tracks) {
      const entry = this._keyframes(timeline, jumps, span);
      if (!entry.keys || entry.keys.length !== elements.length) return false;
      // A bordered layer's border is a second element that follows it: both stay with the page.
      sets.push([elements, entry.keys.map((keys, i) => (elements[i]._border ? null : keys)), timeline.frames.length + 1]);
    }
    if (!sets.some(([, keys]) => keys.some(Boolean))) return false;
    const options = { duration: span * 1000, iterations: loop ? Infinity : 1, fill: "both" };
    const jobs = [];  // [element, its keyframes (a function), a layer?, keyframe count]
    for (const [elements, keys, frames] of sets) {
      const main = new Set();
      elements.forEach((el, i) => { if (keys[i]) jobs.push([el, keys[i], true, frames]); else main.add(i); });
      this.mainThread.push(main);
    }
    for (const { element, duration } of playheads) {
      const f = Math.min(1, duration / span);
      const keys = [{ offset: 0, transform: "translateX(0%)" }, { offset: f, transform: "translateX(100%)" },
                    { offset: 1, transform: "translateX(100%)" }];
      jobs.push([element, () => keys, false, 3]);
    }
    const create = ([el, keys, layer]) => {
      // Hidden is opacity 0 in the keyframes: the element itself must not stay hidden.
      if (layer) showElement(el);
      return el.animate(keys(), options);
    };
    // Building and creating hundreds of animations takes a while: `t` may be a function, read
    // once they exist.
    const go = () => {
      const at = typeof t === "function" ? t() : t;
      for (const a of this.animations) { a.currentTime = at * 1000; a.playbackRate = speed; if (a.playState === "paused") a.play(); }
      this.building = null;
      ready?.();
    };
    const total = jobs.reduce((n, job) => n + job[3], 0);
    if (total <= CHUNK_KEYFRAMES) {
      for (const job of jobs) this.animations.push(create(job));
      go();
      return true;
    }
    // Many keyframes (explode: 222 layers × 61 frames, 150–350 ms of Blink parsing them):
    // created a chunk per task, paused at the time the clock is held at, so that no task
    // blocks the main thread long (docs/PAGE.md, "Performance"); `ready` is told when all run.
    const token = {};
    this.building = token;
    const held = (typeof t === "function" ? t() : t) * 1000;
    let next = 0;
    const chunk = () => {
      if (this.building !== token) return;
      const began = performance.now();
      for (let keys = 0; next < jobs.length && keys < CHUNK_KEYFRAMES && (keys === 0 || performance.now() - began < CHUNK_MS);
        next++) {
        const a = create(jobs[next]);
        a.pause();
        a.currentTime = held;
        this.animations.push(a);
        keys += jobs[next][3];
      }
      if (next < jobs.length) setTimeout(chunk, 0); else go();
    };
    // The first chunk too in a task of its own: not added to the one that starts the clock.
    setTimeout(chunk, 0);
    return true;
  }

  /** Finds what of a timeline the compositor can play, ahead of `start` (a task of its own). */
  prepare(timeline, jumps, span) { this._keyframes(timeline, jumps, span); }

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
    this.building = null;
    for (const a of this.animations) a.cancel();
    this.animations = [];
    this.mainThread = [];
  }
}
