"""The shape of a game file recorded by 18xx.games, validated once before anything uses it.

``check-18xx``, ``optimize-18xx`` and ``import-18xx`` read the same JSON export
(``shared/reference/18xx-games/README.md``). Rather than trusting each field where it is used,
:func:`validate_games_file` checks every field those commands read (types, required fields of
each action kind, sane ranges) and reports the first problem as one line naming the action.
Fields we do not read are allowed and ignored.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from transcon.core.errors import InputError
from transcon.core.inputs import brief

Id = Annotated[StrictInt, Field(ge=0, le=10**15)]
Money = Annotated[StrictInt, Field(ge=0, le=10**9)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=200)]
#: A player is named by its numeric id, a corporation or company by its short name.
Entity = Id | Name

#: The fields each action kind needs (beyond ``type``) before our importers may read it.
REQUIRED: dict[str, tuple[str, ...]] = {
    "bid": ("entity", "company", "price"),
    "par": ("entity", "corporation", "share_price"),
    "buy_shares": ("entity", "shares"),
    "sell_shares": ("entity", "shares", "percent"),
    "lay_tile": ("entity", "hex", "tile", "rotation"),
    "place_token": ("entity", "city"),
    "buy_train": ("entity", "train"),
    "buy_company": ("entity", "company", "price"),
    "run_routes": ("entity", "routes"),
    "dividend": ("entity", "kind"),
    "discard_train": ("entity", "train"),
    "assign": ("entity", "target"),
    "choose": ("entity", "choice"),
}


class _Open(BaseModel):
    # Recorded files carry many fields we never read: allowed, not checked.
    model_config = ConfigDict(extra="allow", defer_build=True)


class RecordedRoute(_Open):
    train: Name
    connections: list[list[Name]] = []
    hexes: list[Name] = []
    revenue: Money = 0
    nodes: list[Name] = []


class RecordedAction(_Open):
    type: Name
    id: Id | None = None
    entity: Entity | None = None
    entity_type: Name | None = None
    user: Id | None = None
    action_id: Id | None = None
    auto_actions: list[RecordedAction] = []
    company: Name | None = None
    corporation: Name | None = None
    share_price: Name | Money | None = None  # a par "67,0,4" or a sale's price
    shares: Annotated[list[Name], Field(min_length=1)] | None = None
    percent: Annotated[StrictInt, Field(ge=0, le=100)] | None = None
    price: Money | None = None
    hex: Name | None = None
    tile: Name | None = None
    rotation: Annotated[StrictInt, Field(ge=0, le=5)] | None = None
    city: Name | None = None
    slot: Annotated[StrictInt, Field(ge=0, le=20)] | None = None
    tokener: Name | None = None
    train: Name | None = None
    variant: Name | None = None
    routes: list[RecordedRoute] | None = None
    extra_revenue: Money | None = None
    subsidy: Money | None = None
    kind: Name | None = None
    choice: Name | None = None
    target: Name | None = None
    target_type: Name | None = None
    exchange: Name | None = None

    @model_validator(mode="after")
    def _required_fields(self) -> RecordedAction:
        missing = [key for key in REQUIRED.get(self.type, ()) if getattr(self, key) is None]
        if missing:
            raise ValueError(f"a {self.type} action needs {', '.join(missing)}")
        return self


class RecordedPlayer(_Open):
    id: Id
    name: Name


class RecordedSettings(_Open):
    seed: StrictInt | None = None
    optional_rules: list[Name] | None = None


class GamesFile(_Open):
    """The fields of an 18xx.games export that our commands read."""

    title: Name
    players: list[RecordedPlayer]
    actions: list[RecordedAction]
    settings: RecordedSettings | None = None
    result: dict[str, StrictInt | float] | None = None
    game_end_reason: StrictStr | None = None
    variant: StrictStr | None = None
    auto_actions: StrictBool | list[Any] | None = None


def validate_games_file(raw: Any, where: str) -> GamesFile:
    """Check a decoded 18xx.games file; InputError naming the first bad field (and action)."""
    if not isinstance(raw, dict):
        raise InputError(f"{where}: not an 18xx.games game (a JSON object is expected)")
    try:
        return GamesFile.model_validate(raw)
    except ValidationError as err:
        first = err.errors()[0]
        loc = list(first["loc"])
        at = ".".join(str(part) for part in loc) or "top level"
        if len(loc) >= 2 and loc[0] == "actions" and isinstance(loc[1], int):
            action = raw["actions"][loc[1]]
            ident = action.get("id") if isinstance(action, dict) else None
            field = ".".join(str(part) for part in loc[2:]) or "action"
            number = brief(ident) if ident is not None else f"#{loc[1] + 1}"
            at = f"action {number}: {field}"
        message = first["msg"].removeprefix("Value error, ")
        raise InputError(f"{where}: {at}: {message}") from None
