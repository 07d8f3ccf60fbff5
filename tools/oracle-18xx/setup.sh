#!/usr/bin/env bash
# Set up the 18xx.games differential oracle (a development tool; see README.md).
#   bash tools/oracle-18xx/setup.sh SNAPSHOT_GIT_DIR [TARGET]
# SNAPSHOT_GIT_DIR: a bare git snapshot of github.com/tobymao/18xx (for example the one the
# project's search tool `fetch`es to MIRROR/tobymao+18xx/repo). TARGET (default
# /tmp/18xx) receives its lib/ folder, outside the repository: their code is never committed.
set -euo pipefail
snapshot="${1:?usage: setup.sh SNAPSHOT_GIT_DIR [TARGET]}"
target="${2:-/tmp/18xx}"
if ! command -v ruby >/dev/null; then
  echo "installing ruby (Debian package)" >&2
  apt-get update -qq && apt-get install -y -qq ruby >/dev/null
fi
mkdir -p "$target"
git --git-dir="$snapshot" archive HEAD lib | tar -x -C "$target"
test -f "$target/lib/engine/game/g_1870/game.rb"
echo "18xx.games engine ready in $target/lib (ruby $(ruby -e 'print RUBY_VERSION'))"
echo "run: ORACLE_18XX_LIB=$target/lib .venv/bin/python tools/oracle-18xx/oracle_18xx.py GAME.json"
