# B11 (Medium-Low): account rename refuses to move an account under another type's root.
k init --currency USD
k account open assets:cash --type asset
k account rename assets:cash expenses:cash
k account rename assets:cash assets:wallet
k account list
