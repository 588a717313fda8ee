# B19 (Low): `P` lines of a journal become price events: in the log, the price list and both exports.
cat >prices.journal <<'JOURNAL'
P 2026-10-01 EUR $1.08

2026-10-02 coffee
    expenses:coffee    $3
    assets:cash
JOURNAL
k init --currency USD
k import journal prices.journal
k commodity prices
k export journal
k export beancount
