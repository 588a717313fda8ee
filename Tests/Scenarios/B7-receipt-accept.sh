# B7 (Medium): a receipt read right is accepted (`receipt accept` or `edit --reviewed`), recorded in its history, and `receipt show` agrees with `receipts list`.
k init --currency MYR
k account open assets:wallet --type asset
k import receipt "$FIXTURES/receipts/synthetic/syn-01-tax-invoice.jpg" "$FIXTURES/receipts/synthetic/syn-07-hardware-rounding.jpg" --account assets:wallet --engine tesseract
k receipts list --needs-review
ids=$("$KAKEIBO" receipts list | tail -n +3 | cut -c1-8)
first=$(echo "$ids" | sed -n 1p) second=$(echo "$ids" | sed -n 2p)
k edit "$first" --reason "checked, correct"
k receipt accept "$first" --reason "checked, correct"
k receipt show "$first"
k receipt accept "$first"
k edit "$second" --reviewed
k receipts list
k receipts list --needs-review
k history "$first"
k replay --check
