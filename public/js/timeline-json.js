// A big timeline's JSON parsed a few frames per task. `JSON.parse` of explode's timeline
// (5.5 MB: 222 layers × 61 frames) took 30–70 ms of the main thread in one task, and its
// garbage collection more (docs/PAGE.md, "Switching presets"). The server writes a timeline
// compactly with its frames as the member "frames" (docs/API.md), each frame an object
// whose first member is "t"; the text is cut at those frames and each piece parsed alone.
//
// The cut needs no scan of the strings: in JSON text a raw quote only ever delimits a
// string, and `{"t":` can only be an object whose first member is "t". A cut in the wrong
// place leaves a piece whose brackets do not balance, which JSON.parse refuses: any piece
// that does not parse, or text that is not laid out so, is parsed whole as before.

/** Below this many characters a timeline is parsed in one go. */
const PARSE_WHOLE_BELOW = 500_000;

/** Main-thread time spent parsing before the next task (ms). */
const SLICE_MS = 8;

const FRAMES = ',"frames":[';
const FRAME = '{"t":';

/** The next task (the page's timers, ~0 ms). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Parses a timeline's JSON text; a big one a slice of its frames per task. */
export async function parseTimeline(text) {
  if (text.length < PARSE_WHOLE_BELOW) return JSON.parse(text);
  try {
    return await parseByFrames(text);
  } catch {
    return JSON.parse(text);
  }
}

async function parseByFrames(text) {
  const head = text.indexOf(FRAMES);
  if (head < 0 || text.indexOf(FRAMES, head + 1) >= 0) throw new SyntaxError("no single frames member");
  const starts = [];
  for (let at = text.indexOf(FRAME, head); at >= 0; at = text.indexOf(FRAME, at + FRAME.length)) starts.push(at);
  if (starts[0] !== head + FRAMES.length) throw new SyntaxError("frames not where expected");
  const timeline = JSON.parse(`${text.slice(0, head)}}`);
  const frames = [];
  let sliceStart = performance.now();
  for (let j = 0; j + 1 < starts.length; j++) {
    // Up to the comma before the next frame.
    frames.push(JSON.parse(text.slice(starts[j], starts[j + 1] - 1)));
    if (performance.now() - sliceStart > SLICE_MS) { await nextTask(); sliceStart = performance.now(); }
  }
  // The last frame and whatever members follow the frames: an object of their own.
  const tail = JSON.parse(`{"frames":[${text.slice(starts[starts.length - 1])}`);
  frames.push(...tail.frames);
  timeline.frames = frames;
  for (const [key, value] of Object.entries(tail)) if (key !== "frames") timeline[key] = value;
  return timeline;
}
