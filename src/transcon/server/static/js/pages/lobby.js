// The lobby: create a game (title, options, seats, bots), the list of games with filters,
// joining, invite links.

import { get, post, session } from "../api.js";
import { guarded, h, notice } from "../dom.js";
import { pageKeys } from "../keys.js";

let titlesCache = null;
const FILTERS = [
  ["mine", "My games"],
  ["my-turn", "My turn"],
  ["open", "Open"],
  ["finished", "Finished"],
  ["all", "All"],
];

export async function titles() {
  if (!titlesCache) titlesCache = await get("/api/titles");
  return titlesCache;
}

export async function titleNamed(name) {
  return (await titles()).find((t) => t.name === name);
}

function optionField(spec) {
  const id = `opt-${spec.name}`;
  const about = [spec.rule, spec.doc].filter(Boolean).join(": ");
  const doc = about ? h("small", { class: "doc", title: about }, about) : null;
  let input;
  if (spec.kind === "bool") {
    input = h("input", { id, type: "checkbox", checked: !!spec.default, "data-option": spec.name, "data-kind": "bool" });
    return h("div", { class: "field" }, h("label", { class: "check" }, input, " ", spec.name.replaceAll("_", " ")), doc);
  }
  if (spec.kind === "choice") {
    input = h(
      "select",
      { id, "data-option": spec.name, "data-kind": "choice" },
      spec.choices.map((c) => h("option", { value: c, selected: c === spec.default }, c)),
    );
  } else if (spec.kind === "int") {
    input = h("input", { id, type: "number", value: spec.default, min: spec.min, max: spec.max, "data-option": spec.name, "data-kind": "int" });
  } else {
    input = h("input", { id, value: spec.default ?? "", "data-option": spec.name, "data-kind": "str" });
  }
  return h("div", { class: "field" }, h("label", { for: id }, spec.name.replaceAll("_", " ")), input, doc);
}

function readOptions(form, title) {
  const options = {};
  for (const input of form.querySelectorAll("[data-option]")) {
    const spec = title.options.find((o) => o.name === input.dataset.option);
    let value;
    if (input.dataset.kind === "bool") value = input.checked;
    else if (input.dataset.kind === "int") value = Number(input.value);
    else value = input.value;
    if (value !== spec.default) options[spec.name] = value;
  }
  return options;
}

function seatRows(title, count) {
  const rows = [h("li", {}, h("span", { class: "seat-no" }, "1"), " You")];
  for (let seat = 2; seat <= count; seat += 1) {
    const choice = h(
      "select",
      { class: "seat-kind", "aria-label": `seat ${seat}`, "data-seat": seat },
      h("option", { value: "" }, "a person (open seat)"),
      title.bots.map((bot) => h("option", { value: bot, selected: bot === title.bots[0] && seat === count && count === 2 }, `bot: ${bot}`)),
    );
    rows.push(h("li", {}, h("span", { class: "seat-no" }, String(seat)), " ", choice));
  }
  return rows;
}

async function createForm(refreshList) {
  const all = await titles();
  const titleSelect = h(
    "select",
    { id: "new-title" },
    all.map((t) => h("option", { value: t.name }, `${t.display_name} (${t.min_players}–${t.max_players})`)),
  );
  const players = h("input", { id: "new-players", type: "number", value: 2 });
  const seats = h("ol", { class: "seats", id: "new-seats" });
  const options = h("div", { class: "options", id: "new-options" });
  const invite = h("input", { id: "new-invite", type: "checkbox" });
  const undo = h(
    "select",
    { id: "new-undo" },
    [["with-consent", "with the others' consent"], ["own-turn", "own turn only"], ["off", "off"]].map(([v, t]) =>
      h("option", { value: v }, t),
    ),
  );
  const current = () => all.find((t) => t.name === titleSelect.value);
  const redrawSeats = () => seats.replaceChildren(...seatRows(current(), Number(players.value)));
  const redrawTitle = () => {
    const title = current();
    players.min = title.min_players;
    players.max = title.max_players;
    players.value = Math.min(Math.max(Number(players.value), title.min_players), title.max_players);
    options.replaceChildren(...title.options.map(optionField));
    redrawSeats();
  };
  titleSelect.addEventListener("change", redrawTitle);
  players.addEventListener("change", redrawSeats);
  redrawTitle();
  const form = h(
    "form",
    { class: "card", id: "create-form" },
    h("h2", {}, "New game"),
    h("div", { class: "row" }, h("div", { class: "field" }, h("label", { for: "new-title" }, "Game"), titleSelect),
      h("div", { class: "field narrow" }, h("label", { for: "new-players" }, "Players"), players)),
    h("h3", {}, "Seats"),
    seats,
    h("details", { class: "more" }, h("summary", {}, "Options"), options,
      h("div", { class: "field" }, h("label", { for: "new-undo" }, "Undo"), undo),
      h("label", { class: "check" }, invite, " invite only (join by link)")),
    h("button", { type: "submit", class: "primary", id: "create" }, "Create game"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(async () => {
      const title = current();
      const bots = [...seats.querySelectorAll(".seat-kind")].map((s) => s.value).filter(Boolean);
      const game = await post("/api/games", {
        title: title.name,
        players: Number(players.value),
        options: readOptions(form, title),
        bots,
        invite_only: invite.checked,
        undo_policy: undo.value,
      });
      refreshList();
      location.hash = `#game/${game.id}`;
    });
  });
  return form;
}

