# B5 (Medium): switching a budget from monthly to weekly mid-month keeps that month's monthly budget; the weekly budget starts in the week it is dated in.
k init --currency USD
k account open assets:cash --type asset
k category add groceries
k budget set groceries 400 --period monthly --from 2026-09-01
k expense 50 --from assets:cash --category groceries --date 2026-10-05
k expense 30 --from assets:cash --category groceries --date 2026-10-20
k budget set groceries 100 --period weekly --from 2026-10-15
k budget report --period 2026-10
k budget report --period 2026-W41 --format json
k budget report --period 2026-W43
k budget report --period 2026-11
