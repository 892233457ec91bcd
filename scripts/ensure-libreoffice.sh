#!/usr/bin/env bash
# Before the tests (npm's pretest): the spreadsheet test imports the CSV export into Debian's
# LibreOffice Calc, headless, as a Turkish user would open it. Install the distribution's package
# when it is missing. Never fail the suite here: when it cannot be installed, say so plainly; the
# test then skips with a warning.
set -uo pipefail
if command -v soffice >/dev/null 2>&1; then exit 0; fi
as_root=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then as_root="sudo -n"; else
    echo "WARNING: LibreOffice is missing and cannot be installed without root: the spreadsheet test will be SKIPPED. Run 'apt-get install -y --no-install-recommends libreoffice-calc' as root." >&2
    exit 0
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "WARNING: no apt-get here: install LibreOffice Calc (soffice) yourself, or the spreadsheet test will be SKIPPED." >&2
  exit 0
fi
# Calc without the recommended extras (Java, help, fonts) is enough to import CSV headless.
log=$(mktemp)
echo "Installing Debian's libreoffice-calc for the spreadsheet test (apt-get, log: $log)…"
apt_get() { $as_root env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 "$@" >>"$log" 2>&1; }
if apt_get update && apt_get install -y --no-install-recommends libreoffice-calc; then
  rm -f "$log"
else
  echo "WARNING: 'apt-get install libreoffice-calc' failed (see $log): the spreadsheet test will be SKIPPED." >&2
fi
exit 0
