// The player's controls: play, restart, a frame back and forward, loop, speed, Reduce
// Motion, clip, the scrubber, Go to, zoom, full screen, the help box and the keyboard.

import { $ } from "./dom.js";
import { SPEEDS } from "./player.js";

/** A frame number ("12") or a time ("0.2s", "0.2 s", "200ms") → transition time, or null. */
export function parseGoto(text, player) {
  const m = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*(s|ms|f|frame)?\s*$/i.exec(text);
  if (!m) return null;
  const v = Number(m[1]);
  const unit = (m[2] || "").toLowerCase();
  if (unit === "s") return v;
  if (unit === "ms") return v / 1000;
  if (!Number.isInteger(v)) return null;
  if (v >= player.frameCount) return null;
  return player.frameTime(v);
}

export class Controls {
  /** @param {object} page  the page's parts (app.js) */
  constructor(page) {
    this.page = page;
    const { player, playback, stage, stageB, curves, state, links } = page;
    $("play").addEventListener("click", () => player.toggle());
    $("restart").addEventListener("click", () => player.restart());
    $("back").addEventListener("click", () => player.step(-1));
    $("forward").addEventListener("click", () => player.step(1));
    $("loop").addEventListener("change", (e) => player.setLoop(e.target.checked));
    $("reduce-motion").addEventListener("change", () => { if (state.spec) page.loader.load(state.spec, { start: 0 }); });
    $("clip").addEventListener("change", (e) => {
      $("screen").classList.toggle("unclipped", !e.target.checked);
      $("screen-b").classList.toggle("unclipped", !e.target.checked);
    });
    for (const radio of document.querySelectorAll('input[name="speed"]')) {
      radio.addEventListener("change", () => player.setSpeed(Number(radio.value)));
    }
    player.addEventListener("speed", () => {
      if (playback.running) playback.setSpeed(player.t, player.speed);
      for (const radio of document.querySelectorAll('input[name="speed"]')) radio.checked = Number(radio.value) === player.speed;
      links.schedule();
    });
    player.addEventListener("loopchange", () => {
      $("loop").checked = player.loop;
      if (playback.running) page.transport.startCompositor();
      links.schedule();
    });
    $("scrubber").addEventListener("input", (e) => {
      player.pause();
      player.seek(player.frameTime(Number(e.target.value)));
      links.schedule();
    });
    curves.addEventListener("seek", ({ detail: { t } }) => { player.pause(); player.seek(t); links.schedule(); });

    for (const radio of document.querySelectorAll('input[name="zoom"]')) {
      radio.addEventListener("change", () => this.setZoom(radio.value === "fit" ? "fit" : Number(radio.value)));
    }
    this.stages = [stage, stageB];

    $("fullscreen").addEventListener("click", () => this.toggleFullscreen());
    document.addEventListener("fullscreenchange", () => {
      $("fullscreen").setAttribute("aria-pressed", String(!!document.fullscreenElement));
      $("fullscreen").textContent = document.fullscreenElement ? "Exit full screen" : "Full screen";
    });

    $("goto").addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      const t = parseGoto(e.target.value, player);
      if (t === null || t > player.duration + 1e-9) {
        e.target.setAttribute("aria-invalid", "true");
        e.target.title = `A frame 0 … ${player.frameCount - 1}, or a time 0 … ${player.duration.toFixed(3)} s ending in s`;
        return;
      }
      e.target.removeAttribute("aria-invalid");
      e.target.title = "";
      player.pause();
      player.seek(t);
      links.schedule();
    });

    this.help = $("help");
    $("help-button").addEventListener("click", () => this.setHelp(this.help.hidden));
    $("help-close").addEventListener("click", () => { this.setHelp(false); $("help-button").focus(); });
    document.addEventListener("keydown", (e) => this.key(e));
  }

  setZoom(zoom) {
    const [stage, stageB] = this.stages;
    stage.zoom = stageB.zoom = zoom;
    for (const r of document.querySelectorAll('input[name="zoom"]')) r.checked = r.value === String(zoom);
    stage.fit();
    if (!$("holder-b").hidden) stageB.fit();
    this.page.links?.schedule();
  }

  async toggleFullscreen() {
    const viewport = $("stage-viewport");
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await viewport.requestFullscreen();
    } catch (error) {
      this.page.messages.show(`Full screen is not available here: ${error.message}`, { kind: "notice" });
    }
  }

  setHelp(open) {
    this.help.hidden = !open;
    $("help-button").setAttribute("aria-expanded", String(open));
    if (open) $("help-close").focus();
  }

  /** The keyboard shortcuts (the help box lists them), except where the focus types or has its own. */
  key(e) {
    const { player } = this.page;
    if (e.key === "Escape" && !this.help.hidden) {
      this.setHelp(false);
      $("help-button").focus();
      e.preventDefault();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.target;
    const typing = el.matches?.("textarea, select, input:not([type=range]):not([type=checkbox]):not([type=radio])");
    if (typing) return;
    const onScrubber = el.id === "scrubber";
    const onButton = el.matches?.("button, input[type=checkbox], input[type=radio], a");
    switch (e.key) {
      case " ":
        if (onButton) return;               // buttons and boxes handle their own space
        player.toggle(); break;
      case "ArrowLeft": case "ArrowRight":
        if (onScrubber || el.type === "radio") return; // native: one frame per step / next speed
        player.step((e.key === "ArrowLeft" ? -1 : 1) * (e.shiftKey ? 10 : 1)); break;
      case "Home": if (onScrubber) return; player.pause(); player.seek(0); break;
      case "End": if (onScrubber) return; player.pause(); player.seek(player.duration); break;
      case "r": case "R": player.restart(); break;
      case "l": case "L": player.setLoop(!player.loop); break;
      case "f": case "F": this.toggleFullscreen(); break;
      case "1": case "2": case "3": case "4": player.setSpeed(SPEEDS[Number(e.key) - 1]); break;
      case "?": this.setHelp(this.help.hidden); break;
      default: return;
    }
    e.preventDefault();
  }
}
