# N13 (Medium): NFC `café` and NFD `café` are one category, stored composed, found in either form; beancount export stays valid.
k init --currency USD
k account open assets:cash
k category add $'cafe\u0301'
k category add $'caf\u00e9'
k expense 4.50 --from assets:cash --category $'caf\u00e9'
k expense 3 --from assets:cash --category $'cafe\u0301'
k category list
k balance
k export beancount
