// The page's router: #lobby, #signin, #signup, #game/ID, #join/ID/CODE, #profile.

import { loadSession, post, session } from "./api.js";
import { $, guarded, h, notice, prefs } from "./dom.js";
import { globalKey, installKeys, pageKeys } from "./keys.js";
import { showAuth } from "./pages/auth.js";
import { showGame } from "./pages/game.js";
import { showLobby } from "./pages/lobby.js";
import { showProfile } from "./pages/profile.js";

let leaving = null; // the current page's clean-up (closing a live stream)

function topbar() {
  const signedIn = !!session.user;
  $("#nav").hidden = !signedIn;
  $("#me").textContent = signedIn ? session.user.name : "";
}

async function route() {
  if (leaving) leaving();
  leaving = null;
  pageKeys([]);
  // Each visit renders into a fresh container: a slow page that finishes after the user has
  // moved on renders into a detached element, never over the page now shown.
  const view = h("div", { class: "page" });
  $("#view").replaceChildren(view);
  const [name, ...rest] = location.hash.replace(/^#\/?/, "").split("/");
  topbar();
  for (const link of document.querySelectorAll("[data-nav]")) {
    link.classList.toggle("current", link.dataset.nav === name);
  }
  if (name === "game" && rest[0]) {
    leaving = await showGame(view, Number(rest[0]));
    return;
  }
  if (!session.user) {
    // Join links and other pages wait for sign-in, then come back here.
    showAuth(view, name === "signup" ? "signup" : "signin", () => {
      topbar();
      if (name === "signin" || name === "signup") location.hash = "#lobby";
      else route();
    });
    return;
  }
  if (name === "join" && rest[0]) {
    await guarded(async () => {
      await post(`/api/games/${rest[0]}/join`, { invite: rest[1] || null });
    });
    location.replace(`#game/${rest[0]}`);
    return;
  }
  if (name === "profile") {
    showProfile(view);
    return;
  }
  showLobby(view);
}

async function start() {
  document.body.classList.toggle("cb", prefs().colourBlind);
  installKeys();
  globalKey("g", "go to the lobby", () => {
    location.hash = "#lobby";
  });
  $("#signout").addEventListener("click", () =>
    guarded(async () => {
      await post("/api/accounts/signout");
      session.user = null;
      session.csrf = null;
      if (location.hash === "#signin") route();
      else location.hash = "#signin";
    }),
  );
  window.addEventListener("hashchange", () => guarded(route));
  await guarded(loadSession);
  notice("");
  await guarded(route);
}

start();
