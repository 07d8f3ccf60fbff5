#!/usr/bin/env bash
# Create .venv/ in the repo root and install Transcon with its development tools.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[dev]'
# byte-compile our own sources once: an editable install leaves them as source, and where
# PYTHONDONTWRITEBYTECODE is set every command would compile them again (0.1-0.2 s each)
.venv/bin/python -m compileall -q src >/dev/null
echo "Transcon is installed: .venv/bin/transcon"
