# B23 (Low): CJK, full-width, emoji and combining characters take their drawn width in `register` and `bal` columns
# (East Asian Wide/Fullwidth 2 columns, combining marks 0), as hledger lines them up; the trial's row was one column short.
k init --currency USD
k account open assets:cash
k category add 食費
k category add ｆｕｌｌ
k category add café
k expense 12.50 --from assets:cash --category 食費 --payee "食堂 さくら"
k expense 3 --from assets:cash --category ｆｕｌｌ --payee $'Cafe\u0301 au lait'
k expense 1000 --from assets:cash --category café --payee "👍 ok"
k register
k bal
cat >wide.journal <<'JOURNAL'
2026-11-21 食堂 さくら
    expenses:食費    $12.50
    assets:cash
2026-11-21 Café au lait
    expenses:ｆｕｌｌ    $3.00
    assets:cash
2026-11-21 👍 ok
    expenses:café    $1000.00
    assets:cash
JOURNAL
skip_unless hledger
run hledger -f wide.journal reg
run hledger -f wide.journal bal
