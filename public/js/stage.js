// The stage: the transition's container drawn with DOM elements, one per layer.
//
// Each layer is an absolutely positioned box of its bounds size at the container's
// top-left, with `transform-origin: 0 0` and `transform: matrix3d(…)` built from the
// frame's composed `matrix`. That matrix is in CATransform3D order m11…m44 for row vectors
// (p′ = p · M); CSS matrix3d takes a column-vector matrix in column-major order, which is
// the transpose read column by column — the same 16 numbers in the same order. Perspective
// is inside the matrix, so the stage needs no CSS perspective and the browser does the
// divide. The stage wrapper is scaled to fit the window; the math is never touched.
//
// The layer tree (docs/SPEC.md, "Layer tree") stays flat here, as in the CSS export: each
// frame's matrix is already composed and its opacity the product down the tree. Elements
// stack depth first (a sublayer above its parent, siblings by zPosition); an ancestor's
// clip is a clip-path polygon taken back into the element's own coordinates; a shadow is
// box-shadow (blur = 2 × shadowRadius); a border is a second element stacked above the
// layer's sublayers, as Core Animation draws it.

const SVG = "http://www.w3.org/2000/svg";
const PLACEHOLDER_FILL = "#c7c7cc";

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa into [r, g, b, a] (0…255, a 0…1). */
export function parseColor(c) {
  if (typeof c !== "string" || c[0] !== "#") return null;
  let h = c.slice(1);
  if (h.length === 3 || h.length === 4) h = [...h].map((x) => x + x).join("");
  if (h.length !== 6 && h.length !== 8) return null;
  const n = (i) => parseInt(h.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), h.length === 8 ? n(6) / 255 : 1];
}

export function cssColor(c) {
  const p = parseColor(c);
  return p ? `rgba(${p[0]}, ${p[1]}, ${p[2]}, ${p[3]})` : "transparent";
}

/**
 * Black or white text, whichever reads better on the colour (WCAG relative luminance). The
 * encoders' rule (Color.contrastingText) has other thresholds and a near-black dark colour.
 */
function textColor(background) {
  const p = parseColor(background) || [255, 255, 255, 1];
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const luminance = 0.2126 * lin(p[0]) + 0.7152 * lin(p[1]) + 0.0722 * lin(p[2]);
  return luminance > 0.4 ? "#000" : "#fff";
}

let gradientIds = 0;

/** An <svg> filling its parent: the gradient in unit coordinates, as CAGradientLayer. */
function gradientElement(g) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "gradient");
  svg.setAttribute("viewBox", "0 0 1 1");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  const id = `grad${++gradientIds}`;
  const lg = document.createElementNS(SVG, "linearGradient");
  lg.setAttribute("id", id);
  const [x1, y1] = g.start || [0.5, 0];
  const [x2, y2] = g.end || [0.5, 1];
  for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) lg.setAttribute(k, v);
  g.colors.forEach((c, k) => {
    const stop = document.createElementNS(SVG, "stop");
    const p = parseColor(c) || [0, 0, 0, 1];
    stop.setAttribute("offset", g.colors.length > 1 ? k / (g.colors.length - 1) : 0);
    stop.setAttribute("stop-color", `rgb(${p[0]}, ${p[1]}, ${p[2]})`);
    stop.setAttribute("stop-opacity", p[3]);
    lg.append(stop);
  });
  const defs = document.createElementNS(SVG, "defs");
  defs.append(lg);
  const rect = document.createElementNS(SVG, "rect");
  rect.setAttribute("width", 1); rect.setAttribute("height", 1);
  rect.setAttribute("fill", `url(#${id})`);
  svg.append(defs, rect);
  return svg;
}

/** How each image mode maps to preserveAspectRatio (UIKit's scaleAspectFill, scaleAspectFit, scaleToFill). */
const IMAGE_MODES = {fill: "xMidYMid slice", fit: "xMidYMid meet", stretch: "none"};

/** The URL of a layer's picture (an uploaded asset or a data URI), or null for a placeholder. */
function pictureURL(image) {
  if (typeof image.data === "string") return image.data;
  if (typeof image.asset === "string") return new URL(`v1/assets/${encodeURIComponent(image.asset)}`, document.baseURI).href;
  return null;
}

/**
 * An image drawn in its box as its mode says (aspect-fit by default): the picture when the
 * layer names one (its fill, when given, under it), else a placeholder.
 */
