// Sharing: the spec lives in the URL fragment, deflated (CompressionStream 'deflate-raw')
// and base64url-encoded, so a link reopens the same transition and nothing is sent to a
// server to make it. Downloads save what the server renders in each format.

import { render, FORMATS } from "./api.js";

const PREFIX = "#spec=";

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

/** The fragment (with its '#') for a spec object. */
export async function encodeSpec(spec) {
  const json = new TextEncoder().encode(JSON.stringify(spec));
  return PREFIX + toBase64url(await pipe(json, new CompressionStream("deflate-raw")));
}

/** The spec in a fragment, or null when there is none; throws on a damaged link. */
export async function decodeSpec(hash) {
  if (!hash || !hash.startsWith(PREFIX)) return null;
  let bytes;
  try {
    bytes = await pipe(fromBase64url(hash.slice(PREFIX.length)), new DecompressionStream("deflate-raw"));
  } catch (error) {
    throw new Error(`This link's spec is damaged (it could not be decompressed): ${error.message}`);
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw new Error(`This link's spec is not JSON: ${error.message}`);
  }
}

/** Puts the spec in the address bar without a new history entry; returns the full link. */
export async function putInURL(spec) {
  const hash = await encodeSpec(spec);
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
export async function download(spec, format) {
  const blob = await render(spec, format);
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
