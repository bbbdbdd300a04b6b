// Playback of a timeline's frames at the page's own clock (requestAnimationFrame).
//
// The clock is transition time t in seconds. While playing it advances by the wall time
// between animation frames times the speed (1, 0.5, 0.25, 0.1 — like the simulator's slow
// animations). What is shown at t is read from the server's frames: at a frame's time it
// is that frame exactly; between two frames each layer's matrix, opacity, size and corner
// radius are interpolated linearly (a 60 fps step is at most a few degrees, so this is
// within a small fraction of a point, and slow motion stays smooth). Where a layer jumps
// between two frames (its visibility changes, or its corners move far more than in the
// neighbouring steps — a completion block, a `steps` curve) the earlier frame is held
// until the later one's time: a jump is never smeared.
//
// The clock ticks at every animation frame while the page draws the stage itself. While
// something else draws it (the compositor, playback.js), asking for every animation frame
// would only cost the main thread a frame it does not need (each one restyles every
// animated layer): the clock then ticks every `pace` milliseconds on a timer instead, and
// exactly at the run's end, so that a run's wall time is still measured where it ends.

export const SPEEDS = [1, 0.5, 0.25, 0.1];

function quadMove(a, b) {
  let d = 0;
  for (let k = 0; k < 4; k++) d = Math.max(d, Math.hypot(a.quad[k][0] - b.quad[k][0], a.quad[k][1] - b.quad[k][1]));
  return d;
}

const lerp = (a, b, f) => a + (b - a) * f;

export class Player extends EventTarget {
  constructor() {
    super();
    this.timeline = null;
    this.t = 0;
    this.playing = false;
    this.speed = 1;
    this.loop = false;
    this.runs = [];          // the last 20 finished plays: {from, to, speed, wallSeconds}
    this.runsTotal = 0;      // finished plays so far
    this.span = 0;           // the clock runs to at least this (compare: the longer of two timelines)
    this._raf = 0;
    this._timer = 0;
    this.pace = 0;           // ms between ticks while another drawer plays (0: every animation frame)
    this.held = false;       // the clock waits (hold)
    this._last = 0;
    this._run = null;
    this._tick = this._tick.bind(this);
  }

  #jumps = [];

