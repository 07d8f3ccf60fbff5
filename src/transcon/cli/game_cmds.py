"""Generic game commands, working with every title: new, act, status, legal, log, undo, replay,
play, simulate, rules, titles.

A game lives in a save file (see :mod:`transcon.core.savefile`); commands that change it
write it back atomically and only after the change succeeded, so a refused action leaves the
file untouched. Bad input is a one-line error with exit status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from transcon.cli.common import print_json, user_errors
from transcon.cli.legal_view import distinct, every_line, legal_lines, prompt_help
from transcon.core.bots import Bot, bot_seed, make_bot
from transcon.core.errors import InputError, TransconError
from transcon.core.game import Game
from transcon.core.options import parse_option_args
from transcon.core.registry import available_titles, get_title
from transcon.core.savefile import (
    VERSION,
    SaveRecord,
    editing_game,
    load_game,
    load_game_checked,
    save_game,
    saved_state_matches,
)
from transcon.core.simulate import simulate as run_simulation
from transcon.core.title import GAME_MASTER, PUBLIC, Event, MapView, Title

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
Viewer = Annotated[
    str | None,
    typer.Option(
        "--as",
        help="Whose view: a player's name (their own secrets too), `gm` (the game master: "
        "everything, the seed included) or `public` (the default: what every player may see).",
        show_default=False,
    ),
]
GameFile = Annotated[Path, typer.Argument(help="Save file of the game.", show_default=False)]
TitleName = Annotated[str, typer.Argument(help="Title name (see `transcon titles`).")]
OptionArgs = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Game option name=value (repeatable).", show_default=False),
]
Seed = Annotated[int, typer.Option("--seed", help="Seed of the game's random generator.")]


def register(app: typer.Typer) -> None:
    """Add the game commands to the top-level app."""
    for name, func in (
        ("new", new),
        ("act", act),
        ("status", status),
        ("legal", legal),
        ("log", log),
        ("undo", undo),
        ("replay", replay),
        ("play", play),
        ("simulate", simulate),
        ("rules", rules),
        ("titles", titles),
    ):
        # An action may start with "-" (e.g. "-5"): act reads it as the action, not an option.
        settings = {"ignore_unknown_options": True} if func is act else None
        app.command(name, context_settings=settings)(func)


# -- helpers ---------------------------------------------------------------------------------


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _options(title: Title[Any], args: list[str] | None) -> dict[str, Any]:
    return dict(parse_option_args(title.options, args or [], title=title.name))


def _event_lines(events: list[Event]) -> list[str]:
    return [f"  {event.text}" for event in events]


def _to_act(game: Game[Any]) -> str:
    if game.is_over():
        return f"Game over; winner: {', '.join(game.winners()) or 'none'}."
    return f"To act: {', '.join(game.current_players())}."


def _viewer(game: Game[Any], text: str | None) -> str | None:
    """``--as`` to a core viewer: a player's name, None for the game master, or PUBLIC."""
    if text is None or text.lower() == "public":
        return PUBLIC
    if text.lower() == GAME_MASTER:
        return None
    return game.check_viewer(text)  # InputError naming the players if it is nobody's


def _summary(game: Game[Any], viewer: str | None) -> dict[str, Any]:
    """Facts about the game for ``viewer``; the seed (which predicts every future draw and
    reveals dealt cards) only for the game master."""
    data: dict[str, Any] = {
        "title": game.title.name,
        "players": list(game.players),
        "options": dict(game.options),
        "actions": len(game.log),
        "current_players": game.current_players(),
        "is_over": game.is_over(),
    }
    if viewer is None:
        data["seed"] = game.seed
    if game.is_over():
        data["result"] = game.result()
        data["winners"] = game.winners()
    return data


def _action_json(game: Game[Any], index: int, viewer: str | None = None) -> dict[str, Any]:
    action = game.log[index]
    data: dict[str, Any] = {
        "number": index + 1,
        "player": action.player,
        "action": game.format_for(action, viewer),
        "events": [event.text for event in game.events_for(index, viewer)],
    }
    if viewer is None or viewer == action.player or not game.title.hidden_information:
        data["json"] = game.title.action_to_json(action)
    return data


