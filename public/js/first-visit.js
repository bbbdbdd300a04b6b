// The first screen of a visit without a link: the default transition plays in a loop (the
// Loop box ticked, so the page says what it does) until the visitor does anything — a press,
// a key, a pause, a speed, another transition or a call of the test hook (window.animatic),
// or half a minute — so that the first ten seconds show what
// animatic does, not the fold once and then its last frame. The visitor's first action ends
// the loop (Loop unticked) unless it was on the Loop box itself, whose click then decides.
// With prefers-reduced-motion nothing plays by itself, and nothing loops.

/** How long the first visit loops at most without an action (our choice: the issue asks
 *  for the first ten seconds; three times that, then the page rests). */
const LOOP_AT_MOST_MS = 30_000;

export class FirstVisit {
  /** @param {object} page  the page's parts (app.js): player, reducedMotion */
  constructor(page) {
    this.page = page;
    this.looping = false;
    // The Loop box (or L) as the first action: its own click or key then decides the loop.
    this.pressed = (e) => this.end({ keepLoop: Boolean(e.target.closest?.("#loop, label[for=loop]")) });
    this.typed = (e) => this.end({ keepLoop: e.key === "l" || e.key === "L" });
    this.paused = () => { if (!this.page.player.playing) this.end(); };
    this.sped = () => this.end();
  }

  /** Loops the transition about to load, until the visitor's first action. */
  start() {
    const { player, reducedMotion } = this.page;
    if (reducedMotion.matches) return;
    this.looping = true;
    player.setLoop(true);
    window.addEventListener("pointerdown", this.pressed, true);
    window.addEventListener("keydown", this.typed, true);
    player.addEventListener("playstate", this.paused);
    player.addEventListener("speed", this.sped);
    // A page left open does not loop for ever: half a minute, then the run in progress ends.
    this.timer = setTimeout(() => this.end(), LOOP_AT_MOST_MS);
  }

  /** Ends the first visit's loop (Loop unticked unless `keepLoop`). */
  end({ keepLoop = false } = {}) {
    const { player } = this.page;
    if (!this.looping) return;
    this.looping = false;
    clearTimeout(this.timer);
    window.removeEventListener("pointerdown", this.pressed, true);
    window.removeEventListener("keydown", this.typed, true);
    player.removeEventListener("playstate", this.paused);
    player.removeEventListener("speed", this.sped);
    if (!keepLoop && player.loop) player.setLoop(false);
  }
}
