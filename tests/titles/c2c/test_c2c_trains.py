"""The 18C2C train roster (seed 001 2b, 3i; Super-short 3)."""

from __future__ import annotations

from transcon.eighteen.dtrains import is_d_train, unfolded
from transcon.titles.c2c.trains import roster


def test_d_trains_replace_6_8_10_12_at_the_same_cost_and_rusting() -> None:
    """Seed 001 2b and 3i: 3D, 4D, 5D, 6D replace 6, 8, 10, 12; same costs, same rusting (the
    3D costs $630 and rusts the 3s)."""
    base = {c.name: c for c in roster("base")}
    d = {c.name: c for c in roster("d")}
    assert set(base) - set(d) == {"6", "8", "10", "12"}
    assert set(d) - set(base) == {"3D", "4D", "5D", "6D"}
    for old, new in (("6", "3D"), ("8", "4D"), ("10", "5D"), ("12", "6D")):
        assert (d[new].cost, d[new].rusts) == (base[old].cost, base[old].rusts)
        assert is_d_train(d[new].train())
        assert unfolded(d[new].train()).cities == int(old)
    assert (d["3D"].cost, d["3D"].rusts) == (630, "3")


def test_super_short_uses_a_third_of_the_trains() -> None:
    """Seed 001 Super-short 3: seven 2, six 3, five 4, four 5, three 3D, three 4D, two 5D and
    six 6D trains."""
    counts = {c.name: c.count for c in roster("d", "super-short")}
    assert counts == {"2": 7, "3": 6, "4": 5, "5": 4, "3D": 3, "4D": 3, "5D": 2, "6D": 6}