function imageElement(image) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "image");
  const aspect = image.aspect > 0 ? image.aspect : 1;
  svg.setAttribute("viewBox", `0 0 ${aspect} 1`);
  svg.setAttribute("preserveAspectRatio", IMAGE_MODES[image.mode] || IMAGE_MODES.fit);
  svg.setAttribute("aria-hidden", "true");
  const rect = document.createElementNS(SVG, "rect");
  rect.setAttribute("width", aspect); rect.setAttribute("height", 1);
  rect.setAttribute("fill", image.fill ? cssColor(image.fill) : PLACEHOLDER_FILL);
  const href = pictureURL(image);
  if (href) {
    const picture = document.createElementNS(SVG, "image");
    picture.setAttribute("width", aspect); picture.setAttribute("height", 1);
    picture.setAttribute("preserveAspectRatio", "none");
    picture.setAttribute("href", href);
    svg.append(...(image.fill ? [rect] : []), picture);
    return svg;
  }
  // A mountain and a sun, so that it reads as a picture.
  const hill = document.createElementNS(SVG, "path");
  hill.setAttribute("d", `M0 1 L${aspect * 0.35} 0.45 L${aspect * 0.6} 0.75 L${aspect * 0.75} 0.6 L${aspect} 1 Z`);
  hill.setAttribute("fill", "rgba(0,0,0,0.18)");
  const sun = document.createElementNS(SVG, "circle");
  sun.setAttribute("cx", aspect * 0.75); sun.setAttribute("cy", 0.28); sun.setAttribute("r", 0.1);
  sun.setAttribute("fill", "rgba(255,255,255,0.6)");
  svg.append(rect, hill, sun);
  return svg;
}

/** The label's font size (styles.css, `.label`): its one line is centred in the layer. */
const LABEL_FONT_PX = 17;

/**
 * Whether a label centred in a box of `size` can show through the window `rect` ([x, y, w,
 * h] of that box): not when the window lies wholly above or below the band of two font
 * sizes either side of the box's middle (the line is about 1.2 font sizes tall). Explode's
 * 220 pieces are each a window on the same look; leaving out the labels they cannot show
 * (190 of 220) took a fifth of the layout of the switch to it (docs/PAGE.md, "Switching presets").
 */
function labelCanShow(size, rect) {
  if (!rect) return true;
  const middle = size[1] / 2, reach = 2 * LABEL_FONT_PX;
  return rect[1] < middle + reach && rect[1] + rect[3] > middle - reach;
}

/**
 * The static look of a layer inside `box` (already sized): gradient, content, label.
 * Snapshots show their region of the source's look, stretched to the box (as the SVG
 * encoder draws them), through an overflow:hidden window (a layer's own box); `shown`, for a snapshot's look,
 * is that region ([x, y, w, h] of the source), where a label it cannot show is left out.
 */
function fillLook(box, layer, byId, depth, shown = null) {
  if (layer.gradient) box.append(gradientElement(layer.gradient));
  const content = layer.content;
  if (content?.image) {
    box.append(imageElement(content.image));
  } else if (content?.snapshotOf && depth < 4) {
    const source = byId.get(content.snapshotOf);
    if (source) {
      const inner = document.createElement("div");
      inner.className = "look";
      inner.style.width = `${source.size[0]}px`;
      inner.style.height = `${source.size[1]}px`;
      inner.style.background = source.fill ? cssColor(source.fill) : "transparent";
      if (source.cornerRadius) inner.style.borderRadius = `${source.cornerRadius}px`;
      if (source.clips) inner.style.overflow = "hidden";
      const rect = content.rect || [0, 0, source.size[0], source.size[1]];
      fillLook(inner, source, byId, depth + 1, rect);
      if (depth === 0) {
        // The layer is the window itself (one element fewer per snapshot: explode has 220).
        box.classList.add("window");
        box.append(inner);
      } else {
        const win = document.createElement("div");
        win.className = "snapshot";
        win.append(inner);
        box.append(win);
      }
      box._snapshot = { inner, rect };
    }
  }
  // A snapshot shows its source's look, label included; its own label (a note such as
  // "snapshot (of to)") would print over it, so it becomes the element's tooltip instead.
  if (layer.label && box._snapshot) {
    box.title = layer.label;
  } else if (layer.label && labelCanShow(layer.size, shown)) {
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = layer.label;
    label.style.color = textColor(layer.fill || layer.gradient?.colors?.[0] || "#ffffff");
    box.append(label);
    box._label = label;
  }
}

/** `polygon(…)` of an ancestor's clip in the element's coordinates, or "" (none) / nothing shown. */
function clipPath(clip, matrix) {
  if (clip.length < 3) return "polygon(0px 0px, 0px 0px, 0px 0px)";
  const local = localPolygon(clip, matrix);
  return local ? `polygon(${local.map(([x, y]) => `${x}px ${y}px`).join(", ")})` : "";
}

