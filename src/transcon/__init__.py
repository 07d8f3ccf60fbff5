"""Transcon: engine, referee and route solver for transcontinental railroad board games."""

__version__ = "0.1.0"
