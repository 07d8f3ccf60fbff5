"""18C2C's notation and status on the 18xx framework (a mixin of
:class:`~transcon.titles.c2c.game.title.TitleC2C`): the title's own verbs (``merge``,
``eliminate``, ``destination``, ``transcontinental``, ``bull``, ``tokens``, the D privates'
powers), symbols read without regard to case, and the status lines of P cities, Engineer
markers, mergers, Amtrak and Conrail."""

from __future__ import annotations

from transcon.core.errors import InputError
from transcon.core.title import Action
from transcon.eighteen.framework.notation import need
from transcon.eighteen.framework.state import GameState
from transcon.eighteen.framework.steps.redemption import format_redemption, parse_redemption
from transcon.titles.c2c.game import government
from transcon.titles.c2c.game import private_powers as powers
from transcon.titles.c2c.game.actions import (
    BuyTokens,
    DestinationRun,
    Eliminate,
    Merge,
    PlaceBull,
    Transcontinental,
)
from transcon.titles.c2c.game.destination import format_destination, parse_destination
from transcon.titles.c2c.game.private_steps import format_power, parse_power
from transcon.titles.c2c.game.state import c2c_data
from transcon.titles.c2c.game.title_base import C2CBase


class NotationC2C(C2CBase):
    """Parsing, formatting and status of 18C2C (see the module docstring)."""

    def parse_action(self, text: str, state: GameState, player: str) -> Action:
        words = text.split()
        generic = "=" in text or text.lstrip().startswith("{")
        verb, args = (words[0].lower(), words[1:]) if words and not generic else ("", [])
        if verb == "merge":
            need(args, 2, "merge CORP CORP")
            merge = Merge(player=player, corp=args[0], other=args[1])
            return merge.model_copy(
                update={"corp": self._symbol(state, args[0]), "other": self._symbol(state, args[1])}
            )
        redemption = parse_redemption(verb, args, player)
        if redemption is not None:
            return self._canonical(state, redemption)
        if verb == "eliminate":
            need(args, 1, "eliminate PRIVATE")
            return Eliminate(player=player, private=args[0].upper())
        if verb == "destination":
            return parse_destination(player, args)
        if verb == "transcontinental":
            if args:
                raise InputError("transcontinental: takes no arguments")
            return Transcontinental(player=player)
        power = parse_power(verb, args, state, player)
        if power is not None:
            return power
        if verb == "bull":
            need(args, 1, "bull HEX")
            return PlaceBull(player=player, hex=args[0].upper())
        if verb == "tokens":
            need(args, 1, "tokens CORP [40,60,...|none]")
            costs: tuple[int, ...] = ()
            if len(args) > 1 and args[1].lower() != "none":
                try:
                    costs = tuple(int(c) for c in args[1].split(","))
                except ValueError:
                    raise InputError(f"tokens: cannot read costs {args[1]!r}") from None
            return self._canonical(state, BuyTokens(player=player, corp=args[0], costs=costs))
        return self._canonical(state, super().parse_action(text, state, player))

    def _canonical(self, state: GameState, action: Action) -> Action:
        """Corporation symbols are read without regard to case (``erie`` is ``Erie``)."""
        corp = getattr(action, "corp", None)
        if isinstance(corp, str) and corp not in state.corps:
            return action.model_copy(update={"corp": self._symbol(state, corp)})
        return action

    @staticmethod
    def _symbol(state: GameState, text: str) -> str:
        by_upper = {s.upper(): s for s in state.corps}
        return by_upper.get(text.upper(), text)

    def format_action(self, action: Action) -> str:
        if isinstance(action, Eliminate):
            return f"eliminate {action.private}"
        if isinstance(action, Merge):
            return f"merge {action.corp} {action.other}"
        if isinstance(action, DestinationRun):
            return format_destination(action)
        if isinstance(action, Transcontinental):
            return "transcontinental"
        if isinstance(action, PlaceBull):
            return f"bull {action.hex}"
        power = format_power(action) or format_redemption(action)
        if power is not None:
            return power
        if isinstance(action, BuyTokens):
            return f"tokens {action.corp} {','.join(map(str, action.costs)) or 'none'}"
        return super().format_action(action)

    def describe_status(self, state: GameState) -> str:
        """The framework's status plus the P cities (D variant 4a) and the Engineer markers
        (4b)."""
        return "\n".join([super().describe_status(state), *powers.status_lines(state)])

    def status_company_lines(self, state: GameState) -> list[str]:
        """The merger corporations and what they merged, and Amtrak and Conrail with the
        corporations they absorbed, after the companies."""
        merged = c2c_data(state).merged
        governments = government.status_lines(state)
        if not merged:
            return governments
        mergers = ", ".join(f"{m} = {'+'.join(parts)}" for m, parts in merged.items())
        return [f"  Mergers: {mergers}", *governments]
