# N24 (Low): a request body over the 4 MiB limit is answered 413 with the limit in detail, not 500
skip_unless curl head
source "$FIXTURES/../Tests/Postgres/scenario-server.sh"
TOKEN=$("$KAKEIBO" server token --postgres "$PG" --ledger home --member alice --device laptop)
head -c 6000000 /dev/zero | tr '\0' ' ' >big.json
curl -s -w '\nHTTP %{http_code}\n' -X POST -H "Authorization: Bearer $TOKEN" -H "Kakeibo-Protocol: 1" \
    -H "Content-Type: application/json" --data-binary @big.json "${REMOTE/\/ledgers/\/v1\/ledgers}/events" >reply.txt
run cat reply.txt
