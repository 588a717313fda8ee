# B20 (Low, partly fixed): the fixed messages: edit --posting on an expense, an empty --db, an unknown currency, a negative budget, `budget set expenses`, a read of a missing account, a missing folder.
k init --currency USD
k account open assets:cash --type asset
k category add groceries
TXN=$(k expense 4 --from assets:cash --category groceries)
k edit "$TXN" --posting expenses:x=1
k --db "" balance
k --db other.sqlite init --currency XYZ
k budget set groceries -10
k budget set expenses 100
k register utilities
k --db "$PWD/no/such/folder/x.sqlite" init --currency USD