function inviteLink(game) {
  return `${location.origin}/#join/${game.id}/${game.invite_code}`;
}

function gameRow(game, displayName) {
  const seats = game.seats.map((s) =>
    h("span", { class: `seat${s.open ? " open" : ""}${s.name === game.you ? " you" : ""}` },
      s.name ? `${s.name}${s.bot ? " 🤖" : ""}` : "open"),
  );
  const actions = [];
  if (game.you || game.status !== "open") {
    actions.push(h("a", { class: "button", href: `#game/${game.id}` }, game.you ? "Open" : "Watch"));
  } else {
    actions.push(
      h("button", {
        type: "button",
        class: "primary",
        onclick: () =>
          guarded(async () => {
            await post(`/api/games/${game.id}/join`, {});
            location.hash = `#game/${game.id}`;
          }),
      }, "Join"),
    );
  }
  if (game.invite_code && game.status === "open") {
    actions.push(
      h("button", {
        type: "button",
        class: "copy-invite",
        onclick: () =>
          guarded(async () => {
            await navigator.clipboard?.writeText(inviteLink(game)).catch(() => {});
            notice(`Invite link: ${inviteLink(game)}`, "info");
          }),
      }, "Invite link"),
    );
  }
  const state = game.your_turn ? "your turn" : game.status === "active" ? `${game.to_move.join(", ")} to move` : game.status;
  return h(
    "li",
    { class: `game-row${game.your_turn ? " turn" : ""}`, "data-game": game.id },
    h("div", { class: "what" }, h("b", {}, displayName || game.title), ` #${game.id}`,
      h("span", { class: `badge ${game.your_turn ? "hot" : game.status}` }, state)),
    h("div", { class: "who" }, seats),
    h("div", { class: "act" }, actions),
  );
}

export async function showLobby(view) {
  let filter = sessionStorage.getItem("transcon.filter") || "mine";
  const list = h("ul", { class: "games", id: "games" });
  const tabs = h("div", { class: "tabs", role: "tablist" });
  const refresh = () =>
    guarded(async () => {
      const [games, all] = await Promise.all([get(`/api/games?filter=${filter}`), titles()]);
      const names = Object.fromEntries(all.map((t) => [t.name, t.display_name]));
      list.replaceChildren(...games.map((g) => gameRow(g, names[g.title])));
      if (!games.length) list.append(h("li", { class: "muted" }, "No games here yet."));
      for (const tab of tabs.children) tab.setAttribute("aria-selected", String(tab.dataset.filter === filter));
    });
  tabs.replaceChildren(
    ...FILTERS.map(([value, text]) =>
      h("button", {
        type: "button",
        role: "tab",
        "data-filter": value,
        onclick: () => {
          filter = value;
          sessionStorage.setItem("transcon.filter", filter);
          refresh();
        },
      }, text),
    ),
  );
  view.replaceChildren(
    h("div", { class: "lobby" },
      h("section", { class: "card games-card" }, h("h2", {}, `Games of ${session.user.name}`), tabs, list,
        h("button", { type: "button", onclick: refresh, class: "link" }, "Refresh")),
      await createForm(refresh)),
  );
  pageKeys([{ key: "r", text: "refresh the list", run: refresh }]);
  await refresh();
}
