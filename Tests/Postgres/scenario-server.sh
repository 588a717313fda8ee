# Sourced by a scenario (Tests/Scenarios/N…-*.sh) that needs a household server: a throwaway PostgreSQL cluster
# (unix socket only, no TCP) and `kakeibo server run` on 127.0.0.1 with a free port, both stopped and deleted when the
# scenario's shell exits. Sets PG (the --postgres URL) and REMOTE (http://127.0.0.1:PORT/ledgers/home, ledger `home`
# created). Without PostgreSQL binaries the scenario is marked skipped, with the reason.
#
# The port changes from run to run, so a scenario types it only in unrecorded setup lines (a first `sync` run with
# "$KAKEIBO" directly); recorded `k sync` calls then use what the file remembers (N19).
pg_bin="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
    echo "no PostgreSQL binaries (apt-get install postgresql)" >"$SCENARIO_DIR/.skipped"; exit 0
fi
pg_dir=$(mktemp -d /tmp/kkb-scn-pg.XXXXXX) # short: a socket path has at most 107 bytes
pg_as=()
if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    chown postgres "$pg_dir"
    pg_as=(runuser -u postgres --)
fi
scenario_server_stop() {
    [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    "${pg_as[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1
    rm -rf "$pg_dir"
}
trap scenario_server_stop EXIT
if ! "${pg_as[@]}" "$pg_bin/initdb" -D "$pg_dir/data" -U postgres --auth=trust -E UTF8 --locale=C >/dev/null 2>&1 \
    || ! "${pg_as[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w -t 60 \
        -o "-c listen_addresses='' -k $pg_dir -c fsync=off" start >/dev/null 2>&1; then
    echo "PostgreSQL did not start" >"$SCENARIO_DIR/.skipped"; exit 0
fi
"$pg_bin/createdb" -h "$pg_dir" -U postgres kakeibo
PG="postgresql://postgres@/kakeibo?host=$pg_dir"
"$KAKEIBO" server init --postgres "$PG" --ledger home >/dev/null
"$KAKEIBO" server run --postgres "$PG" --listen 127.0.0.1:0 >"$SCENARIO_DIR/.server.out" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do grep -q '^listening on ' "$SCENARIO_DIR/.server.out" && break; sleep 0.1; done
REMOTE="http://$(sed -n 's/^listening on //p' "$SCENARIO_DIR/.server.out")/ledgers/home"
export KAKEIBO_CONFIG="$SCENARIO_DIR/config"
