"""Reading a server-sent event stream in tests (with a deadline)."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx


def read_events(
    base_url: str,
    path: str,
    until_seq: int,
    *,
    last_event_id: int | None = None,
    cookies: Any = None,
    timeout: float = 30,
) -> list[tuple[int, dict[str, Any]]]:
    """The ``action`` events of a stream, as (id, data), up to the one with ``until_seq``."""
    headers = {} if last_event_id is None else {"Last-Event-ID": str(last_event_id)}
    found: list[tuple[int, dict[str, Any]]] = []
    deadline = time.monotonic() + timeout
    with (
        httpx.Client(base_url=base_url, cookies=cookies, timeout=timeout) as client,
        client.stream("GET", path, headers=headers) as reply,
    ):
        assert reply.status_code == 200, reply.read()
        event: dict[str, str] = {}
        for line in reply.iter_lines():
            assert time.monotonic() < deadline, f"no event {until_seq} in time: {found}"
            if line.startswith(("id:", "event:", "data:")):
                key, _, value = line.partition(":")
                event[key] = value.strip()
            elif not line and event:
                if event.get("event") == "action":
                    found.append((int(event["id"]), json.loads(event["data"])))
                    if found[-1][0] >= until_seq:
                        return found
                event = {}
    return found
