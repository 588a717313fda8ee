# B14 (Low-Medium): fifteen Green Grocer expenses filed under groceries outweigh an amount seen once elsewhere: `suggest --amount 45` and `expense 45` pick groceries.
k init --currency USD
k account open liabilities:visa --type liability
k category add groceries
k category add fuel
for amount in 60 63 66 69 72 75 78 81 84 87 90 93 96 99 105; do
    k expense $amount --from liabilities:visa --category groceries --payee "Green Grocer #101" >/dev/null
done
k expense 45.10 --from liabilities:visa --category fuel --payee "Shell Station"
k suggest --payee "Green Grocer #101"
k suggest --payee "Green Grocer #101" --amount 45
k expense 45 --from liabilities:visa --payee "Green Grocer #101"
k balance
