"""The dashboard in a real browser (Debian's Chromium through Playwright), at 360×740 and 1280×800:
no console error, nothing loaded from outside the export folder, figures string-equal to the JSON,
bars as wide as the ratio, no horizontal scroll on a phone, a hostile name that stays text, and an
empty ledger that says "no budgets yet". Screenshots land in .build/dashboard-screenshots/.
"""
import contextlib

import pytest

from conftest import HOSTILE, PAGES, SCREENSHOTS, VIEWPORTS

KIND = {"index": "index", "budgets": "budgets", "spending": "expenses", "income": "income", "accounts": "accounts",
        "forecast": "forecast", "transfers": "transfers"}


@contextlib.contextmanager
def opened(browser, export, name, viewport):
    """The page loaded from file://, with every console error, page error, dialog and request recorded."""
    context = browser.new_context(viewport=VIEWPORTS[viewport], java_script_enabled=True)
    page = context.new_page()
    events = {"console": [], "requests": [], "dialogs": []}
    page.on("console", lambda message: message.type == "error" and events["console"].append(message.text))
    page.on("pageerror", lambda error: events["console"].append(str(error)))
    page.on("request", lambda request: events["requests"].append(request.url))
    page.on("requestfailed", lambda request: events["console"].append(f"failed: {request.url}"))
    page.on("dialog", lambda dialog: (events["dialogs"].append(dialog.message), dialog.dismiss()))
    page.goto(export.url(name))
    page.wait_for_load_state("load")
    try:
        yield page, events
    finally:
        context.close()


def rows(page, selector, fields):
    """Each matching element's data attributes and the textContent of its field elements (hidden ones included)."""
    return page.evaluate("""([selector, fields]) => [...document.querySelectorAll(selector)].map(row => {
        const item = {...row.dataset, _text: row.textContent};
        for (const field of fields) { const el = row.querySelector('.' + field); item[field] = el ? el.textContent : null; }
        const fill = row.querySelector('[data-testid=bar]');
        item._width = fill ? fill.style.width : null;
        return item; })""", [selector, fields])


def width(basis_points):
    return min(max(basis_points or 0, 0), 10000) / 100


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("which", ["household", "empty"])
def test_every_page_is_clean_self_contained_and_fits(browser, exports, which, name, viewport):
    export = exports[which]
    with opened(browser, export, name, viewport) as (page, events):
        page.screenshot(path=str(SCREENSHOTS / f"{which}-{name}-{viewport}.png"), full_page=True)
        assert events["console"] == [], f"console errors on {name}"
        assert events["dialogs"] == [], f"a dialog fired on {name}: the hostile name ran"
        outside = [url for url in events["requests"] if not url.startswith(export.directory.as_uri() + "/")]
        assert outside == [], f"{name} requested something outside the export folder"
        assert page.evaluate("document.querySelectorAll('img, script, iframe, object, embed').length") == 0
        overflow = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert overflow[0] <= overflow[1], f"{name} scrolls sideways at {viewport}: {overflow}"
        document = export.json(KIND[name])
        assert page.locator("[data-testid=as-of]").text_content() == document["asOf"]
        assert page.locator("[data-testid=log-position]").text_content() == str(document["logPosition"])
        assert page.locator("[data-testid=content-hash]").get_attribute("data-hash") == document["contentHash"]
        assert page.locator("[data-testid=stale]").count() == 0, "exported on its as-of day: fresh"
        for link in page.locator("nav a").all():
            assert link.is_visible(), "navigation is reachable without hovering"


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_budget_rows_equal_the_json(browser, exports, viewport):
    export = exports["household"]
    budgets = export.json("budgets")
    with opened(browser, export, "budgets", viewport) as (page, _):
        shown = rows(page, "[data-testid=budget-row]", ["budgeted", "spent", "available", "carried", "name", "over-by"])
        expected = [(period, category) for period in ["month", "week"] for category in budgets[period]["categories"]]
        assert len(shown) == len(expected) > 0
        for row, (period, category) in zip(shown, expected):
            assert (row["period"], row["account"]) == (period, category["account"])
            assert row["budgeted"] == category["budgeted"]
            assert row["spent"] == category["spent"]
            assert row["available"] == category["available"]
            assert row["carried"] == category["carriedIn"]
            assert row["band"] == str(category["band"])
            assert row["name"] == category["name"]
            assert abs(float(row["_width"].rstrip("%")) - width(category["spendRatioBasisPoints"])) <= 0.01
            if category["available"].startswith("-"):
                assert row["over-by"] == "over by " + category["available"][1:]
            else:
                assert row["over-by"] is None
        assert any(row["over-by"] for row in shown), "the fixture has an over-budget row"
        for period in ["month", "week"]:
            total = rows(page, f"[data-testid=budget-total][data-period={period}]", ["budgeted", "spent", "available"])[0]
            assert [total["budgeted"], total["spent"], total["available"]] == [budgets[period]["total"][k] for k in ["budgeted", "spent", "available"]]
        first = page.locator("[data-testid=budget-row]").first
        assert first.locator(".available").is_visible() and first.locator(".name").is_visible()
        assert first.locator(".budgeted").is_visible() == (viewport == "desktop"), "a phone row is name, available and the bar"


