"""The Transcon server: games played together over HTTP, on SQLite or PostgreSQL.

Layers inside: ``db`` (tables, engines, migrations) < ``accounts``/``store`` (users, sessions,
games and the action log) < ``live``/``bots``/``notify`` (what happens after a commit) <
``app`` and its ``api_*`` routers (HTTP). See docs/server.md.
"""
