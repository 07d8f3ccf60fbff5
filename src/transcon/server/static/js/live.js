// The live stream of a game (server-sent events), resumed from the last action seen after a
// network loss or a sleeping laptop, so no action is missed and none is shown twice.

const RETRY_MS = [500, 1000, 2000, 5000, 10000];
/** A gap between timer ticks longer than this means the machine slept (hidden tabs' timers
 * run only once a minute, so theirs is longer). */
const SLEEP_GAP_MS = 20000;
const HIDDEN_SLEEP_GAP_MS = 90000;

export class Live {
  /** ``onAction(entry)`` per new log row (in order), ``onGame(info)`` after each change. */
  constructor(gameId, since, { onAction, onGame, onState }) {
    this.gameId = gameId;
    this.last = since;
    this.onAction = onAction;
    this.onGame = onGame;
    this.onState = onState || (() => {});
    this.source = null;
    this.failures = 0;
    this.retry = null;
    this.stopped = false;
    this.tick = Date.now();
    this.wake = () => this.restart();
    // Offline: the stream is dead even if the socket does not know it yet; "online" resumes.
    this.offline = () => {
      if (this.source) this.source.close();
      this.source = null;
      this.onState("offline");
    };
    this.visible = () => {
      if (document.visibilityState === "visible") this.restart();
    };
    window.addEventListener("online", this.wake);
    window.addEventListener("offline", this.offline);
    window.addEventListener("pageshow", this.wake);
    document.addEventListener("visibilitychange", this.visible);
    this.timer = setInterval(() => {
      const now = Date.now();
      const gap = document.visibilityState === "hidden" ? HIDDEN_SLEEP_GAP_MS : SLEEP_GAP_MS;
      if (now - this.tick > gap) this.restart(); // woke from sleep: the socket may be dead
      this.tick = now;
    }, 5000);
  }

  start() {
    if (this.stopped) return;
    clearTimeout(this.retry);
    const source = new EventSource(`/api/games/${this.gameId}/stream?since=${this.last}`);
    this.source = source;
    source.addEventListener("open", () => {
      this.failures = 0;
      this.onState("live");
    });
    source.addEventListener("action", (event) => {
      const entry = JSON.parse(event.data);
      if (entry.seq <= this.last) return;
      this.last = entry.seq;
      this.onAction(entry);
    });
    source.addEventListener("game", (event) => this.onGame(JSON.parse(event.data)));
    source.addEventListener("error", () => {
      if (this.source !== source) return;
      this.onState("reconnecting");
      // The browser retries by itself (with Last-Event-ID) unless it gave up: then we do,
      // from the last action we showed.
      if (source.readyState === EventSource.CLOSED) {
        const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
        this.failures += 1;
        this.retry = setTimeout(() => this.start(), wait);
      }
    });
  }

  /** Open a fresh stream from the last action seen (after sleep or a network change). */
  restart() {
    if (this.stopped) return;
    if (this.source) this.source.close();
    this.source = null;
    this.start();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.timer);
    if (this.source) this.source.close();
    window.removeEventListener("online", this.wake);
    window.removeEventListener("offline", this.offline);
    window.removeEventListener("pageshow", this.wake);
    document.removeEventListener("visibilitychange", this.visible);
  }
}
