# N22 (Low): percentages are rounded, not truncated: 2 of 3 used is 66.67 %.
k init --currency USD
k account open assets:cash
k category add food
k budget set food 3 --from 2026-11-01
k expense 2 --from assets:cash --category food
k budget report
