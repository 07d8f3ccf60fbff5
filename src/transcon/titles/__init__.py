"""Titles: each is data (map, constants) plus its rules, built on :mod:`transcon.core`.

Titles are found by name through the ``transcon.titles`` entry points (see pyproject.toml),
so the core never imports them.
"""
