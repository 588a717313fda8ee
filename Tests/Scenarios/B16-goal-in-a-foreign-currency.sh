# B16 (Low): a goal in a currency no income account holds is refused, naming the currency that works; the goal set in USD counts the USD earned.
k init --currency USD
k account open assets:checking --type asset
k account open income:salary --type income
k income 3000 --to assets:checking --from income:salary --date 2026-11-02
k goal set 100 --currency EUR
k goal set 100
k goal report
