// Acting by pointing: the server's choices become a trie over their picks (hex clicks on the
// board, label buttons); a leaf shows its summary and cost and a Confirm button. Path tools
// build track hex by hex with the cost quoted live by the server.

import { h } from "./dom.js";

/** Above this many buttons a group becomes a compact drop-down. */
const MAX_BUTTONS = 12;

const pickKey = (pick) => (pick.hex ? `hex:${pick.hex}` : `label:${pick.label}`);

export class ActionPanel {
  /** ``submit(text)`` sends an action; ``quote(tool, hexes)`` asks the server about a path. */
  constructor(root, board, { submit, quote }) {
    this.root = root;
    this.board = board;
    this.submit = submit;
    this.quote = quote;
    this.interaction = null;
    this.picks = [];
    this.tool = null; // the PathTool in use
    this.path = [];
    this.quoted = null;
    this.busy = false;
  }

  /** A new position: what may be done now (``null``: nothing for you, ``idle`` says why). */
  show(interaction, idle = "") {
    const before = this.interaction;
    this.interaction = interaction;
    this.idle = idle;
    // Keep a half-made choice only if the position did not change.
    if (!before || !interaction || before.seq !== interaction.seq) {
      this.picks = [];
      this.tool = null;
      this.path = [];
      this.quoted = null;
    }
    this.render();
  }

  active() {
    return !!(this.interaction && (this.interaction.choices.length || this.interaction.paths.length));
  }

  matching() {
    const n = this.picks.length;
    return this.interaction.choices.filter(
      (c) => c.picks.length >= n && this.picks.every((p, i) => pickKey(c.picks[i]) === pickKey(p)),
    );
  }

  /** A click on the board: part of a choice or of a path. Returns whether it was used. */
  hex(hex) {
    if (!this.active() || this.busy) return false;
    if (this.tool) {
      const last = this.path[this.path.length - 1];
      if (hex === last) this.path.pop();
      else this.path.push(hex);
      this.requote();
      this.render();
      return true;
    }
    const next = this.matching().some((c) => c.picks[this.picks.length]?.hex === hex);
    if (!next) return false;
    this.pick({ hex });
    return true;
  }

  pick(pick) {
    this.picks.push(pick);
    this.render();
  }

  back() {
    if (this.tool) {
      if (this.path.length) {
        this.path.pop();
        this.requote();
      } else {
        this.tool = null;
      }
    } else {
      this.picks.pop();
    }
    this.render();
  }

  cancel() {
    this.picks = [];
    this.tool = null;
    this.path = [];
    this.quoted = null;
    this.render();
  }

  /** Confirm the one finished choice or path (Enter). */
  confirm() {
    const button = this.root.querySelector("button.confirm:not([disabled])");
    if (button) button.click();
  }

  async requote() {
    const asked = [...this.path];
    if (!asked.length) {
      this.quoted = null;
      return;
    }
    this.quoted = { pending: true };
    const answer = await this.quote(this.tool.tool, asked).catch((err) => ({ ok: false, reason: err.message }));
    if (this.tool && asked.join() === this.path.join()) {
      this.quoted = answer;
      this.render();
    }
  }

