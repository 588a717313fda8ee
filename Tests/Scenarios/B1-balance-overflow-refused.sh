# B1 (High): an amount that would push a balance past Int64 is refused in one line, appending nothing; balance, verify and replay stay fine.
k init --currency USD
k account open assets:cash --type asset
k category add food
k expense 1 --from assets:cash --category food
k expense 92233720368547758.07 --from assets:cash --category food
k balance
k verify
k replay
