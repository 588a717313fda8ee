# N14 (Low): past `ulimit -f`, a batch stops with one line naming the lines recorded, instead of dying of SIGXFSZ.
k init --currency USD
k account open assets:cash
k category add food
for i in $(seq 1 300); do echo "expense $i.25 --from assets:cash --category food --payee \"payee $i, a long name to fill the pages\""; done >bulk.txt
(ulimit -f 260; k batch bulk.txt >/dev/null)
k verify
