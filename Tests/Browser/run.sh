#!/usr/bin/env bash
# The dashboard's browser tests, as `make test` runs them after the Swift tests.
# They skip, saying why, only when Debian's Chromium or the venv's Playwright is missing (the
# Makefile installs both: `chromium` from APT_PACKAGES, playwright and pytest by `python-deps`).
# A test failure fails; pytest's "no tests collected" (exit 5) is reported and does not.
set -uo pipefail
cd "$(dirname "$0")/../.."
python=.venv/bin/python3
chromium=${KAKEIBO_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
    echo "browser tests skipped: $chromium is not installed (apt-get install chromium)"; exit 0
fi
if [ ! -x "$python" ] || ! "$python" -c 'import playwright.sync_api, pytest' 2>/dev/null; then
    echo "browser tests skipped: playwright or pytest is not installed in .venv (make python-deps)"; exit 0
fi
KAKEIBO=${KAKEIBO:-$(swift build --show-bin-path)/kakeibo} "$python" -m pytest -q -p no:cacheprovider Tests/Browser "$@"
status=$?
if [ $status -eq 5 ]; then
    echo "browser tests: pytest collected no tests"; exit 0
fi
[ $status -eq 0 ] && echo "screenshots: .build/dashboard-screenshots/ and .build/webapp-screenshots/"
exit $status
