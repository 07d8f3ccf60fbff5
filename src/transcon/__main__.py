"""``python -m transcon``: the same as the ``transcon`` command."""

from transcon.cli.main import main

main()
