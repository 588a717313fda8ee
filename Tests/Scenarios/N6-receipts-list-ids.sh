# N6 (Medium): `receipts list` shows the last 8 characters of each transaction id, as `register` does, and each works with `edit`.
k init --currency MYR
k account open assets:wallet --type asset
k import receipt "$FIXTURES/receipts/synthetic/syn-01-tax-invoice.jpg" "$FIXTURES/receipts/synthetic/syn-07-hardware-rounding.jpg" --account assets:wallet --engine tesseract
k receipts list
k register assets:wallet
for id in $("$KAKEIBO" receipts list | tail -n +3 | cut -c1-8); do
    k edit "$id" --memo checked
done
