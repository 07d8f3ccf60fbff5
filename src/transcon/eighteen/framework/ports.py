"""The open and closed port of the 1870 family's Gulf Shipping Company (1870 §9.4; 18C2C's
base private with the option ``gulf_shipping_port``): one port token on a port city, first
open (a bonus for its company and a smaller one for every other), later turned closed on the
same hex (its company's bonus only), which closes the private. Titles keep the hex, the
closed flag and the values; this module says what an ``assign`` of the port does."""

from __future__ import annotations

from enum import Enum


class PortMove(Enum):
    """What an ``assign`` of the port private does: place the open port, or turn it closed."""

    OPEN = "open"
    CLOSE = "close"


def port_move(port_hex: str, closed: bool, hex_label: str) -> PortMove | str:
    """The move an ``assign`` on ``hex_label`` makes when the port is on ``port_hex`` (""
    for none yet) and ``closed`` tells whether it was turned closed; a string saying why
    not when it may not."""
    if not port_hex:
        return PortMove.OPEN
    if closed:
        return "the port is closed already"
    if hex_label != port_hex:
        return f"the closed port replaces the open port on {port_hex}"
    return PortMove.CLOSE
