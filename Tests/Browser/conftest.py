"""Fixtures for the dashboard browser tests: two real exports made with the kakeibo binary
(a household with a hostile category name, and an empty ledger) and one headless Chromium.

Chromium is Debian's (/usr/bin/chromium); Playwright drives it with executable_path and never
downloads a browser. Without either, every test skips with the reason printed by run.sh.
"""
import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("KAKEIBO_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = pathlib.Path(os.environ.get("KAKEIBO_SCREENSHOTS", ROOT / ".build" / "dashboard-screenshots"))
HOSTILE = "<img src=x onerror=alert(1)>"
AS_OF = "2026-11-21"
PAGES = ["index", "budgets", "spending", "income", "accounts", "forecast", "transfers"]
VIEWPORTS = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}


def kakeibo_binary():
    configured = os.environ.get("KAKEIBO")
    if configured:
        return pathlib.Path(configured)
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return pathlib.Path(bin_path) / "kakeibo"


class Ledger:
    def __init__(self, binary, db, now):
        self.binary, self.db, self.now = binary, db, now

    def __call__(self, *arguments):
        environment = dict(os.environ, KAKEIBO_NOW=self.now)
        result = subprocess.run([str(self.binary), "--db", str(self.db), *arguments], capture_output=True, text=True, env=environment)
        assert result.returncode == 0, f"kakeibo {' '.join(arguments)} failed: {result.stderr}"
        return result.stdout


def record_household(k):
    k("init", "--currency", "USD", "--timezone", "America/New_York", "--name", "Browser test household")
    for account in ["assets:checking", "assets:savings", "liabilities:visa", "equity:opening"]:
        k("account", "open", account)
    k("account", "open", "income:salary", "--type", "income")
    k("category", "add", "groceries", "--hue", "120", "--icon", "cart")
    k("category", "add", "dining", "--hue", "20", "--icon", "fork.knife")
    k("category", "add", "treats", "--display-name", HOSTILE, "--hue", "300")
    k("category", "add", "transport", "--hue", "180")
    k("transfer", "2500", "--from", "equity:opening", "--to", "assets:checking", "--date", "2026-09-01", "--memo", "opening balance")
    k("budget", "set", "groceries", "400", "--rollover", "positive", "--from", "2026-10-01")
    k("budget", "set", "dining", "100", "--from", "2026-10-01")
    k("budget", "set", "treats", "20", "--from", "2026-11-01")
    k("budget", "set", "transport", "40", "--period", "weekly", "--from", "2026-11-01")
    k("goal", "set", "4000", "--period", "monthly", "--from", "2026-10-01")
    for amount, category, date, payee in [
        ("84.20", "groceries", "2026-10-03", "Green Grocer"), ("61.10", "groceries", "2026-11-02", "Green Grocer"),
        ("120.75", "groceries", "2026-11-14", "WHOLE FOODS 1187"), ("48.00", "dining", "2026-11-08", "Noodle Bar"),
        ("71.30", "dining", "2026-11-19", "Sushi Zen"), ("26.40", "treats", "2026-11-12", HOSTILE),
        ("12.50", "transport", "2026-11-17", "Metro"), ("30.00", "transport", "2026-11-20", "Taxi"),
        ("55.00", "dining", "2026-10-20", "Noodle Bar"),
    ]:
        k("expense", amount, "--from", "liabilities:visa", "--category", category, "--date", date, "--payee", payee)
    for date in ["2026-09-25", "2026-10-25", "2026-11-06", "2026-11-20"]:
        k("income", "2100", "--to", "assets:checking", "--from", "income:salary", "--date", date, "--payee", "Acme payroll")
    k("transfer", "300", "--from", "assets:checking", "--to", "liabilities:visa", "--date", "2026-11-10", "--memo", HOSTILE)
    k("transfer", "500", "--from", "assets:checking", "--to", "assets:savings", "--date", "2026-11-18", "--memo", "savings")
    # Euros beside the dollars: net worth and the trend get a series each, never one sum.
    k("account", "open", "assets:wise", "--currency", "EUR")
    k("account", "open", "equity:eur", "--currency", "EUR")
    k("transfer", "640.50", "--from", "equity:eur", "--to", "assets:wise", "--date", "2026-10-05", "--memo", "euro savings")


def export(k, directory):
    k("widgets", "export", "--out", str(directory), "--as-of", AS_OF, "--html")
    return Export(directory)


class Export:
    def __init__(self, directory):
        self.directory = pathlib.Path(directory)

    def json(self, kind):
        return json.loads((self.directory / f"{kind}.json").read_text())

    def url(self, page):
        return (self.directory / f"{page}.html").as_uri()


@pytest.fixture(scope="session")
def exports(tmp_path_factory):
    binary = kakeibo_binary()
    if not binary.exists():
        pytest.fail(f"{binary} is missing: run `swift build` first")
    base = tmp_path_factory.mktemp("dashboard")
    household = Ledger(binary, base / "household.sqlite", AS_OF)
    record_household(household)
    empty = Ledger(binary, base / "empty.sqlite", AS_OF)
    empty("init", "--currency", "USD")
    # The same household exported four days later: every page must say "stale".
    later = Ledger(binary, base / "household.sqlite", "2026-11-25")
    return {"household": export(household, base / "household"), "empty": export(empty, base / "empty"),
            "stale": export(later, base / "stale")}


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture(scope="session", autouse=True)
def screenshot_folder():
    if SCREENSHOTS.exists():
        shutil.rmtree(SCREENSHOTS)
    SCREENSHOTS.mkdir(parents=True)
    return SCREENSHOTS
