# B10 (Medium): `category add` refuses names under assets, liabilities and equity, and appends nothing.
k init --currency USD
k account open assets:cash
k account open liabilities:visa
k category add assets:x
k category add liabilities:visa
k category add equity:foo
k category add income:bonus
k category add "food:fast food"
k account list
k verify
