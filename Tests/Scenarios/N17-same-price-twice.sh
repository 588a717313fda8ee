# N17 (Low): the same manual price typed twice records once and says so; a journal repeating it appends only its new line.
k init --currency USD
k price EUR 1.16 --date 2026-03-22
k price EUR 1.16 --date 2026-03-22
k price EUR 1.160 --date 2026-03-22
k price EUR 1.17 --date 2026-03-22
cat >prices.journal <<'JOURNAL'
P 2026-03-22 EUR $1.17
P 2026-03-23 EUR $1.18
JOURNAL
k import journal prices.journal
k log --from 2
k commodity prices
