# N17 (Low): `price` says what it recorded.
k init --currency USD
k price EUR 1.16 --date 2026-03-22
k price JPY 0.0066 --date 2026-03-22
k commodity prices
# N17: the log names a price's date, value and commodity (its row was blank).
k log --from 2
