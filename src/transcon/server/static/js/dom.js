// Small helpers for building the page without a framework.

/** An element: h("button", {class: "x", onclick: f}, "text", child...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

let noticeTimer = null;

/** One line at the top of the page: an error (kept until the next) or a passing message. */
export function notice(text, kind = "error") {
  const el = document.getElementById("notice");
  clearTimeout(noticeTimer);
  el.textContent = text || "";
  el.className = kind;
  el.hidden = !text;
  if (text && kind !== "error") noticeTimer = setTimeout(() => notice(""), 4000);
}

/** Run an async piece of work; any error becomes the one-line notice. */
export async function guarded(work) {
  try {
    return await work();
  } catch (err) {
    notice(err.message || String(err));
    return undefined;
  }
}

/** Display preferences, kept in this browser. */
const PREF_DEFAULTS = { colourBlind: false, labels: false, sound: true, compactLog: false };

export function prefs() {
  try {
    return { ...PREF_DEFAULTS, ...JSON.parse(localStorage.getItem("transcon.prefs") || "{}") };
  } catch {
    return { ...PREF_DEFAULTS };
  }
}

export function setPref(name, value) {
  const all = prefs();
  all[name] = value;
  localStorage.setItem("transcon.prefs", JSON.stringify(all));
  document.body.classList.toggle("cb", !!all.colourBlind);
}
