// Talking to the server: JSON in and out, the CSRF header on every change, one-line errors.

export const session = { user: null, csrf: null };

export class ApiError extends Error {
  constructor(status, error) {
    super(error.message || `request failed (${status})`);
    this.status = status;
    this.code = error.code || `http_${status}`;
    this.seq = error.seq;
  }
}

async function send(method, path, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (session.csrf && method !== "GET") headers["X-CSRF-Token"] = session.csrf;
  let reply;
  try {
    reply = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { code: "offline", message: "the server cannot be reached (offline?)" });
  }
  if (!reply.ok) {
    let error = {};
    try {
      error = (await reply.json()).error || {};
    } catch {
      error = { message: reply.statusText };
    }
    throw new ApiError(reply.status, error);
  }
  return reply;
}

export async function call(method, path, body) {
  return (await send(method, path, body)).json();
}

export const get = (path) => call("GET", path);
export const post = (path, body = {}) => call("POST", path, body);

export async function getText(path) {
  return (await send("GET", path)).text();
}

/** The signed-in user (or null) and the CSRF token, from the server. */
export async function loadSession() {
  const me = await get("/api/accounts/me");
  session.user = me.user;
  session.csrf = me.csrf;
  return me.user;
}

export function setSession(me) {
  session.user = me.user;
  session.csrf = me.csrf;
}
