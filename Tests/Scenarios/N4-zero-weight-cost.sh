# N4 (High): a posting whose cost weighs nothing (`5 EUR @@ $0`, `7 EUR @ $0`, `¥1 @ $0.004`) keeps its amount on import; balances equal `hledger bal -N`.
cat >z1.journal <<'JOURNAL'
2026-01-01 gift
    assets:e  5 EUR @@ $0
    assets:b  $0
2026-01-02 gift2
    assets:e  7 EUR @ $0
    assets:b
2026-01-01 tiny
    expenses:fees  ¥1 @ $0.004
    assets:b
JOURNAL
printf '2026-01-01 solo\n    assets:e  5 EUR @@ $0\n' >solo.journal
k init --currency USD
k import journal z1.journal
k balance --format csv
# register's table shows USD at its display precision (issue 36: 2 decimals, since no USD amount is written with more),
# so assets:b's exact -0.004, kept by the CSV above and by the export below, shows as 0.00, as hledger shows it ($0).
k register
k import journal z1.journal
k import journal solo.journal
k export journal
skip_unless hledger
run hledger -f z1.journal bal -N
