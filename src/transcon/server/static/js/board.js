// The board: the server's SVG inline, zoom and pan (wheel, drag, keys, pinch), hover info,
// and an overlay of our own for clickable hexes and the path being built.

import { h } from "./dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const MIN_ZOOM = 1 / 1.5;
const MAX_ZOOM = 24;

function svgEl(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export class Board {
  /** ``onHex(hex)`` is called for a click on a hex; ``info(hex)`` returns hover lines. */
  constructor(container, { onHex, info }) {
    this.container = container;
    this.onHex = onHex;
    this.info = info;
    this.svg = null;
    this.base = null; // the SVG's own viewBox
    this.view = null; // what is shown now (kept across reloads)
    this.centres = new Map();
    this.pickable = [];
    this.path = [];
    this.pointers = new Map();
    this.dragged = false;
    this.tip = h("div", { class: "hex-tip", role: "tooltip", hidden: true });
    this.stage = h("div", { class: "board-stage", tabindex: "0", "aria-label": "game board" });
    container.replaceChildren(this.stage, this.tip);
    this.hovered = null;
    this.hoverTimer = null;
    this.infoCache = new Map();
    this.listen();
  }

  /** Show new SVG text, keeping the zoom and the highlights. */
  show(text, cacheKey) {
    if (this.cacheKey !== cacheKey) this.infoCache.clear();
    this.cacheKey = cacheKey;
    if (text === this.text && this.svg && this.svg.isConnected) return; // nothing changed
    this.text = text;
    this.stage.innerHTML = text;
    const svg = this.stage.querySelector("svg");
    if (!svg) return;
    this.svg = svg;
    const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    const base =
      box.length === 4 && box.every(Number.isFinite)
        ? { x: box[0], y: box[1], w: box[2], h: box[3] }
        : { x: 0, y: 0, w: Number(svg.getAttribute("width")) || 1000, h: Number(svg.getAttribute("height")) || 800 };
    const sameMap = this.base && this.base.w === base.w && this.base.h === base.h;
    this.base = base;
    if (!sameMap || !this.view) this.view = { ...base };
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.classList.add("board-svg");
    this.centres.clear();
    this.overlay = svgEl("g", { class: "board-overlay" });
    svg.append(this.overlay);
    this.apply();
    this.drawOverlay();
  }

  /** Show ``this.view``: at once, or during a gesture (``gesture``) as a cheap CSS transform
   * of the view last drawn, redrawn when the gesture pauses (a big map redraws slowly). */
  apply(gesture = false) {
    if (!this.svg) return;
    clearTimeout(this.commitTimer);
    if (!gesture || !this.drawn) {
      this.commit();
      return;
    }
    const c = this.drawn;
    const v = this.view;
    const r = this.stage.getBoundingClientRect();
    const k = Math.min(r.width / c.w, r.height / c.h);
    const s = c.w / v.w;
    const tx = ((r.width - c.w * k) / 2) * (1 - s) + s * k * (c.x - v.x);
    const ty = ((r.height - c.h * k) / 2) * (1 - s) + s * k * (c.y - v.y);
    this.svg.style.transform = `translate(${tx}px, ${ty}px) scale(${s})`;
    this.commitTimer = setTimeout(() => this.commit(), 180);
  }

  commit() {
    clearTimeout(this.commitTimer);
    if (!this.svg) return;
    const v = this.view;
    this.svg.style.transform = "";
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.drawn = { ...v };
  }

  zoom() {
    return this.base ? this.base.w / this.view.w : 1;
  }

  /** Zoom by ``factor`` around a point given in client pixels (the middle by default). */
  zoomBy(factor, clientX, clientY, gesture = false) {
    if (!this.svg) return;
    this.moved = true;
    const wanted = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.zoom() * factor));
    const f = wanted / this.zoom();
    const p = this.toSvg(clientX, clientY);
    const v = this.view;
    this.view = { x: p.x - (p.x - v.x) / f, y: p.y - (p.y - v.y) / f, w: v.w / f, h: v.h / f };
    this.apply(gesture);
  }

  /** Pan by client pixels. */
  panBy(dx, dy, gesture = false) {
    if (!this.svg) return;
    this.moved = true;
    const scale = this.scale();
    this.view.x -= dx * scale;
    this.view.y -= dy * scale;
    this.apply(gesture);
  }

  fit() {
    if (!this.base) return;
    this.view = { ...this.base };
    this.moved = false;
    this.apply();
  }

  /** Zoom to show these hexes (with a margin), filling the board's box. */
  focus(hexes) {
    const points = hexes.map((hex) => this.centre(hex)).filter(Boolean);
    if (!this.svg || !points.length) return;
    const r = Math.max(...points.map((p) => p.r));
    const pad = r * 4;
    let x0 = Math.min(...points.map((p) => p.x)) - pad;
    let x1 = Math.max(...points.map((p) => p.x)) + pad;
    let y0 = Math.min(...points.map((p) => p.y)) - pad;
    let y1 = Math.max(...points.map((p) => p.y)) + pad;
    const box = this.stage.getBoundingClientRect();
    const aspect = (box.width || 1) / (box.height || 1);
    const w = Math.max(x1 - x0, (y1 - y0) * aspect, r * 24);
    const h = w / aspect;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    [x0, y0] = [cx - w / 2, cy - h / 2];
    this.view = { x: x0, y: y0, w, h };
    this.apply();
  }

  /** On a big map not zoomed by hand, zoom to where the choices are. */
  autoFocus(hexes) {
    if (this.moved || !hexes.length || !this.svg) return;
    const c = this.centre(hexes[0]);
    if (c && c.r / this.scale() < 14) this.focus(hexes);
  }

  /** SVG units per client pixel ("meet": the larger of the two ratios). */
  scale() {
    const r = this.stage.getBoundingClientRect();
    return Math.max(this.view.w / (r.width || 1), this.view.h / (r.height || 1));
  }

  /** A client point in SVG units of the view being shown (whether drawn yet or not). */
  toSvg(clientX, clientY) {
    const r = this.stage.getBoundingClientRect();
    const v = this.view;
    const x = clientX ?? r.left + r.width / 2;
    const y = clientY ?? r.top + r.height / 2;
    const unit = this.scale();
    const left = (r.width - v.w / unit) / 2;
    const top = (r.height - v.h / unit) / 2;
    return { x: v.x + (x - r.left - left) * unit, y: v.y + (y - r.top - top) * unit };
  }

  /** The centre of a hex in the SVG's user units (from its element's bounding box). */
  centre(hex) {
    if (this.centres.has(hex)) return this.centres.get(hex);
    // The hex's own outline (the clickable top layer, else the terrain polygon), not the
    // art groups that also name their hex (a route's group may reach into other hexes).
    const id = CSS.escape(hex);
    const el =
      this.svg &&
      (this.svg.querySelector(`polygon.hex[data-hex="${id}"]`) ||
        this.svg.querySelector(`polygon[data-hex="${id}"]`) ||
        this.svg.querySelector(`[data-hex="${id}"]`));
    if (!el) return null;
    const b = el.getBBox();
    const own = el.getCTM();
    const root = this.svg.getCTM();
    let p = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2);
    if (own && root) p = p.matrixTransform(root.inverse().multiply(own));
    const found = { x: p.x, y: p.y, r: Math.min(b.width, b.height) / 2 };
    this.centres.set(hex, found);
    return found;
  }

  /** Ring the hexes that can be clicked now; ``path`` hexes get a line through them. */
  highlight(pickable, path = []) {
    this.pickable = pickable;
    this.path = path;
    this.drawOverlay();
  }

  drawOverlay() {
    if (!this.overlay) return;
    const parts = [];
    const picked = new Set(this.path);
    const points = this.path.map((hex) => this.centre(hex)).filter(Boolean);
    if (points.length > 1) {
      parts.push(svgEl("polyline", { class: "path-line", points: points.map((p) => `${p.x},${p.y}`).join(" ") }));
    }
    for (const hex of this.path) {
      const c = this.centre(hex);
      if (c) parts.push(svgEl("circle", { class: "path-dot", cx: c.x, cy: c.y, r: c.r * 0.3 }));
    }
    for (const hex of this.pickable) {
      const c = this.centre(hex);
      if (!c) continue;
      const ring = svgEl("circle", {
        class: `pick-ring${picked.has(hex) ? " picked" : ""}`,
        cx: c.x,
        cy: c.y,
        r: c.r * 0.8,
        "data-pick": hex,
      });
      parts.push(ring);
    }
    this.overlay.replaceChildren(...parts);
  }

  hexAt(target) {
    const el = target && target.closest && target.closest("[data-pick], [data-hex]");
    if (!el) return null;
    return el.getAttribute("data-pick") || el.getAttribute("data-hex");
  }

  listen() {
    const stage = this.stage;
    stage.addEventListener(
      "wheel",
      (event) => {
        event.preventDefault();
        this.zoomBy(Math.exp(-event.deltaY * 0.0015), event.clientX, event.clientY, true);
      },
      { passive: false },
    );
    stage.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 && event.pointerType === "mouse") return;
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (this.pointers.size === 1) {
        this.dragged = false;
        this.downAt = { x: event.clientX, y: event.clientY };
      }
    });
    stage.addEventListener("pointermove", (event) => {
      const last = this.pointers.get(event.pointerId);
      if (!last) {
        this.hover(event);
        return;
      }
      const now = { x: event.clientX, y: event.clientY };
      if (this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        const other = a === last ? b : a;
        const before = Math.hypot(last.x - other.x, last.y - other.y);
        const after = Math.hypot(now.x - other.x, now.y - other.y);
        if (before > 0) this.zoomBy(after / before, (now.x + other.x) / 2, (now.y + other.y) / 2, true);
        this.dragged = true;
      } else if (this.pointers.size === 1) {
        const moved = Math.hypot(now.x - this.downAt.x, now.y - this.downAt.y);
        if (moved > 6) {
          if (!this.dragged) stage.setPointerCapture?.(event.pointerId);
          this.dragged = true;
        }
        if (this.dragged) this.panBy(now.x - last.x, now.y - last.y, true);
      }
      this.pointers.set(event.pointerId, now);
    });
    const up = (event) => {
      this.pointers.delete(event.pointerId);
      // The gesture ended: draw its view now.
      if (!this.pointers.size && this.svg && this.svg.style.transform) this.commit();
    };
    stage.addEventListener("pointerup", up);
    stage.addEventListener("pointercancel", up);
    stage.addEventListener("pointerleave", () => this.hideTip());
    stage.addEventListener("click", (event) => {
      if (this.dragged) {
        this.dragged = false;
        return;
      }
      const hex = this.hexAt(event.target);
      if (hex) this.onHex(hex, event);
    });
    stage.addEventListener("keydown", (event) => {
      const step = 60;
      const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
      if (moves[event.key]) {
        this.panBy(...moves[event.key]);
        event.preventDefault();
        event.stopPropagation();
      }
    });
  }

  hover(event) {
    const hex = this.hexAt(event.target);
    if (hex !== this.hovered) {
      this.hovered = hex;
      clearTimeout(this.hoverTimer);
      if (!hex) {
        this.hideTip();
        return;
      }
      this.hoverTimer = setTimeout(() => this.showTip(hex), 120);
    }
    this.placeTip(event.clientX, event.clientY);
  }

  /** The hover tip for a tap (phones have no hover): next to where the hex was touched. */
  tapTip(hex, event) {
    this.hovered = hex;
    this.placeTip(event.clientX, event.clientY);
    this.showTip(hex);
  }

  async showTip(hex) {
    let lines = this.infoCache.get(hex);
    if (!lines) {
      try {
        lines = await this.info(hex);
      } catch {
        lines = [hex];
      }
      this.infoCache.set(hex, lines);
    }
    if (this.hovered !== hex) return;
    this.tip.replaceChildren(...lines.map((line, i) => h(i ? "div" : "b", {}, line)));
    this.tip.hidden = false;
  }

  placeTip(x, y) {
    const r = this.container.getBoundingClientRect();
    const left = Math.min(x - r.left + 14, r.width - 220);
    this.tip.style.left = `${Math.max(0, left)}px`;
    this.tip.style.top = `${y - r.top + 14}px`;
  }

  hideTip() {
    this.hovered = null;
    clearTimeout(this.hoverTimer);
    this.tip.hidden = true;
  }
}
