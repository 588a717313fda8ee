# B22 (High): foreign spending (¥, EUR, £) counts in expenses.json and on the Spending page as it does on the Budgets page: at cost, else at the P price of its date.
k init --currency USD
k import journal "$FIXTURES/journals/travel-trip.journal"
k budget set dining 100 --from 2026-01-01
k budget set lodging 300 --from 2026-01-01
k budget set transport 150 --from 2026-01-01
k budget set fees 10 --from 2026-01-01
k widgets export --out w --as-of 2026-02-28 --html
run python3 -c 'import json; e = json.load(open("w/expenses.json")); print("expenses.json", e["total"], [(c["account"], c["amount"]) for c in e["categories"]], "foreign", e["foreign"]["counted"])'
run python3 -c 'import json; b = json.load(open("w/budgets.json"))["month"]; print("budgets.json ", b["total"]["spent"], [(c["account"], c["spent"]) for c in b["categories"]])'
run grep -o 'Spent <span class="big"><span class="total num">[0-9.]*</span>' w/spending.html
run grep -o 'Includes <span class="foreign num">[0-9.]*</span>' w/spending.html
k budget report --period 2026-02