/** The shadow's colour with its alpha times its opacity. */
function shadowColor(shadow) {
  const p = parseColor(shadow.color) || [0, 0, 0, 1];
  return `rgba(${p[0]}, ${p[1]}, ${p[2]}, ${p[3] * shadow.opacity})`;
}

/** Places a snapshot's inner look so that `rect` of the source fills a box of size w × h. */
function placeSnapshot(box, w, h) {
  const s = box._snapshot;
  if (!s) return;
  const [rx, ry, rw, rh] = s.rect;
  const sx = w / Math.max(rw, 1e-4), sy = h / Math.max(rh, 1e-4);
  s.inner.style.transform = `scale(${sx}, ${sy}) translate(${-rx}px, ${-ry}px)`;
}

/**
 * A polygon in container points taken into the bounds coordinates of a layer whose
 * composed matrix is `m` (CATransform3D order): the inverse of the plane's homography
 * [x y 1] · H = [X Y W], H = [[m11 m12 m14], [m21 m22 m24], [m41 m42 m44]].
 */
/** Makes a layer element visible whatever show() last wrote (the compositor animates its
 *  opacity instead, playback.js), and records it so that show() writes visibility again. */
export function showElement(el) {
  el.style.visibility = "visible";
  if (el._cache) el._cache.v = true;
}

export function localPolygon(points, m) {
  const [a, b, c, d, e, f, g, k, l] = [m[0], m[1], m[3], m[4], m[5], m[7], m[12], m[13], m[15]];
  const A = e * l - f * k, B = -(d * l - f * g), C = d * k - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) return null;
  const inv = [A, -(b * l - c * k), b * f - c * e, B, a * l - c * g, -(a * f - c * d), C, -(a * k - b * g), a * e - b * d]
    .map((v) => v / det);
  return points.map(([x, y]) => {
    const w = x * inv[2] + y * inv[5] + inv[8];
    return [(x * inv[0] + y * inv[3] + inv[6]) / w, (x * inv[1] + y * inv[4] + inv[7]) / w];
  });
}

/** Stacking ranks: depth first, siblings by zPosition then list order; a bordered layer's border after its subtree. */
export function stackingRanks(states, parents, bordered) {
  const children = states.map(() => []);
  const roots = [];
  for (const [i, p] of parents.entries()) (p == null ? roots : children[p]).push(i);
  const byZ = (list) => list.slice().sort((x, y) => (states[x].zPosition || 0) - (states[y].zPosition || 0) || x - y);
  const layerRank = new Array(states.length), borderRank = new Array(states.length);
  let next = 0;
  const visit = (i) => {
    layerRank[i] = next++;
    byZ(children[i]).forEach(visit);
    if (bordered[i]) borderRank[i] = next++;
  };
  byZ(roots).forEach(visit);
  return { layerRank, borderRank };
}

export class Stage {
  /**
   * @param {HTMLElement} viewport  the area the device must fit in
   * @param {HTMLElement} device    the device outline (scaled as a whole)
   * @param {HTMLElement} screen    the container: layers are its children
   */
  constructor(viewport, device, screen) {
    this.viewport = viewport;
    this.device = device;
    this.screen = screen;
    this.scale = 1;
    this.elements = [];      // in the timeline's layer order
    this.container = { width: 390, height: 844 };
    this.zoom = "fit";       // "fit", or a scale: 1, 2 (the viewport scrolls)
    this.columns = 1;        // devices side by side in the viewport (compare mode: 2)
    new ResizeObserver(() => this.fit()).observe(viewport);
  }

  /**
   * Builds the layer elements for a timeline's static look, drawn at `states` when given
   * (the frame the clock starts at). They are made, placed and sized off the document and
   * put in it at once; fitting the device then styles and lays them out in this task, with
   * their sizes and places of that frame, and the next frame only paints them. With
   * explode's 222 layers, built bare and placed a task later, each step was done twice;
   * styled, laid out and painted in one frame, they made a task of 70–140 ms (docs/PAGE.md,
   * "Switching presets").
   */
  build(timeline, states = null) {
    this.container = timeline.container;
    const { width, height } = this.container;
    this.screen.style.width = `${width}px`;
    this.screen.style.height = `${height}px`;
    this.screen.style.background = timeline.container.background ? cssColor(timeline.container.background) : "";
    const radius = Math.min(44, 0.11 * Math.min(width, height));
    this.screen.style.setProperty("--screen-radius", `${radius}px`);
    const byId = new Map(timeline.layers.map((l) => [l.id, l]));
    const indexOf = new Map(timeline.layers.map((l, i) => [l.id, i]));
    this.parents = timeline.layers.map((l) => (l.parent != null && indexOf.has(l.parent) ? indexOf.get(l.parent) : null));
    const layers = document.createDocumentFragment();
    this.elements = timeline.layers.map((layer, index) => {
      const el = document.createElement("div");
      el.className = "layer";
      el.dataset.layerId = layer.id;
      el.dataset.index = index;
      if (layer.clips) el.classList.add("clips");
      fillLook(el, layer, byId, 0);
      layers.append(el);
      el._cache = {};
      if (layer.border || layer.tracks?.borderWidth) {
        const b = document.createElement("div");
        // Not a .layer (those are the layers themselves): placed the same way, inline.
        b.className = "layer-border";
        b.dataset.borderOf = layer.id;
        Object.assign(b.style, { position: "absolute", left: "0", top: "0", transformOrigin: "0 0",
                                 boxSizing: "border-box", pointerEvents: "none" });
        b._cache = {};
        layers.append(b);
        el._border = b;
      }
      return el;
    });
    this.bordered = this.elements.map((el) => Boolean(el._border));
    if (states?.length === this.elements.length) this.show(states);
    this.screen.replaceChildren(layers);
    this.fit();
  }

