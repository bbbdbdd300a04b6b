// Sharing: the spec lives in the URL fragment, deflated (CompressionStream 'deflate-raw')
// and base64url-encoded, so a link reopens the same transition and nothing is sent to a
// server to make it. The player's state follows it: `&speed=0.5&loop=1&t=0.25` and, in
// compare mode, `&compare=side|onion&with=…` (B, encoded as the spec is: A's preset's
// parameters, or B's own spec — a preset reference or an inline spec — when it fits), then
// `&reduceMotion=1` and `&zoom=1|2` (the stage's zoom; fit is left out).
// Downloads save what the server renders in each format.

import { render, FORMATS } from "./api.js";

const PREFIX = "#spec=";

/**
 * The longest encoded B (`&with=…`) a spec-in-URL link carries, in characters: half of the
 * 8,000 octets RFC 9110 §4.1 recommends every sender and recipient support in a URI, the
 * other half left for A (our choice). A longer B (an inline spec) leaves compare mode out of
 * the link; a short link (POST /v1/links) keeps any B.
 */
export const MAX_WITH_CHARS = 4000;

function toBase64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const s = atob(b64);
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The fragment (with its '#') for a spec object and the player's state. */
export async function encodeSpec(spec, state = {}) {
  let hash = PREFIX + await encodePart(spec);
  if (state.speed !== undefined && state.speed !== 1) hash += `&speed=${state.speed}`;
  if (state.loop) hash += "&loop=1";
  if (state.t) hash += `&t=${Number(state.t.toFixed(4))}`;
  if (state.compare) {
    const b = await encodePart(state.with ?? {});
    if (b.length <= MAX_WITH_CHARS) hash += `&compare=${state.compare}&with=${b}`;
  }
  if (state.reduceMotion) hash += "&reduceMotion=1";
  if (state.zoom !== undefined && state.zoom !== "fit") hash += `&zoom=${state.zoom}`;
  return hash;
}

/**
 * The player's state in a fragment: {speed, loop, t, compare, with, reduceMotion, zoom}, each only when
 * present, and `problems`: sentences for the parts that could not be read (the rest stays).
 */
export async function decodeState(hash) {
  const state = { problems: [] };
  if (!hash || !hash.startsWith(PREFIX)) return state;
  const params = new URLSearchParams(hash.slice(1));
  const number = (name, ok) => {
    if (!params.has(name)) return undefined;
    const v = Number(params.get(name));
    if (Number.isFinite(v) && ok(v)) return v;
    state.problems.push(`${name}=${params.get(name)} is not usable`);
    return undefined;
  };
  state.speed = number("speed", (v) => [1, 0.5, 0.25, 0.1].includes(v));
  state.t = number("t", (v) => v >= 0);
  if (params.has("loop")) state.loop = params.get("loop") === "1";
  if (params.has("reduceMotion")) state.reduceMotion = params.get("reduceMotion") === "1";
  if (params.has("zoom")) {
    const zoom = params.get("zoom");
    if (zoom === "fit" || zoom === "1" || zoom === "2") state.zoom = zoom === "fit" ? "fit" : Number(zoom);
    else state.problems.push(`zoom=${zoom} is not fit, 1 or 2`);
  }
  if (params.has("compare")) {
    const view = params.get("compare");
    if (view === "side" || view === "onion") {
      state.compare = view;
      try { state.with = params.has("with") ? await decodePart(params.get("with")) : {}; } catch (error) {
        state.problems.push(`the compared transition (B): ${error.message}`);
        state.with = {};
      }
    } else {
      state.problems.push(`compare=${view} is not side or onion`);
    }
  }
  return state;
}

/** The spec in a fragment, or null when there is none; throws on a damaged link. */
export async function decodeSpec(hash) {
  if (!hash || !hash.startsWith(PREFIX)) return null;
  return decodePart(hash.slice(PREFIX.length).split("&")[0]);
}

async function encodePart(value) {
  const json = new TextEncoder().encode(JSON.stringify(value));
  return toBase64url(await pipe(json, new CompressionStream("deflate-raw")));
}

async function decodePart(text) {
  let bytes;
  try {
    bytes = await pipe(fromBase64url(text), new DecompressionStream("deflate-raw"));
  } catch (error) {
    throw new Error(`This link's spec is damaged (it could not be decompressed): ${error.message}`);
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new Error(`This link's spec is not JSON: ${error.message}`);
  }
}

/** Puts the spec and state in the address bar without a new history entry; returns the full link. */
export async function putInURL(spec, state) {
  const hash = await encodeSpec(spec, state);
  if (location.hash !== hash) history.replaceState(null, "", hash);
  return location.href;
}

export function fileBase(spec) {
  const name = spec?.preset || spec?.name || "spec";
  return `animatic-${String(name).replace(/[^A-Za-z0-9_-]+/g, "-")}`;
}

/**
 * POSTs the spec with ?format=… and saves the answer through a Blob and an <a download>.
 * Resolves to {format, type, size, filename, head} (head: the first bytes as text).
 */
export async function download(spec, format, options = {}) {
  const blob = await render(spec, format, undefined, options);
  const filename = fileBase(spec) + FORMATS[format].ext;
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  const head = await blob.slice(0, 120).text();
  return { format, type: blob.type, size: blob.size, filename, head };
}

/**
 * The state a short link's page holds (`/s/{id}`: the server puts it in
 * <script type="application/json" id="animatic-link">), in decodeState's terms plus `spec`;
 * null when the page was not opened from a short link. Read once: later changes of the
 * address bar's fragment are the page's own.
 */
export function linkedState() {
  const element = document.getElementById("animatic-link");
  if (!element || element.dataset.used) return null;
  element.dataset.used = "1";
  const state = { problems: [] };
  let link;
  try { link = JSON.parse(element.textContent); } catch { return null; }
  state.spec = link.spec;
  if (link.speed !== undefined) state.speed = link.speed;
  if (link.loop !== undefined) state.loop = link.loop;
  if (link.t !== undefined) state.t = link.t;
  if (link.drive !== undefined) state.drive = link.drive;
  if (link.reduceMotion !== undefined) state.reduceMotion = link.reduceMotion;
  if (link.zoom !== undefined) state.zoom = link.zoom;
  if (link.compare) {
    // Compare mode's B, any spec (compare-mode.js's optionsFor reads it as decodeState's `with`).
    if (link.compare.spec && typeof link.compare.spec === "object") {
      state.compare = link.compare.view === "onion" ? "onion" : "side";
      state.with = link.compare.spec;
    } else {
      state.problems.push("the comparison (it has no B)");
    }
  }
  return state;
}
