// Keyboard shortcuts: pages register theirs; "?" shows them all in an overlay.

import { $, h } from "./dom.js";

const global = [];
let page = [];

/** A shortcut for every page: keys like "?", "g", "Escape". */
export function globalKey(key, text, run) {
  global.push({ key, text, run });
}

/** The current page's shortcuts (replacing the previous page's). */
export function pageKeys(list) {
  page = list;
}

function typing(target) {
  const tag = target && target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
}

export function showHelp(open = true) {
  const overlay = $("#help");
  if (open) {
    const rows = [...page, ...global].filter((k) => !k.hidden).map((k) =>
      h("tr", {}, h("td", {}, h("kbd", {}, k.label || k.key)), h("td", {}, k.text)),
    );
    $("#help-keys").replaceChildren(...rows);
  }
  overlay.hidden = !open;
  if (open) $("#help-close").focus();
}

export function installKeys() {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!$("#help").hidden) {
      if (event.key === "Escape" || event.key === "?") {
        showHelp(false);
        event.preventDefault();
      }
      return;
    }
    if (typing(event.target) && event.key !== "Escape") return;
    // Enter on a focused button or link does what it does natively.
    if (event.key === "Enter" && event.target.closest && event.target.closest("button, a")) return;
    const found = [...page, ...global].find((k) => k.key === event.key);
    if (found) {
      event.preventDefault();
      found.run(event);
    }
  });
  $("#help-close").addEventListener("click", () => showHelp(false));
  $("#help").addEventListener("click", (event) => {
    if (event.target.id === "help") showHelp(false);
  });
  $("#help-button").addEventListener("click", () => showHelp(true));
  globalKey("?", "show these shortcuts", () => showHelp(true));
}
