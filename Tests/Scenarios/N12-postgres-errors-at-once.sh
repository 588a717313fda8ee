# N12 (Medium): a wrong database, port or host is said at once in PostgreSQL's or the system's words, not after 67 s as a ConnectionPoolError dump
# No PostgreSQL needed: a socket folder with no server in it, and a closed loopback port.
mkdir -p "$SCENARIO_DIR/nopg"
k server init --postgres "postgresql://postgres@/nodb?host=$SCENARIO_DIR/nopg&port=55433" --ledger home
k server token --postgres "postgresql://postgres@127.0.0.1:1/kakeibo" --ledger home --member alice --device phone
k server run --postgres "postgresql://postgres@127.0.0.1:1/kakeibo" --listen 127.0.0.1:0
