# N3 (High): `widgets export` (JSON and --html) works on a ledger holding a declared commodity (BTC, 8 decimals), and every document validates.
k init --currency USD
k import journal "$FIXTURES/journals/travel.journal"
k widgets export --out w --html --as-of 2026-01-31
run python3 -c 'import json; t = json.load(open("w/trend.json")); print([(s["currency"], s["months"][-1]["netWorth"]) for s in t["series"]])'
run python3 "$FIXTURES/../Schemas/validate_widgets.py" "$FIXTURES/../Schemas/widgets" w
