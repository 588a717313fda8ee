# N25 (Low): archiving a category clears its budget from this period on; earlier months keep theirs.
k init --currency USD
k account open assets:cash
k category add dining
k budget set dining 150 --from 2026-10-01
k expense 4 --from assets:cash --category dining --date 2026-10-03
k category archive dining
k budget report
k budget report --period 2026-10
