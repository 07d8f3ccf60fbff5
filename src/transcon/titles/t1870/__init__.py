"""1870: The Trans-Mississippi — board, tiles, route bonuses and the 18xx.games route oracle.

Built on the generic 18xx machinery in :mod:`transcon.eighteen`.
"""
