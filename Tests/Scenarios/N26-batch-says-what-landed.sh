# N26 (Low): a batch that stops part-way says which lines were recorded and where to run it again from.
k init --currency USD
k account open assets:cash
k category add food
printf 'expense 1.00 --from assets:cash --category food --payee b1\nexpense 2 --from assets:cash --category food --payee b2\nexpense abc --from assets:cash --category food\nexpense 4 --from assets:cash --category food\n' >b.txt
k batch b.txt
sed -i 's/abc/3/' b.txt
tail -n +3 b.txt >rest.txt
k batch rest.txt
k register food
