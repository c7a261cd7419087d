#!/usr/bin/env bash
# The browser tests use Debian's Chromium, never a downloaded browser: its headless shell for the tests
# (ADR 026) and the full browser for Lighthouse (bench:web). Install them when missing and we can.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
HEADLESS_SHELL="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$CHROMIUM" ] && [ -x "$HEADLESS_SHELL" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium or its headless shell is missing: installing Debian's chromium and chromium-headless-shell packages…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  exit 0
fi
echo "Chromium is needed for the browser tests: install it (sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH." >&2
exit 1
