#!/usr/bin/env bash
# Install Debian's chromium when no Chromium is on PATH: the test suite opens the replay
# page in a real headless browser (tests/test_replay_html.py). Run by `make dev` (and so by
# `make test` and .ci/run). As root it uses apt-get directly, otherwise sudo if it can.
set -euo pipefail
for name in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$name" >/dev/null 2>&1; then
        exit 0
    fi
done
if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
else
    echo "tools/chromium.sh: no chromium on PATH; install it (Debian: apt-get install chromium)" >&2
    exit 1
fi
echo "tools/chromium.sh: installing Debian's chromium (for the replay page's browser test)"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
command -v chromium >/dev/null
