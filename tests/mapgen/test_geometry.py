"""The generator's own geometry: the Albers projection and the hex grid."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the geo extra is not installed (pip install -e .[geo])")
pytest.importorskip("shapely", reason="the geo extra is not installed (pip install -e .[geo])")

from transcon.core.hexgrid import Orientation  # noqa: E402
from transcon.core.labels import HexLabels, LabelStyle, Stagger  # noqa: E402
from transcon.mapgen.albers import EPSG_5070  # noqa: E402
from transcon.mapgen.grid import GridSpec, HexGrid  # noqa: E402


def test_albers_matches_pyproj() -> None:
    pyproj = pytest.importorskip("pyproj")
    rng = np.random.default_rng(7)
    lon, lat = rng.uniform(-130, -60, 500), rng.uniform(20, 54, 500)
    x, y = EPSG_5070.forward(lon, lat)
    px, py = pyproj.Transformer.from_crs("EPSG:4326", "EPSG:5070", always_xy=True).transform(
        lon, lat
    )
    assert np.abs(x - px).max() < 1e-3 and np.abs(y - py).max() < 1e-3


def test_albers_round_trip() -> None:
    lon, lat = np.array([-122.42, -71.06, -80.19]), np.array([37.77, 42.36, 25.76])
    back = EPSG_5070.inverse(*EPSG_5070.forward(lon, lat))
    assert np.allclose(back[0], lon) and np.allclose(back[1], lat)


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_grid_labels_and_neighbours_agree_with_core_labels(orientation: str) -> None:
    grid = HexGrid(GridSpec(orientation, 10.0, 0.0, 0.0, rows=7, cols=9, first_column=0))
    labels = HexLabels(LabelStyle.OFFSET, Orientation(orientation), Stagger.ODD, "A", 0)
    on_grid = {grid.label(i) for i in range(grid.n)}
    for i in range(grid.n):
        h = labels.parse(grid.label(i))
        assert labels.label(h) == grid.label(i)
        core = {labels.label(n) for n in h.neighbors() if labels.from_hex(n)[0] >= 0}
        assert {grid.label(j) for j in grid.neighbors(i)} == core & on_grid


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_neighbour_centres_are_one_spacing_apart(orientation: str) -> None:
    grid = HexGrid(GridSpec(orientation, 10.0, 0.0, 0.0, rows=6, cols=6))
    cx, cy = grid.centers
    for a, b in grid.pairs:
        assert np.hypot(cx[a] - cx[b], cy[a] - cy[b]) == pytest.approx(10.0)
    assert (grid.cell_of(cx, cy) == np.arange(grid.n)).all()
