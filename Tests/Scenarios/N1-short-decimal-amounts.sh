# N1 (High): short decimal amounts (`1.5`, `0.5`, `.50`, `1.0`) are recorded in every recording command, never a crash.
k init --currency USD
k account open assets:cash --type asset
k account open income:salary --type income
k account open assets:bank --type asset
k category add food
for amount in 1.5 0.5 .50 1.0 1 0.01 -0 1,000.50 ١٫٥ 10.000; do
    k expense "$amount" --from assets:cash --category food
done
k income 9.9 --to assets:cash --from income:salary
k transfer 1.5 --from assets:cash --to assets:bank
k txn --posting expenses:food=1.5 --posting assets:cash
TXN=$(k expense 2.50 --from assets:cash --category food --payee Bakery)
k edit "$TXN" --amount 1.5
printf 'expense 1.5 --from assets:cash --category food\nexpense .5 --from assets:cash --category food\n' >batch.txt
k batch batch.txt
k balance
k verify
