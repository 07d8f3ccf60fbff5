"""Build hook for the compiled core of the 18xx route optimiser (everything else is in
pyproject.toml). ``pip install -e '.[dev]'`` (scripts/setup.sh) compiles it with the system C
compiler; the pure-Python optimiser stays the reference (docs/18xx-optimizer.md)."""

from setuptools import Extension, setup

CSRC = "src/transcon/eighteen/csrc"

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
        )
    ]
)
