// The profile: your-turn notices (webhook URL, email), password, display preferences.

import { call, session, setSession } from "../api.js";
import { guarded, h, notice, prefs, setPref } from "../dom.js";

function prefBox(name, text, hint) {
  const box = h("input", { type: "checkbox", id: `pref-${name}`, checked: !!prefs()[name] });
  box.addEventListener("change", () => {
    setPref(name, box.checked);
    notice("Saved in this browser.", "info");
  });
  return h("label", { class: "check", for: `pref-${name}` }, box, " ", text, hint ? h("small", {}, ` — ${hint}`) : null);
}

export function showProfile(view) {
  const user = session.user;
  const email = h("input", { id: "profile-email", type: "email", value: user.email || "", autocomplete: "email" });
  const webhook = h("input", {
    id: "profile-webhook",
    type: "url",
    value: user.webhook_url || "",
    placeholder: "https://discord.com/api/webhooks/…",
  });
  const password = h("input", { id: "profile-password", type: "password", autocomplete: "new-password", minlength: 8 });
  const notices = h(
    "form",
    { class: "card", id: "notify-form" },
    h("h2", {}, "Your-turn notices"),
    h("p", { class: "muted" }, "Sent when it becomes your turn in a game you have not looked at since."),
    h("label", { for: "profile-webhook" }, "Webhook URL (Discord or Slack style)"),
    webhook,
    h("label", { for: "profile-email" }, "Email"),
    email,
    h("label", { for: "profile-password" }, "New password (leave empty to keep)"),
    password,
    h("button", { type: "submit", class: "primary", id: "profile-save" }, "Save"),
  );
  notices.addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(async () => {
      const body = { email: email.value.trim(), webhook_url: webhook.value.trim() };
      if (password.value) body.password = password.value;
      setSession(await call("PATCH", "/api/accounts/me", body));
      password.value = "";
      notice("Settings saved.", "info");
    });
  });
  const display = h(
    "section",
    { class: "card", id: "display-prefs" },
    h("h2", {}, "Display"),
    prefBox("colourBlind", "Colour-blind mode", "letters and patterns on cubes, tokens and track"),
    prefBox("labels", "Hex labels on the board"),
    prefBox("sound", "A sound when it becomes your turn"),
    prefBox("compactLog", "Compact log (actions only, no event lines)"),
  );
  view.replaceChildren(h("div", { class: "profile" }, h("h1", {}, user.name), notices, display));
}