# -- commands --------------------------------------------------------------------------------


@user_errors
def new(
    title: TitleName,
    players: Annotated[str, typer.Option("--players", "-p", help="Comma-separated names.")],
    save: Annotated[Path | None, typer.Option("--save", help="Write the game here.")] = None,
    seed: Seed = 0,
    option: OptionArgs = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    viewer: Viewer = None,
    as_json: JsonFlag = False,
) -> None:
    """Start a game, e.g. `transcon new demo --players Ann,Bob --seed 7 --save game.json`."""
    the_title = get_title(title)
    game = Game.new(the_title, _names(players), _options(the_title, option), seed)
    who = _viewer(game, viewer)
    if save is not None:
        if save.exists() and not force:
            raise InputError(f"{save}: file exists (pass --force to overwrite)")
        save_game(game, save)
    if as_json:
        print_json({**_summary(game, who), "file": str(save) if save else None})
        return
    seeded = f" (seed {seed})" if who is None else ""
    print(f"New {the_title.display_name} game: {', '.join(game.players)}{seeded}.")
    print(game.status_for(who))
    if save is not None:
        print(f"Saved to {save}.")


@user_errors
def act(
    file: GameFile,
    action: Annotated[str, typer.Argument(help="Action in the title's notation.")],
    player: Annotated[str | None, typer.Option("--player", help="Who acts.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Apply one action and save the game; an illegal action leaves the file untouched."""
    with editing_game(file) as game:
        game.act(action, player)
    done = game.log[-1]
    if as_json:
        # The reply is for the acting player: their view, never the seed.
        reply = _action_json(game, len(game.log) - 1, done.player)
        print_json({**reply, **_summary(game, done.player)})
        return
    print(f"{done.player}: {game.format(done)}")
    print("\n".join(_event_lines(game.events_for(len(game.log) - 1, done.player))))
    print(_to_act(game))


@user_errors
def status(
    file: GameFile,
    png: Annotated[Path | None, typer.Option("--png", help="Also draw the state here.")] = None,
    around: Annotated[
        str | None, typer.Option("--around", help="With --png: draw only around this hex.")
    ] = None,
    radius: Annotated[int, typer.Option("--radius", help="With --around: hexes around.")] = 8,
    region: Annotated[
        str | None, typer.Option("--region", help="With --png: draw only this map region.")
    ] = None,
    viewer: Viewer = None,
    full: Annotated[
        bool, typer.Option("--full", help="The whole status, not the compact one.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Show the state of a game as every player may see it (`--as Ann`: with Ann's secrets,
    `--as gm`: everything), starting with what happened since the viewer's last action (or
    the last action)."""
    game = load_game(file)
    who = _viewer(game, viewer)
    status_text = game.status_for(who, full=full)
    if (around or region) and png is None:
        raise InputError("--around and --region choose what --png draws: give --png FILE too")
    if png is not None:
        try:
            view = MapView(around=around, radius=radius, region=region)
            game.render_png(png, who, view if around or region else None)
        except NotImplementedError as err:
            raise InputError(str(err) or f"{game.title.name} cannot draw PNGs") from None
    if as_json:
        state = game.view(who)
        print_json({**_summary(game, who), "status": status_text, "state": state})
        return
    print(f"{game.title.display_name}: {', '.join(game.players)}; {len(game.log)} actions.")
    print("\n".join(_since_lines(game, who)))
    print(status_text)
    if png is not None:
        print(f"Drew {png}.")


@user_errors
def legal(
    file: GameFile,
    player: Annotated[str | None, typer.Option("--player", help="Only this player.")] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="List every action, not a summary by group.")
    ] = False,
    viewer: Viewer = None,
    as_json: JsonFlag = False,
) -> None:
    """List the legal actions of the players who may act now (duplicates removed; when a
    player has many, grouped with a count and examples, or the title's own summary with
    costs: `--all` lists every one).

    In a game with secrets a player's options may reveal them, so the public view lists
    none there: use `--as NAME` (that player's own) or `--as gm` (everybody's). Each line
    of `--all` pastes back into `transcon act` as it is.
    """
    game = load_game(file)
    actors = game.actors_for(_viewer(game, viewer), player)
    if not as_json and not show_all:
        lines = legal_lines(game, actors)
        print("\n".join(lines) if lines else _nothing_to_list(game, actors))
        return
    actions = [action for who in actors for action in game.legal_actions(who)]
    if as_json:
        print_json(
            {
                "current_players": game.current_players(),
                "actions": [
                    {"player": a.player, "text": text, "json": a.model_dump(mode="json")}
                    for a, text in distinct(game, actions)
                ],
            }
        )
        return
    print("\n".join(every_line(game, actions)) if actions else _nothing_to_list(game, actors))


def _nothing_to_list(game: Game[Any], actors: list[str]) -> str:
    if game.is_over():
        return _to_act(game)
    if not actors and game.current_players():
        return f"{_to_act(game)} Their options are secret: list them with --as NAME."
    return "No legal actions."


@user_errors
def log(file: GameFile, viewer: Viewer = None, as_json: JsonFlag = False) -> None:
    """Show every action with the events it produced, as every player may read them
    (`--as Ann`: as Ann may, `--as gm`: in full)."""
    game = load_game(file)
    who = _viewer(game, viewer)
    entries = [_action_json(game, index, who) for index in range(len(game.log))]
    if as_json:
        print_json(entries)
        return
    width = len(str(len(entries)))
    for entry in entries:
        print(f"{entry['number']:>{width}}. {entry['player']}: {entry['action']}")
        for text in entry["events"]:
            print(f"{'':>{width}}    {text}")


@user_errors
def undo(
    file: GameFile,
    n: Annotated[int, typer.Option("-n", help="How many actions to take back.")] = 1,
    viewer: Viewer = None,
    as_json: JsonFlag = False,
) -> None:
    """Take back the last N actions (the game is replayed without them) and save."""
    with editing_game(file) as game:
        who = _viewer(game, viewer)
        undone = game.undo(n)
    texts = [_undone_text(game, a, who) for a in undone]
    if as_json:
        print_json({"undone": texts, **_summary(game, who)})
        return
    print(f"Undid {len(undone)} action(s): {'; '.join(texts)}")
    print(_to_act(game))


def _undone_text(game: Game[Any], action: Any, viewer: str | None) -> str:
    """An undone action as ``viewer`` may read it: secret orders only by name."""
    visible = viewer is None or viewer == action.player or not game.title.hidden_information
    return f"{action.player}: {game.format(action) if visible else '(hidden)'}"


@user_errors
def replay(
    file: GameFile,
    verify: Annotated[
        bool, typer.Option("--verify", help="Replay twice and compare byte for byte.")
    ] = False,
    viewer: Viewer = None,
    as_json: JsonFlag = False,
) -> None:
    """Replay a game from its log; with --verify exit 1 unless the replay is identical."""
    game, record = load_game_checked(file)
    stored = record.checksum
    who = _viewer(game, viewer)
    data: dict[str, Any] = {"actions": len(game.log), "checksum": game.state_digest()}
    problems: list[str] = []
    if verify:
        check = game.verify_replay()
        data["identical"] = check.identical
        data["detail"] = check.detail
        if not check:
            problems.append(check.detail)
        matches = saved_state_matches(game, record)
        if matches is False:
            problems.append(f"state differs from the one saved ({stored})")
        data["stored_checksum"] = stored
        data["save_format"] = record.version
        data["checksum_compared"] = matches is not None
        data["ok"] = not problems
    if as_json:
        print_json(data)
    elif not verify:
        print(f"Replayed {len(game.log)} actions.")
        print(game.status_for(who))
    elif problems:
        print(f"{file}: replay differs: {'; '.join(problems)}")
    else:
        print(f"{file}: {data['detail']}{_saved_note(record, matches)}.")
    if problems:
        raise typer.Exit(1)


def _saved_note(record: SaveRecord, matches: bool | None) -> str:
    """What ``replay --verify`` says of the checksum in the file."""
    older = f" (save format {record.version})" if record.version != VERSION else ""
    if matches:
        return f" and matches the saved checksum{older}"
    if record.checksum is None:
        return ""
    return (
        f"; the saved checksum{older} was taken over a state layout this game's state "
        "cannot be laid out in, so it was not compared"
    )


@user_errors
def play(
    title: TitleName,
    bots: Annotated[int, typer.Option("--bots", help="Number of bot opponents.")] = 1,
    players: Annotated[
        str, typer.Option("--players", "-p", help="Comma-separated human names.")
    ] = "You",
    bot: Annotated[
        str | None,
        typer.Option("--bot", help="Bot kind (see `transcon rules`); default: the strongest."),
    ] = None,
    seed: Seed = 0,
    option: OptionArgs = None,
    save: Annotated[Path | None, typer.Option("--save", help="Save after every action.")] = None,
) -> None:
    """Play in the terminal against bots.

    At the prompt type an action, `?` for the legal actions, `status`, `undo` (back to
    before your previous action) or `quit`.
    """
    the_title = get_title(title)
    humans = _names(players)
    bot_names = [f"Bot{i}" for i in range(1, bots + 1)]
    game = Game.new(the_title, humans + bot_names, _options(the_title, option), seed)
    kind = bot or the_title.strongest_bot
    seats: dict[str, Bot] = {
        name: make_bot(the_title, kind, bot_seed(seed, "play", name)) for name in bot_names
    }
    print(f"{the_title.display_name}: {', '.join(game.players)}. Type ? for help.")
    # One human sees only their own hidden information; hot-seat humans sharing the screen
    # see the public view (each sees their own secrets at their own prompt).
    viewer = humans[0] if len(humans) == 1 else PUBLIC
    print(game.status_for(viewer))
    while current := game.current_players():
        player = current[0]
        if player in seats:
            game.apply(seats[player].choose(game, player))
            _show_last(game, viewer)
        elif not _human_turn(game, player, humans):
            break
        if save is not None:
            save_game(game, save)
    print(game.status_for(viewer))


#: ``status`` shows at most this many events of what happened since the viewer acted.
SINCE_MAX = 12


def _since_lines(game: Game[Any], viewer: str | None) -> list[str]:
    """What happened since ``viewer``'s last action (None: in the last action), as
    ``viewer`` may read it; the latest :data:`SINCE_MAX` events."""
    if not game.log:
        return []
    mine = [i for i, a in enumerate(game.log) if a.player == viewer]
    first = mine[-1] if mine else len(game.log) - 1
    events = [e.text for i in range(first, len(game.log)) for e in game.events_for(i, viewer)]
    if not events:
        return []
    who = f"{viewer}'s last action" if mine else "the last action"
    skipped = len(events) - SINCE_MAX
    head = f"Since {who}" + (f" (last {SINCE_MAX} of {len(events)} events)" if skipped > 0 else "")
    return [f"{head}:", *(f"  {text}" for text in events[-SINCE_MAX:])]


def _show_last(game: Game[Any], viewer: str | None) -> None:
    index = len(game.log) - 1
    print(f"{game.log[index].player}: {game.format_for(game.log[index], viewer)}")
    print("\n".join(_event_lines(game.events_for(index, viewer))))


def _human_turn(game: Game[Any], player: str, humans: list[str]) -> bool:
    """Read commands until the player acted (True) or quit (False)."""
    while True:
        try:
            text = input(f"{player}> ").strip()
        except EOFError:
            print()
            return False
        if text in ("quit", "exit", "q"):
            return False
        if text in ("?", "help"):
            print(f"Notation: {game.title.notation or 'see transcon rules'}")
            print("\n".join(prompt_help(player, game.title.legal_groups(game.state, player))))
            print("Also: status, undo, quit.")
        elif text == "status":
            print(game.status_for(player))
        elif text == "undo":
            mine = [i for i, a in enumerate(game.log) if a.player in humans]
            if not mine:
                print("Nothing to undo.")
                continue
            game.undo(len(game.log) - mine[-1])
            print(game.status_for(player))
            return True
        elif text:
            try:
                game.act(text, player)
            except TransconError as err:
                print(f"error: {err}")
                continue
            _show_last(game, player)
            return True


@user_errors
def simulate(
    title: TitleName,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 10,
    players: Annotated[
        str, typer.Option("--players", "-p", help="Player count, or comma-separated names.")
    ] = "2",
    bots: Annotated[
        str, typer.Option("--bots", help="Bot kind for every seat, or one per seat (a,b,...).")
    ] = "random",
    seed: Seed = 0,
    option: OptionArgs = None,
    max_actions: Annotated[
        int, typer.Option("--max-actions", help="Give up on a game after this many actions.")
    ] = 100_000,
    per_game: Annotated[
        bool, typer.Option("--per-game", help="Include every game's outcome in the JSON.")
    ] = False,
    save_dir: Annotated[
        Path | None,
        typer.Option("--save-dir", help="Keep every game's save file here, named TITLE-SEED.json."),
    ] = None,
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress",
            help="Show progress on stderr (default: when stderr is a terminal; to a file, "
            "one line per game).",
            show_default=False,
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Let bots play many games; report speed, errors and outcomes."""
    the_title = get_title(title)
    seat_spec: int | list[str] = int(players) if players.isdigit() else _names(players)
    bot_spec: str | list[str] = _names(bots) if "," in bots else bots
    summary = run_simulation(
        the_title,
        games,
        seat_spec,
        bot_spec,
        seed=seed,
        options=_options(the_title, option),
        max_actions=max_actions,
        progress=progress if progress is not None else sys.stderr.isatty() and not as_json,
        per_game=per_game,
        save_dir=save_dir,
    )
    if as_json:
        print_json(summary)
        return
    print(
        f"{summary['games']} games of {the_title.name}: {summary['completed']} completed, "
        f"{summary['incomplete']} incomplete, {summary['errors']} errors "
        f"in {summary['seconds']}s ({summary['games_per_second']} games/s)."
    )
    print("Wins: " + ", ".join(f"{p} {n}" for p, n in summary["wins"].items()))
    for error in summary.get("first_errors", []):
        print(f"  game {error['game']} (seed {error['seed']}): {error['error']}")
    if summary["statistics"]:
        print("Statistics: " + ", ".join(f"{k} {v}" for k, v in summary["statistics"].items()))


@user_errors
def rules(title: TitleName, as_json: JsonFlag = False) -> None:
    """Describe a title: player counts, options with defaults, notation, bots."""
    info = get_title(title).describe_rules()
    if as_json:
        print_json(info)
        return
    counts = f"{info['min_players']}-{info['max_players']} players"
    print(f"{info['display_name']} ({info['name']}): {counts}")
    print("Options:" if info["options"] else "Options: none")
    for spec in info["options"]:
        allowed = (
            f" [{'|'.join(spec['choices'])}]"
            if "choices" in spec
            else f" [{spec.get('min', '')}..{spec.get('max', '')}]"
            if "min" in spec or "max" in spec
            else ""
        )
        rule = f" [{spec['rule']}]" if spec.get("rule") else ""
        print(f"  {spec['name']}={spec['default']} ({spec['kind']}{allowed}) {spec['doc']}{rule}")
    print(f"Actions: {', '.join(info['actions'])}")
    if info["notation"]:
        print(f"Notation: {info['notation']}")
    print(f"Bots: {', '.join(info['bots'])} (strongest: {info['strongest_bot']})")


@user_errors
def titles(as_json: JsonFlag = False) -> None:
    """List the installed titles."""
    found: list[dict[str, Any]] = []
    for name in available_titles():
        try:
            title = get_title(name)
        except InputError as err:
            found.append({"name": name, "error": str(err)})
            continue
        found.append(
            {
                "name": name,
                "display_name": title.display_name,
                "min_players": title.min_players,
                "max_players": title.max_players,
            }
        )
    if as_json:
        print_json(found)
        return
    for entry in found:
        if "error" in entry:
            print(f"{entry['name']}: unavailable ({entry['error']})")
        else:
            print(
                f"{entry['name']}: {entry['display_name']} "
                f"({entry['min_players']}-{entry['max_players']} players)"
            )
