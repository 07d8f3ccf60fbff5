// The game page: board, what you may do, panels, log, replay scrubber, value chart, live
// updates, undo, keyboard shortcuts.

import { ding, setTitle } from "../alerts.js";
import { ApiError, get, getText, post } from "../api.js";
import { Board } from "../board.js";
import { drawChart } from "../chart.js";
import { ActionPanel } from "../choices.js";
import { guarded, h, notice, prefs, setPref } from "../dom.js";
import { pageKeys } from "../keys.js";
import { Live } from "../live.js";
import { drawPanels } from "../panels.js";
import { titleNamed } from "./lobby.js";
import { logEntry, waitingRoom } from "./gameparts.js";

const TIMELINE_EVERY_MS = 3000;

export async function showGame(view, id) {
  const page = new GamePage(view, id);
  await page.load();
  return () => page.stop();
}

class GamePage {
  constructor(view, id) {
    this.view = view;
    this.id = id;
    this.api = `/api/games/${id}`;
    this.game = null;
    this.seq = 0;
    this.at = null; // replay position (null: now)
    this.timeline = null;
    this.timelineAt = 0;
    this.myTurn = false;
    this.live = null;
    this.stopped = false;
    this.refreshing = null;
    this.again = false;
    this.boardKey = "";
  }

