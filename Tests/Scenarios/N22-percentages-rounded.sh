# N22 (Low): shown percentages are rounded half to even, not truncated: 2 of 3 budgeted is 66.67 % used (was 66.66 %), and 12347.68 of 103.00 is 11988.04 % (was 11988.03 %).
k init --currency USD
k account open assets:cash --type asset
k category add groceries
k category add dining
k budget set groceries 3 --from 2026-11-01
k budget set dining 100 --from 2026-11-01
k expense 2 --from assets:cash --category groceries --date 2026-11-02
k expense 12345.68 --from assets:cash --category dining --date 2026-11-03
k budget report --period 2026-11
k budget report --period 2026-11 --format csv
