"""Balance and luck analysis: designed experiments of bot games, statistics and reports.

A top-level part beside the CLI (it uses the titles); ``transcon analyze`` is its command.
The method is documented in docs/analysis.md.
"""
