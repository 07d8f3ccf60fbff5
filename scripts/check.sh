#!/usr/bin/env bash
# The test command: lint, type-check, then the test suite (slow runs need --runslow).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check src tests benchmarks tools
.venv/bin/ruff format --check src tests benchmarks tools
.venv/bin/mypy
.venv/bin/pytest -q -n 2 "$@"
