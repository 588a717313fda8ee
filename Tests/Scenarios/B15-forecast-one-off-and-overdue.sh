# B15 (Low-Medium): forecast does not treat one purchase as certain monthly spending, and keeps a recurring payment not yet made this month.
k init --currency USD
k account open assets:checking --type asset
k category add rent
k category add clothing
for month in 06 07 08 09 10; do
    k expense 1450 --from assets:checking --category rent --payee Landlord --date 2026-$month-01 >/dev/null
done
k expense 120 --from assets:checking --category clothing --payee Outfitters --date 2026-10-10
k forecast
