"""Build hook for the compiled cores (everything else is in pyproject.toml): the 18xx route
optimiser's, the 0-1 search of ``core.paths`` and the Railway Rivals route finder's dominance
tests. ``pip install -e '.[dev]'``
(scripts/setup.sh) compiles them with the system C compiler; the pure-Python code stays the
reference (docs/18xx-optimizer.md, docs/rules/railway-rivals.md)."""

from setuptools import Extension, setup

CSRC = "src/transcon/eighteen/csrc"
RR_CSRC = "src/transcon/titles/railway_rivals/csrc"

setup(
    ext_modules=[
        Extension(
            "transcon.eighteen._routecore",
            sources=[
                f"{CSRC}/routecore_module.c",
                f"{CSRC}/routecore_walk.c",
                f"{CSRC}/routecore_search.c",
                f"{CSRC}/routecore_network.c",
            ],
            depends=[f"{CSRC}/routecore.h"],
            include_dirs=[CSRC],
            extra_compile_args=["-O3", "-std=c11"],
        ),
        Extension(
            "transcon.core._pathcore",
            sources=[
                "src/transcon/core/csrc/pathcore.c",
                "src/transcon/core/csrc/layeredsteps.c",
            ],
            depends=[
                "src/transcon/core/csrc/layeredsteps.h",
                "src/transcon/core/csrc/costheap.h",
            ],
            include_dirs=["src/transcon/core/csrc"],
            extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra"],
        ),
        Extension(
            "transcon.titles.railway_rivals._labelcore",
            sources=[
                f"{RR_CSRC}/labelcore_module.c",
                f"{RR_CSRC}/labelcore_dominance.c",
                f"{RR_CSRC}/labelcore_expand.c",
                f"{RR_CSRC}/labelcore_offer.c",
                f"{RR_CSRC}/labelcore_reach.c",
                f"{RR_CSRC}/labelcore_run.c",
                f"{RR_CSRC}/labelcore_listing.c",
                f"{RR_CSRC}/labelcore_capwalk.c",
            ],
            depends=[
                f"{RR_CSRC}/labelcore.h",
                f"{RR_CSRC}/labelcore_expander.h",
                f"{RR_CSRC}/labelcore_heap.h",
                "src/transcon/core/csrc/costheap.h",
            ],
            include_dirs=[RR_CSRC, "src/transcon/core/csrc"],
            extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra"],
        ),
    ]
)
