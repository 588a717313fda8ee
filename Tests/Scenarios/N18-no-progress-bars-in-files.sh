# N18 (Low): `replay` and `replay --check` write no progress bar into a file or a pipe.
k init --currency USD
k account open assets:cash
k category add food
k expense 5 --from assets:cash --category food
k replay
k replay --check
