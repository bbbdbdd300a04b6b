// The HTTP API of animatic, as the page uses it. Every failure becomes an ApiError with a
// sentence a person can read (network down, a problem+json from the server, …).

import { parseTimeline } from "./timeline-json.js";

/** An error with a readable message and, for 4xx answers, the server's problem. */
export class ApiError extends Error {
  constructor(message, { status = 0, problem = null, cause = null } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;          // 0: no answer at all (network down, server stopped)
    this.problem = problem;        // RFC 9457 problem details, when the server sent one
    this.cause = cause;
  }
  /** [{pointer, message}] of a 422 (or the malformed-JSON problem of a 400). */
  get errors() { return Array.isArray(this.problem?.errors) ? this.problem.errors : []; }
}

// Where the API is: the page's folder, or the root named by <meta name="animatic-api-base">
// when the server serves the page under another path (a short link's /s/{id}).
const base = new URL(document.querySelector('meta[name="animatic-api-base"]')?.content ?? ".", document.baseURI);

function url(path, query = {}) {
  const u = new URL(path, base);
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) u.searchParams.set(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  return u;
}

async function request(path, { query, body, accept = "application/json", contentType = "application/json", signal } = {}) {
  const init = { method: body === undefined ? "GET" : "POST", headers: { Accept: accept }, signal };
  if (body !== undefined) {
    init.headers["Content-Type"] = contentType;
    init.body = typeof body === "string" || body instanceof Blob ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url(path, query), init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(`Cannot reach the animatic server (${base.origin}): ${error.message}. ` +
      "Is `animatic serve` running?", { cause: error });
  }
  if (response.ok) return response;
  let problem = null;
  const type = response.headers.get("Content-Type") || "";
  if (type.includes("json")) {
    try { problem = await response.json(); } catch { /* not JSON after all */ }
  }
  const what = problem?.detail || problem?.title || `${response.status} ${response.statusText}`;
  throw new ApiError(`The server refused (${response.status}): ${what}`, { status: response.status, problem });
}

/**
 * Makes a short link of the page's state ({spec, speed, loop, t, compare}; docs/API.md,
 * "Links"): {id, url, embed, poster, preview} with `url` made absolute, or null when the
 * server keeps no links (it runs without a store: 404).
 */
export async function createLink(state, signal) {
  try {
    const made = await (await request("v1/links", { body: state, signal })).json();
    return { ...made, url: new URL(made.url, base).href };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A short link's state (docs/API.md, "Links"): {spec, speed, loop, t, drive, compare}. */
export async function getLink(id, signal) {
  return (await request(`v1/links/${encodeURIComponent(id)}`, { signal })).json();
}

/**
 * Uploads an image (a File or Blob: PNG, JPEG, WebP or GIF) to the asset store:
 * {id, width, height, bytes, type} (docs/API.md, "Assets").
 */
export async function uploadAsset(blob, signal) {
  return (await request("v1/assets", { body: blob, contentType: "application/octet-stream", signal })).json();
}

/** The URL of an uploaded asset, for an <img> or an SVG <image>. */
export function assetURL(id) { return url(`v1/assets/${encodeURIComponent(id)}`).href; }

export async function listPresets(signal) {
  const body = await (await request("v1/presets", { signal })).json();
  return body.presets;
}

/** The preset expanded to a full spec (a starting point for the editor). */
export async function expandPreset(name, params = {}, signal) {
  const query = Object.keys(params).length ? { params } : {};
  return (await request(`v1/presets/${encodeURIComponent(name)}`, { query, signal })).json();
}

/** A preset's interaction rule for these parameters (null when it has none). */
export async function interactionRule(name, params = {}, signal) {
  const query = Object.keys(params).length ? { params } : {};
  return (await (await request(`v1/presets/${encodeURIComponent(name)}/interaction`, { query, signal })).json()).interaction;
}

/** The JSON timeline with every frame for a spec (an object, a preset reference, or raw text);
 *  `reduceMotion` asks for the spec as Reduce Motion plays it (docs/SPEC.md). */
export async function timeline(spec, { fps = 60, signal, reduceMotion = false } = {}) {
  const query = { frames: "true", fps: String(fps) };
  if (reduceMotion) query.reduceMotion = "true";
  // A big timeline (explode's, 5.5 MB) is parsed a slice of its frames per task (timeline-json.js).
  return parseTimeline(await (await request("v1/timeline", { query, body: spec, signal })).text());
}

/** Resolves to {valid: true}, or throws an ApiError whose `errors` hold the problems. */
export async function validate(spec, signal) {
  return (await request("v1/validate", { body: spec, signal })).json();
}

export const FORMATS = {
  json: { label: "JSON", accept: "application/json", ext: ".json", query: { frames: "true", fps: "60" } },
  svg: { label: "SVG", accept: "image/svg+xml", ext: ".svg", query: {} },
  filmstrip: { label: "Filmstrip", accept: "image/svg+xml", ext: ".filmstrip.svg", query: {} },
  lottie: { label: "Lottie", accept: "application/json", ext: ".lottie.json", query: {} },
  css: { label: "CSS", accept: "text/css", ext: ".css", query: {} },
  swift: { label: "Swift", accept: "text/x-swift", ext: ".swift", query: {} },
  png: { label: "PNG", accept: "image/png", ext: ".png", query: {} },
  apng: { label: "APNG", accept: "image/apng", ext: ".apng.png", query: {} },
  gif: { label: "GIF", accept: "image/gif", ext: ".gif", query: {} },
  webp: { label: "WebP", accept: "image/webp", ext: ".webp", query: {} },
  webm: { label: "WebM", accept: "video/webm", ext: ".webm", query: {} },
  mp4: { label: "MP4", accept: "video/mp4", ext: ".mp4", query: {} },
};

/** The spec rendered in one of the download formats, as a Blob with the server's type;
 *  `options` adds to the query (a raster format's t, scale, loop…: docs/API.md). */
export async function render(spec, format, signal, options = {}) {
  const f = FORMATS[format];
  const query = { format, ...f.query, ...options };
  const response = await request("v1/timeline", { query, body: spec, accept: f.accept, signal });
  const type = (response.headers.get("Content-Type") || "application/octet-stream").split(";")[0].trim();
  return new Blob([await response.arrayBuffer()], { type });
}

/**
 * A UIKit animator's Swift read into a spec (docs/EXPORT.md, "Import"):
 * {spec, problems: [{line, column, message}], parameters}. No spec: an ApiError whose
 * problem holds the located `problems`.
 */
export async function importSwift(source, { operation = "present" } = {}, signal) {
  const response = await request("v1/import/swift", {
    query: { operation }, body: source, contentType: "text/x-swift", signal,
  });
  return response.json();
}
