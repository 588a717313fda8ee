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
# N17: a `P` line deleted from the journal is retracted by `import journal --replace` (it stayed and kept valuing
# balances); the price typed by hand for 2026-03-22 stays, as it is not the journal's.
cat >prices.journal <<'JOURNAL'
P 2026-03-22 EUR $1.17
JOURNAL
k import journal prices.journal --replace
k commodity prices
# N17: a price taken back by hand falls back to the day's earlier recording, then to none; nothing left is refused.
k price EUR --retract --date 2026-03-22 --reason typo
k price EUR --retract --date 2026-03-22
k price EUR --retract --date 2026-03-22
k commodity prices
k log --from 5
# N17: the prices' history: who recorded or retracted each, from where, and the day's price before and after.
k history --price EUR
k replay --check
