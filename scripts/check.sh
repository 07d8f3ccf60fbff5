#!/usr/bin/env bash
# The test command: lint, type-check, then the test suite. Extra arguments go to pytest
# (for example --runslow for the long runs: thousands of simulated games).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=()
for dir in src tests benchmarks tools; do
  [ -d "$dir" ] && paths+=("$dir")
done
.venv/bin/ruff check "${paths[@]}"
.venv/bin/ruff format --check "${paths[@]}"
.venv/bin/mypy
.venv/bin/pytest -q -n 2 "$@"
