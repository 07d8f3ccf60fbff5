// Sign up and sign in.

import { post, setSession } from "../api.js";
import { guarded, h, notice } from "../dom.js";

export function showAuth(view, mode, done) {
  const name = h("input", {
    id: "auth-name",
    name: "name",
    autocomplete: "username",
    required: true,
    minlength: 2,
    maxlength: 24,
    pattern: "[A-Za-z0-9_\\-]+",
  });
  const password = h("input", {
    id: "auth-password",
    name: "password",
    type: "password",
    required: true,
    minlength: 8,
    autocomplete: mode === "signup" ? "new-password" : "current-password",
  });
  const email = h("input", { id: "auth-email", name: "email", type: "email", autocomplete: "email" });
  const signup = mode === "signup";
  const form = h(
    "form",
    { class: "card auth", id: "auth-form" },
    h("h1", {}, signup ? "Create an account" : "Sign in"),
    h("label", { for: "auth-name" }, "Name"),
    name,
    h("small", {}, "2–24 letters, digits, - or _; other players see it."),
    h("label", { for: "auth-password" }, "Password"),
    password,
    signup ? [h("label", { for: "auth-email" }, "Email (optional, for your-turn notices)"), email] : [],
    h("button", { type: "submit", class: "primary", id: "auth-submit" }, signup ? "Sign up" : "Sign in"),
    h(
      "p",
      {},
      signup
        ? ["Have an account? ", h("a", { href: "#signin" }, "Sign in")]
        : ["New here? ", h("a", { href: "#signup", id: "to-signup" }, "Create an account")],
    ),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(async () => {
      const body = { name: name.value.trim(), password: password.value };
      if (signup && email.value) body.email = email.value;
      setSession(await post(signup ? "/api/accounts/signup" : "/api/accounts/signin", body));
      notice(signup ? `Welcome, ${body.name}.` : `Signed in as ${body.name}.`, "info");
      done();
    });
  });
  view.replaceChildren(
    h("div", { class: "auth-page" }, form, h("p", { class: "muted" }, "Railroad board games, played together: Railway Rivals, Railways of the World, 1870.")),
  );
  name.focus();
}
