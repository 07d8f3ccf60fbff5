// Pieces of the game page: a log entry in words, the waiting room of a game not yet full.

import { post } from "../api.js";
import { guarded, h, notice } from "../dom.js";

/** One log row: what happened in words (the events), with the action's notation below. */
export function logEntry(entry, compact, at = null) {
  const later = at !== null && entry.seq > at;
  const events = compact ? [] : entry.events || [];
  return h("li", { value: entry.seq, "data-seq": entry.seq, class: later ? "later" : undefined },
    h("span", { class: "who" }, entry.player || ""), " ",
    events.length ? h("span", { class: "words" }, events.join(" ")) : h("span", { class: "words" }, entry.text),
    events.length ? h("small", { class: "notation" }, ` (${entry.text})`) : null);
}

export function waitingRoom(game, displayName) {
  const link = game.invite_code ? `${location.origin}/#join/${game.id}/${game.invite_code}` : null;
  return h("div", { class: "card waiting-room" },
    h("h1", {}, `${displayName} `, h("small", {}, `#${game.id}`)),
    h("p", {}, "Waiting for players: the game starts when every seat is taken."),
    h("ol", { class: "seats" }, game.seats.map((s) => h("li", {}, s.name ? `${s.name}${s.bot ? " (bot)" : ""}` : "open seat"))),
    !game.you && game.seats.some((s) => s.open)
      ? h("p", {}, h("button", { type: "button", class: "primary", id: "join", onclick: () =>
          guarded(async () => {
            await post(`/api/games/${game.id}/join`, {});
            notice("You have a seat.", "info");
          }) }, "Join this game"))
      : null,
    link
      ? h("p", {}, "Invite link: ", h("input", { id: "invite-link", readonly: true, value: link, onfocus: (e) => e.target.select() }),
          h("button", { type: "button", onclick: () => guarded(async () => {
            await navigator.clipboard?.writeText(link).catch(() => {});
            notice("Invite link copied.", "info");
          }) }, "Copy"))
      : null,
    h("p", {}, h("a", { href: "#lobby" }, "Back to the lobby")));
}
