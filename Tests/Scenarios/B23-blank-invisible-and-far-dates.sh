# B23 (Low): blank payees and invisible characters are refused; a year typo (2206) is recorded with a note.
k init --currency USD
k account open assets:cash
k category add food
k expense 1 --from assets:cash --category food --payee "   "
k expense 1 --from assets:cash --category food --payee $'a\u200db'
k category add $'zero\u200bwidth'
k expense 1 --from assets:cash --category food --payee $'\U0001F468\u200d\U0001F469\u200d\U0001F467 family'
k expense 1 --from assets:cash --category food --date 2206-01-01
k register food