def test_the_hostile_name_stays_text(browser, exports):
    export = exports["household"]
    for name in ["budgets", "spending", "forecast", "transfers", "index"]:
        with opened(browser, export, name, "phone") as (page, events):
            assert page.get_by_text(HOSTILE, exact=True).count() >= 1, f"{name} shows the name as text"
            assert page.evaluate("document.querySelectorAll('img[src=x]').length") == 0
            assert events["dialogs"] == []


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_spending_income_accounts_forecast_transfers_and_trend_equal_the_json(browser, exports, viewport):
    export = exports["household"]
    expenses = export.json("expenses")
    with opened(browser, export, "spending", viewport) as (page, _):
        shown = rows(page, "[data-testid=expense-row]", ["amount", "name"])
        assert [(r["account"], r["amount"], r["name"]) for r in shown] == [(c["account"], c["amount"], c["name"]) for c in expenses["categories"]]
        for row, category in zip(shown, expenses["categories"]):
            assert abs(float(row["_width"].rstrip("%")) - width(category["shareBasisPoints"])) <= 0.01
        assert sum(int(r["shareBp"]) for r in shown) in range(9990, 10011), "shares cover the month"
        assert page.locator("[data-testid=expense-total] .total").text_content() == expenses["total"]

    income = export.json("income")
    with opened(browser, export, "income", viewport) as (page, _):
        assert [r["earned"] for r in rows(page, "[data-testid=income-week]", ["earned"])] == [w["earned"] for w in income["month"]["weeks"]]
        assert page.locator("[data-testid=income-this-week] .earned").first.text_content() == income["thisWeek"]["earned"]
        assert page.locator("[data-testid=income-month] .earned").first.text_content() == income["month"]["earned"]

    accounts = export.json("accounts")
    with opened(browser, export, "accounts", viewport) as (page, _):
        worth = rows(page, "[data-testid=net-worth]", ["amount", "assets", "liabilities"])
        assert [(w["currency"], w["amount"], w["assets"], w["liabilities"]) for w in worth] == \
            [(n["currency"], n["amount"], n["assets"], n["liabilities"]) for n in accounts["netWorth"]]
        shown = rows(page, "[data-testid=account-row]", ["amount"])
        assert sorted((r["account"], r["currency"], r["amount"]) for r in shown) == \
            sorted((a["account"], a["currency"], a["amount"]) for a in accounts["accounts"])

    forecast = export.json("forecast")
    with opened(browser, export, "forecast", viewport) as (page, _):
        shown = rows(page, "[data-testid=forecast-row]", ["spent-so-far", "rest-point", "rest-low", "rest-high", "next-point"])
        assert [(r["account"], r["spent-so-far"], r["rest-point"], r["rest-low"], r["rest-high"], r["next-point"]) for r in shown] == \
            [(f["account"], f["spentSoFar"], f["restOfPeriod"]["point"], f["restOfPeriod"]["low"], f["restOfPeriod"]["high"], f["nextPeriod"]["point"])
             for f in forecast["forecasts"]]
        assert page.locator("[data-testid=forecast-note]").text_content() == forecast["note"]

    transfers = export.json("transfers")
    with opened(browser, export, "transfers", viewport) as (page, _):
        shown = rows(page, "[data-testid=transfer-row]", ["amount", "from", "to", "date", "note"])
        assert [(r["id"], r["amount"], r["from"], r["to"], r["date"], r["note"]) for r in shown] == \
            [(t["id"], t["amount"], t["from"], t["to"], t["date"], t["note"]) for t in transfers["recent"]]
        assert page.locator("[data-testid=transfer-month] .total").text_content() == transfers["month"]["total"]

    trend = export.json("trend")
    with opened(browser, export, "index", viewport) as (page, _):
        shown = rows(page, "[data-testid=trend-month]", ["income", "expenses", "net", "net-worth"])
        expected = [(s["currency"], m["period"], m["income"], m["expenses"], m["net"], m["netWorth"]) for s in trend["series"] for m in s["months"]]
        assert [(r["currency"], r["period"], r["income"], r["expenses"], r["net"], r["net-worth"]) for r in shown] == expected
        assert page.locator("svg title").first.text_content().startswith("Income, expenses and net worth")