  /** jumps[k][i]: layer i jumps between frame k and k + 1 (the compositor steps there too). */
  get jumps() { return this.#jumps; }

  get duration() { return Math.max(this.timeline?.duration ?? 0, this.span); }
  get fps() { return this.timeline?.fps ?? 60; }
  get frameCount() { return this.timeline?.frames?.length ?? 0; }
  /** The frame index at t: the last frame at or before t (within a microsecond). */
  get frame() { return this.frameIndexAt(this.t); }

  frameIndexAt(t) {
    const n = this.frameCount;
    if (!n) return 0;
    // Frame times are written to a microsecond: compare with the frames' own times.
    let k = Math.max(0, Math.min(n - 1, Math.floor(t * this.fps + 1e-3)));
    if (k > 0 && this.timeline.frames[k].t > t + 1e-6) k--;
    return k;
  }

  frameTime(k) {
    const frames = this.timeline.frames;
    return frames[Math.max(0, Math.min(frames.length - 1, k))].t;
  }

  /** Loads a timeline (with frames); `start` is where the clock is put. */
  load(timeline, { start = 0, play = false } = {}) {
    this.pause();
    this.timeline = timeline;
    this.#jumps = this.jumpsOf(timeline);
    this.seek(start);
    if (play) this.play({ from: start });
    this.dispatchEvent(new Event("load"));
  }

  /** A timeline's jumps (below), found once: the loader asks for them a task before it
   *  loads the timeline, so that a big one (explode) does not add them to that task. */
  jumpsOf(timeline) {
    this.jumpsCache ??= new WeakMap();
    if (!this.jumpsCache.has(timeline)) this.jumpsCache.set(timeline, this._findJumps(timeline.frames));
    return this.jumpsCache.get(timeline);
  }

  /** jumps[k][i]: layer i jumps between frame k and k + 1. Each step's move is measured
   *  once (a step is the "after" of one pair and the "before" of the next): explode's 222
   *  layers × 60 steps took 35–65 ms measured three times over (docs/PAGE.md, "Switching presets"). */
  _findJumps(frames) {
    const moves = [];  // moves[k][i]: how far layer i's corners move from frame k to k + 1
    for (let k = 0; k + 1 < frames.length; k++) {
      const a = frames[k].layers, b = frames[k + 1].layers;
      const row = new Float64Array(a.length);
      for (let i = 0; i < a.length; i++) row[i] = quadMove(a[i], b[i]);
      moves.push(row);
    }
    const jumps = [];
    for (let k = 0; k + 1 < frames.length; k++) {
      const row = [];
      const a = frames[k].layers, b = frames[k + 1].layers;
      for (let i = 0; i < a.length; i++) {
        if (a[i].visible !== b[i].visible) { row.push(true); continue; }
        const d = moves[k][i];
        const before = k > 0 ? moves[k - 1][i] : 0;
        const after = k + 2 < frames.length ? moves[k + 1][i] : 0;
        row.push(d > 2 && d > 4 * Math.max(before, after) + 2);
      }
      jumps.push(row);
    }
    return jumps;
  }

  /** The layer states at transition time t (see the module comment). */
  statesAt(t) {
    const frames = this.timeline.frames;
    const k = this.frameIndexAt(t);
    const a = frames[k];
    if (k + 1 >= frames.length) return a.layers;
    const b = frames[k + 1];
    const f = (t - a.t) / (b.t - a.t);
    if (!(f > 1e-9)) return a.layers;
    if (f >= 1 - 1e-9) return b.layers;
    const jumps = this.#jumps[k];
    return a.layers.map((s, i) => {
      if (jumps[i]) return s;
      const e = b.layers[i];
      return {
        ...s,
        opacity: lerp(s.opacity, e.opacity, f),
        size: [lerp(s.size[0], e.size[0], f), lerp(s.size[1], e.size[1], f)],
        cornerRadius: lerp(s.cornerRadius || 0, e.cornerRadius || 0, f),
        matrix: s.matrix.map((m, j) => lerp(m, e.matrix[j], f)),
      };
    });
  }

  /** Puts the clock at t (clamped to 0…duration) and shows it. */
  seek(t) {
    if (!this.timeline) return;
    this.t = Math.max(0, Math.min(this.duration, Number(t) || 0));
    this._emit();
  }

  /** Steps n frames (negative: back), landing on frame times. */
  step(frames) {
    if (!this.timeline) return;
    this.pause();
    const k = this.frame;
    const onFrame = Math.abs(this.frameTime(k) - this.t) < 1e-6;
    const target = onFrame || frames > 0 ? k + frames : k + frames + 1;
    this.seek(this.frameTime(Math.max(0, Math.min(this.frameCount - 1, target))));
  }

  play({ from } = {}) {
    if (!this.timeline) return;
    // Playing from a time while playing is a restart: what follows the clock (the
    // compositor's animations) starts again with it.
    if (from !== undefined && this.playing) this.pause();
    if (from !== undefined) this.seek(from);
    else if (this.t >= this.duration - 1e-9) this.seek(0);
    if (this.playing) return;
    this.playing = true;
    this._last = performance.now();
    this._run = { from: this.t, wallStart: this._last, speed: this.speed };
    this._schedule();
    this.dispatchEvent(new Event("playstate"));
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this._run = null;
    this._unschedule();
    this.dispatchEvent(new Event("playstate"));
  }

  toggle() { this.playing ? this.pause() : this.play(); }
  restart() { this.pause(); this.play({ from: 0 }); }

  setSpeed(speed) {
    this.catchUp();  // the time so far at the old speed
    this.speed = speed;
    if (this._run) this._run = { from: this.t, wallStart: performance.now(), speed };
    if (this.playing) { this._unschedule(); this._schedule(); }
    this.dispatchEvent(new Event("speed"));
  }

  /** Lets the wall time since the last tick pass without the clock (the page's own set-up). */
  skipSinceLastTick() {
    if (!this.playing) return;
    const now = performance.now();
    if (this._run) this._run.wallStart += now - this._last;
    this._last = now;
  }

  /** Holds the clock where it is while playing (the compositor's animations being set up a
   *  chunk per task, playback.js); released, the held time does not count. */
  hold(on) {
    if (this.held === on) return;
    this.held = on;
    if (!on) this.skipSinceLastTick();
  }

  /** Ticks now when playing: on a timer the clock is up to `pace` ms behind between ticks. */
  catchUp() {
    if (!this.playing) return;
    this._unschedule();
    this._tick(performance.now());
  }

  /** Makes the clock run to at least `seconds` (or its timeline's end); keeps t inside. */
  setSpan(seconds) {
    this.span = seconds;
    if (this.t > this.duration) this.seek(this.duration);
  }

  /** Ticks every `ms` milliseconds on a timer (0: at every animation frame); see the module comment. */
  setPace(ms) {
    if (ms === this.pace) return;
    this.pace = ms;
    if (this.playing) { this._unschedule(); this._schedule(); }
  }

  _schedule() {
    if (!this.pace) { this._raf = requestAnimationFrame(this._tick); return; }
    const toEnd = ((this.duration - this.t) / this.speed) * 1000;
    this._timer = setTimeout(() => this._tick(performance.now()), Math.max(0, Math.min(this.pace, toEnd)));
  }

  _unschedule() {
    cancelAnimationFrame(this._raf);
    clearTimeout(this._timer);
  }

  setLoop(loop) { this.loop = loop; this.dispatchEvent(new Event("loopchange")); }

  _tick(now) {
    if (!this.playing) return;
    if (this.held) { this._last = now; this._schedule(); return; }
    const dt = Math.max(0, now - this._last) / 1000;
    this._last = now;
    let t = this.t + dt * this.speed;
    const end = this.duration;
    if (t >= end) {
      if (this._run) {
        this.runs.push({ from: this._run.from, to: end, speed: this._run.speed, wallSeconds: (now - this._run.wallStart) / 1000 });
        this.runsTotal++;
        if (this.runs.length > 20) this.runs.shift();
      }
      if (this.loop && end > 0) {
        t = (t - end) % end;
        this._run = { from: 0, wallStart: now - (t / this.speed) * 1000, speed: this.speed };
      } else {
        this.t = end;
        this.playing = false;
        this._run = null;
        this._emit();
        this.dispatchEvent(new Event("playstate"));
        this.dispatchEvent(new Event("ended"));
        return;
      }
    }
    this.t = t;
    this._emit();
    this._schedule();
  }

  _emit() { this.dispatchEvent(new Event("time")); }
}
