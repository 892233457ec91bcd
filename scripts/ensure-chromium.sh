#!/usr/bin/env bash
# Before the tests (npm's pretest): the browser tests drive Debian's chromium through
# playwright-core, which never downloads a browser of its own. Install the distribution's
# package when it is missing; say plainly what to do when that is not possible.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
as_root=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then as_root="sudo"; else
    echo "The browser tests need Debian's chromium at /usr/bin/chromium: run 'apt-get install -y chromium' as root." >&2
    exit 1
  fi
fi
echo "Installing Debian's chromium for the browser tests (apt-get)…"
$as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