  async load() {
    if (this.stopped) return;
    const game = await guarded(() => this.read());
    if (this.stopped) return;
    if (!game) {
      this.view.replaceChildren(h("p", {}, "This game cannot be shown. ", h("a", { href: "#lobby" }, "Back to the lobby")));
      return;
    }
    this.displayName = (await titleNamed(game.title))?.display_name || game.title;
    if (game.status === "open") {
      this.view.replaceChildren(waitingRoom(game, this.displayName));
      this.poll = setTimeout(() => this.load(), 1500);
      return;
    }
    this.build();
    this.keys();
    await this.update(game);
    this.live = new Live(this.id, this.seq, {
      onAction: (entry) => this.arrived(entry),
      onGame: (info) => {
        if (info.seq !== this.seq || JSON.stringify(info.to_move) !== JSON.stringify(this.game.to_move)) this.refresh();
      },
      onState: (state) => {
        const words = { live: "● live", offline: "○ offline: will catch up", reconnecting: "○ reconnecting…" };
        this.liveState.textContent = words[state];
        this.liveState.className = `live-state ${state}`;
      },
    });
    this.live.start();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.poll);
    delete this.view.dataset.seq;
    delete this.view.dataset.at;
    delete this.view.dataset.refreshing;
    if (this.live) this.live.stop();
    document.title = "Transcon";
  }

  read() {
    const seen = document.visibilityState === "visible";
    return get(`${this.api}?seen=${seen}`);
  }

  build() {
    const zoomButton = (text, label, run) => h("button", { type: "button", class: "icon", "aria-label": label, title: label, onclick: run }, text);
    this.turn = h("span", { class: "turn", id: "turn" });
    this.liveState = h("span", { class: "live-state", id: "live-state" }, "○ connecting");
    this.labelsBox = h("input", { type: "checkbox", id: "toggle-labels", checked: prefs().labels });
    this.cbBox = h("input", { type: "checkbox", id: "toggle-cb", checked: prefs().colourBlind });
    this.labelsBox.addEventListener("change", () => this.setDisplay("labels", this.labelsBox.checked));
    this.cbBox.addEventListener("change", () => this.setDisplay("colourBlind", this.cbBox.checked));
    this.undoButton = h("button", { type: "button", id: "undo", hidden: true, onclick: () => this.undo() }, "↶ Undo");
    const boardBox = h("div", { class: "board", id: "board" });
    this.board = new Board(boardBox, {
      onHex: (hex, event) => {
        if (!this.actions.hex(hex)) this.board.tapTip(hex, event);
      },
      info: async (hex) => (await get(`${this.api}/hex/${encodeURIComponent(hex)}${this.atQuery("?")}`)).lines,
    });
    this.actBox = h("section", { class: "card act", id: "act", "aria-label": "your move" });
    this.actions = new ActionPanel(this.actBox, this.board, {
      submit: (text) => this.submit(text),
      quote: (tool, hexes) => post(`${this.api}/quote`, { tool, hexes }),
    });
    this.undoAsk = h("div", { id: "undo-ask" });
    this.panels = h("div", { class: "panels", id: "panels" });
    this.logList = h("ol", { class: "log", id: "log" });
    this.scrub = h("input", { type: "range", id: "scrub", min: 0, max: 0, value: 0, "aria-label": "replay position" });
    this.scrub.addEventListener("input", () => {
      clearTimeout(this.scrubTimer);
      this.scrubTimer = setTimeout(() => this.setAt(Number(this.scrub.value)), 120);
    });
    this.markers = h("div", { class: "markers", id: "round-markers" });
    this.replayBanner = h("div", { class: "replay-banner", id: "replay-banner", hidden: true });
    this.chart = h("div", { class: "chart-box", id: "chart" });
    const notation = h("input", { id: "notation", autocomplete: "off", placeholder: "action in the game's notation" });
    const expert = h("form", { class: "expert-form" }, notation, h("button", { type: "submit" }, "Send"));
    expert.addEventListener("submit", (event) => {
      event.preventDefault();
      if (notation.value.trim()) this.submit(notation.value.trim()).then(() => (notation.value = ""));
    });
    this.view.replaceChildren(
      h("div", { class: "game-page" },
        h("div", { class: "game-head" },
          h("h1", {}, `${this.displayName} `, h("small", {}, `#${this.id}`)), this.turn, this.liveState,
          h("div", { class: "toolbar" },
            zoomButton("−", "zoom out (-)", () => this.board.zoomBy(1 / 1.4)),
            zoomButton("+", "zoom in (+)", () => this.board.zoomBy(1.4)),
            zoomButton("⤢", "fit the board (0)", () => this.board.fit()),
            h("label", { class: "check", title: "hex labels (l)" }, this.labelsBox, " labels"),
            h("label", { class: "check", title: "colour-blind mode (c)" }, this.cbBox, " colour-blind"),
            this.undoButton)),
        h("div", { class: "game-main" },
          boardBox,
          h("aside", { class: "side" },
            this.replayBanner, this.actBox, this.undoAsk,
            h("details", { class: "expert" }, h("summary", {}, "Notation (for experts)"), expert),
            this.panels)),
        h("section", { class: "card timebar" },
          h("h2", {}, "Replay and values"),
          h("div", { class: "scrubber" }, this.scrub, this.markers),
          this.chart),
        h("section", { class: "card log-card" }, h("h2", {}, "Log"), this.logList)),
    );
  }

  keys() {
    const step = 80;
    pageKeys([
      { key: "+", text: "zoom in", run: () => this.board.zoomBy(1.4) },
      { key: "=", label: "=", text: "zoom in", run: () => this.board.zoomBy(1.4) },
      { key: "-", text: "zoom out", run: () => this.board.zoomBy(1 / 1.4) },
      { key: "0", text: "fit the board", run: () => this.board.fit() },
      { key: "f", text: "zoom to the ringed hexes", run: () => this.board.focus(this.board.pickable.length ? this.board.pickable : this.board.path) },
      { key: "ArrowLeft", label: "← ↑ → ↓", text: "pan the board", run: () => this.board.panBy(step, 0) },
      { key: "ArrowRight", label: "→", text: "pan right", run: () => this.board.panBy(-step, 0), hidden: true },
      { key: "ArrowUp", label: "↑", text: "pan up", run: () => this.board.panBy(0, step), hidden: true },
      { key: "ArrowDown", label: "↓", text: "pan down", run: () => this.board.panBy(0, -step), hidden: true },
      { key: "Enter", text: "confirm the chosen action", run: () => this.actions.confirm() },
      { key: "Backspace", text: "take back the last pick", run: () => this.actions.back() },
      { key: "Escape", text: "cancel the choice", run: () => this.actions.cancel() },
      { key: "l", text: "hex labels on/off", run: () => this.labelsBox.click() },
      { key: "c", text: "colour-blind mode on/off", run: () => this.cbBox.click() },
      { key: "[", text: "replay: one action back", run: () => this.setAt((this.at ?? this.seq) - 1) },
      { key: "]", text: "replay: one action forward", run: () => this.setAt((this.at ?? this.seq) + 1) },
      { key: "n", text: "back to now", run: () => this.setAt(this.seq) },
      { key: "u", text: "undo", run: () => this.undo() },
    ]);
  }

  atQuery(sep) {
    return this.at === null ? "" : `${sep}at=${this.at}`;
  }

  setDisplay(name, value) {
    setPref(name, value);
    this.refresh();
  }

  /** Show the position after ``seq`` actions (read only); the latest one is "now". */
  setAt(seq) {
    const clamped = Math.max(0, Math.min(this.seq, seq));
    this.at = clamped >= this.seq ? null : clamped;
    this.refresh();
  }

  arrived(entry) {
    this.logList.append(logEntry(entry, prefs().compactLog));
    this.logList.scrollTop = this.logList.scrollHeight;
    this.refresh();
  }

  /** Re-read everything (coalesced: at most one read at a time, one more queued). */
  refresh() {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.view.dataset.refreshing = "1";
    this.refreshing = (async () => {
      do {
        this.again = false;
        const game = await guarded(() => this.read());
        if (game && !this.stopped) await guarded(() => this.update(game));
      } while (this.again && !this.stopped);
      this.refreshing = null;
      delete this.view.dataset.refreshing;
    })();
    return this.refreshing;
  }

  async update(game) {
    this.game = game;
    this.seq = game.seq;
    if (this.live && game.seq > this.live.last) this.live.last = game.seq;
    if (this.at !== null && this.at >= this.seq) this.at = null;
    const viewer = game.viewer;
    const myTurn = !!viewer && game.status === "active" && game.to_move.includes(viewer);
    if (myTurn && !this.myTurn && this.live) ding();
    this.myTurn = myTurn;
    setTitle(`${this.displayName} #${this.id}`, myTurn);
    this.turn.textContent = game.over
      ? `Game over: ${Object.entries(game.result || {}).map(([p, s]) => `${p} ${s}`).join(", ")}`
      : myTurn
        ? "Your turn"
        : `${game.to_move.join(", ") || "nobody"} to move`;
    this.turn.classList.toggle("hot", myTurn);
    this.logList.replaceChildren(...(game.log || []).map((e) => logEntry(e, prefs().compactLog, this.at)));
    this.drawUndo(game);
    const replay = this.at !== null;
    this.replayBanner.hidden = !replay;
    this.replayBanner.replaceChildren(
      `Replay: the position after action ${this.at} of ${this.seq} (read only) `,
      h("button", { type: "button", id: "replay-now", onclick: () => this.setAt(this.seq) }, "Back to now"),
    );
    this.scrub.max = String(this.seq);
    this.scrub.value = String(this.at ?? this.seq);
    await Promise.all([this.drawBoard(), this.drawPanels(), this.drawChoices(myTurn && !replay), this.drawTimeline()]);
    this.logList.scrollTop = this.logList.scrollHeight;
    // What tests wait for: the page shows this position completely.
    this.view.dataset.seq = String(this.seq);
    this.view.dataset.at = String(this.at ?? this.seq);
  }

  async drawBoard() {
    const p = prefs();
    const url = `${this.api}/board.svg?cb=${p.colourBlind ? 1 : 0}&labels=${p.labels ? 1 : 0}${this.atQuery("&")}`;
    const key = `${url}#${this.seq}`;
    if (key === this.boardKey) return;
    try {
      const svg = await getText(url);
      this.boardKey = key;
      this.board.show(svg, `${this.at ?? this.seq}`);
      this.board.stage.dataset.at = String(this.at ?? this.seq);
      this.actions.render();
    } catch (err) {
      this.board.stage.replaceChildren(h("p", { class: "muted" }, `The board cannot be drawn: ${err.message}`));
    }
  }

  async drawPanels() {
    const found = await get(`${this.api}/panels${this.atQuery("?")}`).catch((err) => ({
      panels: [{ title: "Status", kind: "text", text: this.game.status_text || err.message }],
    }));
    this.panels.replaceChildren(...drawPanels(found.panels));
  }

  async drawChoices(mine) {
    if (!mine) {
      const who = this.game.over ? "The game is over." : this.at !== null ? "Replay: read only." : `Waiting for ${this.game.to_move.join(", ")}.`;
      this.actions.show(null, who);
      return;
    }
    try {
      this.actions.show(await get(`${this.api}/choices`));
    } catch (err) {
      this.actions.show(null, err.message);
    }
  }

  async drawTimeline() {
    if (!this.timeline || this.timeline.seq !== this.seq) {
      if (Date.now() - this.timelineAt < TIMELINE_EVERY_MS && this.timeline) {
        clearTimeout(this.timelineTimer);
        this.timelineTimer = setTimeout(() => this.drawTimeline(), TIMELINE_EVERY_MS);
      } else {
        this.timelineAt = Date.now();
        const found = await get(`${this.api}/timeline`).catch(() => null);
        if (!found || this.stopped) return;
        this.timeline = { ...found, seq: this.seq };
      }
    }
    if (!this.timeline) return;
    const max = Math.max(1, this.seq);
    this.markers.replaceChildren(
      ...this.timeline.points.filter((p) => p.round).map((p) =>
        h("button", {
          type: "button",
          class: "marker",
          style: `left: ${(100 * p.seq) / max}%`,
          title: p.round,
          "aria-label": `go to ${p.round}`,
          onclick: () => this.setAt(p.seq),
        }, "")),
    );
    this.chart.replaceChildren(drawChart(this.timeline, this.seq, this.at ?? this.seq, (seq) => this.setAt(seq)));
  }

  drawUndo(game) {
    const seated = !!game.viewer && game.status === "active";
    this.undoButton.hidden = !seated || game.undo_policy === "off" || this.at !== null;
    const pending = game.pending_undo;
    if (!pending || !seated) {
      this.undoAsk.replaceChildren();
      return;
    }
    const plural = pending.count === 1 ? "action" : "actions";
    if (pending.waiting_for.includes(game.viewer)) {
      const answer = (agree) => () =>
        guarded(async () => {
          await post(`${this.api}/undo/answer`, { after: this.seq, agree });
          await this.refresh();
        });
      this.undoAsk.replaceChildren(
        h("div", { class: "card ask" }, `${pending.by} asks to take back ${pending.count} ${plural}. `,
          h("button", { type: "button", class: "primary", onclick: answer(true) }, "Agree"),
          h("button", { type: "button", onclick: answer(false) }, "Refuse")),
      );
    } else {
      this.undoAsk.replaceChildren(h("p", { class: "muted" }, `Undo of ${pending.count} ${plural} waits for ${pending.waiting_for.join(", ")}.`));
    }
  }

  async undo() {
    if (this.undoButton.hidden) return;
    await guarded(async () => {
      const answer = await post(`${this.api}/undo`, { after: this.seq, count: 1 });
      notice(answer.done ? "Taken back." : `Undo asked: waiting for ${answer.waiting_for.join(", ")}.`, "info");
    });
    await this.refresh();
  }

  /** Send an action; a refusal (the game moved on, a rule) is one line, then we refresh. */
  async submit(text) {
    notice(""); // a new try: the last refusal no longer applies
    try {
      await post(`${this.api}/actions`, { after: this.seq, action: text });
      notice("");
    } catch (err) {
      const moved = err instanceof ApiError && err.code === "game_moved_on";
      notice(moved ? `The game moved on; the page is up to date now. (${err.message})` : err.message);
    }
    await this.refresh();
  }
}

