#!/usr/bin/env bash
# Installs Debian's chromium for Playwright when it is missing. `npx playwright install` cannot
# download browsers on these machines; playwright.config.ts launches /usr/bin/chromium instead.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo -E"; fi

echo "ensure-chromium: installing Debian chromium (about 40 s)"
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