  /**
   * Shows a state: [{id, opacity, visible, size, zPosition, cornerRadius, fill, matrix}] in
   * layer order; `only` (a Set of layer indices), when given, limits it to those layers (the
   * others are playing on the compositor).
   */
  show(states, only = null) {
    const parents = this.parents || states.map(() => null);
    const { layerRank, borderRank } = stackingRanks(states, parents, this.bordered || []);
    states.forEach((s, i) => {
      const el = this.elements[i];
      if (!el || (only && !only.has(i))) return;
      const [w, h] = s.size;
      const matrix = `matrix3d(${s.matrix.join(",")})`;
      const clip = s.clip ? clipPath(s.clip, s.matrix) : "";
      const place = (target, rank) => {
        const c = target._cache, st = target.style;
        const set = (key, value, apply) => { if (c[key] !== value) { c[key] = value; apply(value); } };
        set("w", w, (v) => { st.width = `${v}px`; });
        set("h", h, (v) => { st.height = `${v}px`; });
        set("m", matrix, (v) => { st.transform = v; });
        set("o", s.opacity, (v) => { st.opacity = v; });
        set("v", s.visible, (v) => { st.visibility = v ? "visible" : "hidden"; });
        set("z", rank, (v) => { st.zIndex = v; });
        set("r", s.cornerRadius || 0, (v) => { st.borderRadius = v ? `${v}px` : ""; });
        set("k", clip, (v) => { st.clipPath = v; });
        return set;
      };
      const set = place(el, layerRank[i]);
      const st = el.style;
      set("f", s.fill || null, (v) => {
        st.background = v ? cssColor(v) : "";
        if (el._label) el._label.style.color = textColor(v || "#ffffff");
      });
      const shadow = s.shadow
        ? `${s.shadow.offset[0]}px ${s.shadow.offset[1]}px ${2 * s.shadow.radius}px ${shadowColor(s.shadow)}` : "";
      set("s", shadow, (v) => { st.boxShadow = v; });
      if (el._snapshot) set("ss", `${w}x${h}`, () => placeSnapshot(el, w, h));
      if (el._border) {
        const setBorder = place(el._border, borderRank[i]);
        const border = s.border ? `${s.border.width}px solid ${cssColor(s.border.color)}` : "none";
        setBorder("b", border, (v) => { el._border.style.border = v; });
      }
    });
  }

  /** Scales the device to fit the viewport (the wrapper is scaled, not the layers' math). */
  fit() {
    const { width, height } = this.container;
    const bezel = parseFloat(getComputedStyle(this.device).paddingLeft) || 0;
    const outerW = width + 2 * bezel, outerH = height + 2 * bezel;
    const box = this.viewport.getBoundingClientRect();
    const n = this.columns;
    // The stage row's padding (8 on each side), the gap between devices, a caption under them.
    const avail = { w: Math.max((box.width - 16 - 16 * (n - 1)) / n - 8, 50), h: Math.max(box.height - 16 - (n > 1 ? 22 : 0), 50) };
    const scale = this.zoom === "fit" ? Math.min(avail.w / outerW, avail.h / outerH, 1.5) : Number(this.zoom);
    this.scale = scale;
    this.device.style.transform = `scale(${scale})`;
    const holder = this.device.parentElement;
    holder.style.width = `${outerW * scale}px`;
    holder.style.height = `${outerH * scale}px`;
  }

  /** Stage point (container coordinates) of a client position. */
  toStage(clientX, clientY) {
    const r = this.screen.getBoundingClientRect();
    return [(clientX - r.left) / this.scale, (clientY - r.top) / this.scale];
  }
}