  async send(text) {
    if (this.busy) return;
    this.busy = true;
    this.render();
    try {
      await this.submit(text);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  render() {
    const root = this.root;
    if (!this.interaction) {
      root.replaceChildren(h("p", { class: "prompt waiting", id: "prompt" }, this.idle || ""));
      this.board.highlight([]);
      return;
    }
    const it = this.interaction;
    const parts = [h("p", { class: "prompt", id: "prompt" }, it.prompt || "")];
    if (this.tool) parts.push(...this.renderPath());
    else if (this.active()) parts.push(...this.renderChoices());
    else this.board.highlight([]);
    root.replaceChildren(...parts);
    root.classList.toggle("busy", this.busy);
  }

  renderChoices() {
    const depth = this.picks.length;
    const matching = this.matching();
    const leaves = matching.filter((c) => c.picks.length === depth && depth > 0);
    const hexes = new Set();
    const groups = new Map();
    const seen = new Set();
    for (const choice of matching) {
      const next = choice.picks[depth];
      if (!next) continue;
      if (next.hex) {
        hexes.add(next.hex);
        continue;
      }
      const key = pickKey(next);
      if (seen.has(key)) continue;
      seen.add(key);
      const group = depth === 0 ? choice.group || "Actions" : "Choose";
      if (!groups.has(group)) groups.set(group, []);
      // A one-pick choice is finished by its button: the summary then shows before Confirm.
      groups.get(group).push({ pick: next, title: choice.picks.length === depth + 1 ? choice.summary : "" });
    }
    const route = leaves.length === 1 && (leaves[0].highlight || []).length ? leaves[0].highlight : this.picks.filter((p) => p.hex).map((p) => p.hex);
    this.board.highlight([...hexes], route);
    if (hexes.size && this.focusedAt !== this.interaction.seq) {
      this.focusedAt = this.interaction.seq;
      this.board.autoFocus([...hexes]);
    }
    const parts = [];
    if (depth) {
      parts.push(
        h("div", { class: "crumbs" },
          h("span", {}, this.picks.map((p) => p.hex || p.label).join(" › ")),
          h("button", { type: "button", class: "small", id: "back", onclick: () => this.back() }, "Back"),
          h("button", { type: "button", class: "small", id: "cancel", onclick: () => this.cancel() }, "Cancel")),
      );
    }
    for (const leaf of leaves) {
      parts.push(
        h("div", { class: "confirm-box" },
          h("div", { class: "summary" }, leaf.summary || leaf.text,
            leaf.cost !== null && leaf.cost !== undefined ? h("span", { class: "cost" }, ` cost ${leaf.cost}`) : null),
          h("button", { type: "button", class: "primary confirm", disabled: this.busy, onclick: () => this.send(leaf.text) }, "Confirm")),
      );
    }
    if (hexes.size) {
      // The same hexes as a list too: for the keyboard, and for tiny hexes on a phone.
      const sorted = [...hexes].sort();
      const list = h("select", { class: "hex-list", "aria-label": "hexes to pick" },
        h("option", { value: "" }, `or pick one of ${sorted.length} here…`),
        sorted.map((hex) => h("option", { value: hex }, hex)));
      list.addEventListener("change", () => list.value && this.pick({ hex: list.value }));
      parts.push(h("p", { class: "hint" }, "Click a ringed hex on the board (f: zoom to them) ", list));
    }
    if (depth === 0) {
      for (const tool of this.interaction.paths) {
        parts.push(
          h("div", { class: "group" },
            h("button", { type: "button", class: "tool", "data-tool": tool.tool, onclick: () => this.startPath(tool) }, `✎ ${tool.label}`),
            h("small", {}, tool.help)),
        );
      }
    }
    for (const [group, items] of groups) parts.push(this.renderGroup(group, items));
    return parts;
  }

  renderGroup(group, items) {
    if (items.length > MAX_BUTTONS) {
      const select = h("select", { "aria-label": group, class: "compact" },
        items.map((item) => h("option", { value: item.pick.label, title: item.title }, item.pick.label)));
      return h("div", { class: "group" }, h("h4", {}, group),
        h("div", { class: "compact-form" }, select,
          h("button", { type: "button", onclick: () => this.pick({ label: select.value }) }, "Choose")));
    }
    return h("div", { class: "group" }, h("h4", {}, group),
      h("div", { class: "buttons" },
        items.map((item) =>
          h("button", { type: "button", class: "pick", title: item.title || undefined, "data-label": item.pick.label, onclick: () => this.pick(item.pick) }, item.pick.label))));
  }

  startPath(tool) {
    this.tool = tool;
    this.path = [];
    this.quoted = null;
    this.render();
  }

  renderPath() {
    const tool = this.tool;
    const q = this.quoted;
    const ringed = this.path.length ? [...this.path] : tool.start;
    this.board.highlight(ringed, this.path);
    let status;
    if (!this.path.length) status = h("p", { class: "hint" }, tool.help || "Click hexes one after another.");
    else if (!q || q.pending) status = h("p", { class: "hint" }, "Checking…");
    else if (q.ok)
      status = h("div", { class: "summary" }, q.summary || q.text,
        q.cost !== null && q.cost !== undefined ? h("span", { class: "cost" }, ` cost ${q.cost}`) : null);
    else status = h("p", { class: "reason" }, q.reason);
    return [
      h("div", { class: "crumbs" }, h("b", {}, tool.label), h("span", { class: "path-hexes" }, this.path.join(" → ") || "—")),
      status,
      h("div", { class: "buttons" },
        h("button", { type: "button", class: "primary confirm", disabled: !(q && q.ok) || this.busy, onclick: () => this.send(q.text) }, "Confirm"),
        h("button", { type: "button", id: "back", onclick: () => this.back() }, "Undo hex"),
        h("button", { type: "button", id: "cancel", onclick: () => this.cancel() }, "Cancel")),
    ];
  }
}
