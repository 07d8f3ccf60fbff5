// The title's panels: tables (players, companies), the 18xx market chart, plain text.

import { h } from "./dom.js";

function table(panel) {
  const marked = new Set((panel.highlight || []).map(([r, c]) => `${r},${c}`));
  return h("div", { class: "table-wrap" },
    h("table", { class: `panel-table ${panel.kind}` },
      panel.header && panel.header.length ? h("thead", {}, h("tr", {}, panel.header.map((c) => h("th", {}, c)))) : null,
      h("tbody", {},
        panel.rows.map((row, r) =>
          h("tr", {}, row.map((cell, c) => h("td", { class: marked.has(`${r},${c}`) ? "hl" : undefined }, cell)))))));
}

export function drawPanels(panels) {
  return panels.map((panel) =>
    h("section", { class: `panel kind-${panel.kind}`, "data-panel": panel.title },
      h("h3", {}, panel.title),
      panel.kind === "text" ? h("pre", { class: "panel-text" }, panel.text) : table(panel),
      panel.kind !== "text" && panel.text ? h("p", { class: "panel-note" }, panel.text) : null));
}
