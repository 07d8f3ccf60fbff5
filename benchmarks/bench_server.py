"""Benchmark: the server under load on loopback, on SQLite and on PostgreSQL.

Usage: ``.venv/bin/python benchmarks/bench_server.py [--games 100] [--seconds 20]
[--db sqlite,postgresql]``.

For each database a ``transcon serve`` process starts (SQLite: a file in a temporary folder;
PostgreSQL: a private instance from initdb/pg_ctl, stopped afterwards). One user opens
``--games`` games of Demo Rails, each against a server-side bot. A simulated client per game
follows its game's event stream and, whenever it is its turn, sends an action (roll, then
pass) after a think time (``--think`` seconds on average: people do not answer in zero
time; bots do). Bounded by ``--seconds``. Prints actions per second (clients' and bots' actions
together, counted from the log) and the p50/p99 latency of a client's action request.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from transcon.server.devdb import TempPostgres, free_port

PASSWORD = "benchmark password"


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    transcon = str(Path(sys.executable).parent / "transcon")
    process = subprocess.Popen(
        [transcon, "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/titles", timeout=2).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("transcon serve did not start")


async def follow(
    client: httpx.AsyncClient,
    game_id: int,
    me: str,
    until: float,
    think: float,
    latencies: list[float],
) -> int:
    """Play one game's human seat until ``until``; returns the actions sent."""
    chooser = random.Random(game_id)
    acted_at = -1
    sent = 0
    last: tuple[str, str] = ("", "")
    try:
        async with client.stream("GET", f"/api/games/{game_id}/stream", timeout=None) as reply:
            async for line in reply.aiter_lines():
                if time.monotonic() > until:
                    break
                if not line.startswith("data:"):
                    continue
                data = json.loads(line[5:])
                if "text" in data:  # an action event
                    last = (data["player"], data["text"])
                    continue
                if data["seq"] == acted_at:
                    continue
                if data["status"] != "active" or me not in data["to_move"]:
                    continue
                await asyncio.sleep(chooser.uniform(0, 2 * think))
                # A person knows the notation: roll, then pass (the bot explores the rest).
                rolled = last == (me, "roll")
                started = time.perf_counter()
                answer = await client.post(
                    f"/api/games/{game_id}/actions",
                    json={"after": data["seq"], "action": "pass" if rolled else "roll"},
                )
                latencies.append(time.perf_counter() - started)
                acted_at = data["seq"]
                sent += answer.status_code == 200
    except httpx.HTTPError:
        pass
    return sent


async def total_seq(client: httpx.AsyncClient, ids: list[int]) -> int:
    """Log rows of all the games (each game's last sequence number)."""
    total = 0
    for game_id in ids:
        total += (await client.get(f"/api/games/{game_id}", params={"seen": "false"})).json()["seq"]
    return total


async def run_load(url: str, games: int, seconds: float, think: float) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=games * 2 + 10)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        reply = await client.post(
            "/api/accounts/signup", json={"name": "Bench", "password": PASSWORD}
        )
        reply.raise_for_status()
        client.headers["X-CSRF-Token"] = reply.json()["csrf"]
        ids = []
        for _ in range(games):
            created = await client.post(
                "/api/games",
                json={"title": "demo", "players": 2, "options": {"rounds": 50}, "bots": ["random"]},
            )
            created.raise_for_status()
            ids.append(created.json()["id"])
        before = await total_seq(client, ids)
        latencies: list[float] = []
        started = time.monotonic()
        until = started + seconds
        await asyncio.gather(*(follow(client, i, "Bench", until, think, latencies) for i in ids))
        elapsed = time.monotonic() - started
        after = await total_seq(client, ids)
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]  # noqa: E731
    return {
        "games": games,
        "think_s": think,
        "seconds": round(elapsed, 1),
        "actions": after - before,
        "actions_per_second": round((after - before) / elapsed, 1),
        "client_actions": len(latencies),
        "p50_ms": round(1000 * pick(0.50), 1) if latencies else None,
        "p99_ms": round(1000 * pick(0.99), 1) if latencies else None,
        "mean_ms": round(1000 * statistics.fmean(latencies), 1) if latencies else None,
    }


def bench(kind: str, games: int, seconds: float, think: float) -> dict[str, Any]:
    cluster = None
    with tempfile.TemporaryDirectory() as folder:
        if kind == "sqlite":
            db = str(Path(folder) / "bench.db")
        else:
            cluster = TempPostgres(durable=True)  # fsync at commit, as in production
            cluster.start()
            db = cluster.new_database()
        process, url = start_server(db)
        try:
            return {"db": kind, **asyncio.run(run_load(url, games, seconds, think))}
        finally:
            process.terminate()
            process.wait(timeout=30)
            if cluster is not None:
                cluster.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--think", type=float, default=5.0, help="mean think time, seconds")
    args = parser.parse_args()
    for kind in args.db.split(","):
        print(json.dumps(bench(kind.strip(), args.games, args.seconds, args.think)), flush=True)


if __name__ == "__main__":
    main()