def test_an_empty_ledger_says_no_budgets_yet(browser, exports):
    for viewport in VIEWPORTS:
        for name in ["budgets", "index"]:
            with opened(browser, exports["empty"], name, viewport) as (page, events):
                assert page.get_by_text("no budgets yet").first.is_visible()
                assert page.locator("[data-testid=budget-row]").count() == 0
                assert events["console"] == []


def test_an_export_after_the_as_of_day_is_marked_stale(browser, exports):
    for name in PAGES:
        with opened(browser, exports["stale"], name, "phone") as (page, _):
            assert page.locator("[data-testid=stale]").is_visible(), f"{name} says stale"
            if name == "budgets":
                page.screenshot(path=str(SCREENSHOTS / f"stale-{name}-phone.png"))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_each_currency_has_its_own_net_worth_and_trend(browser, exports, viewport):
    export = exports["household"]
    net_worth = export.json("accounts")["netWorth"]
    assert [n["currency"] for n in net_worth] == ["EUR", "USD"], "the fixture holds two currencies"
    for name in ["index", "accounts"]:
        with opened(browser, export, name, viewport) as (page, _):
            cards = rows(page, "[data-testid=net-worth]", ["amount"])
            assert [(c["currency"], c["amount"]) for c in cards] == [(n["currency"], n["amount"]) for n in net_worth]
            assert page.get_by_text("not added together").is_visible()
            charts = page.locator("[data-testid=trend]")
            assert [charts.nth(i).get_attribute("data-currency") for i in range(charts.count())] == \
                [s["currency"] for s in export.json("trend")["series"]] == ["EUR", "USD"]


def test_a_currency_code_never_breaks_beside_a_long_amount(browser, exports):
    """N21: at 390 px a long amount pushed its currency onto two lines ("-12345678882706.23 U" / "SD")."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        for name in ["index", "accounts", "spending", "budgets", "transfers"]:
            page.goto(exports["household"].url(name))
            page.wait_for_load_state("load")
            broken = page.evaluate("""() => {
                for (const n of document.querySelectorAll('.num')) n.textContent = '-12345678882706.23';
                return [...document.querySelectorAll('.cur')].filter(c => c.getClientRects().length > 1).map(c => c.textContent);
            }""")
            assert broken == [], f"{name}: currency codes broken across lines: {broken}"
    finally:
        context.close()
