#!/usr/bin/env bash
# Runs "$@" with a throwaway PostgreSQL: initdb into a temp dir, a unix socket only (no TCP),
# stopped and deleted on exit, whatever "$@" returns. Exports KAKEIBO_TEST_POSTGRES for the
# server tests, which skip with a printed reason when it is unset (no PostgreSQL here).
# As root it runs PostgreSQL as the `postgres` user: postgres refuses to run as root.
set -uo pipefail

bin="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "with-postgres: no PostgreSQL binaries (apt-get install postgresql): server tests will be skipped"
    exec "$@"
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/kakeibo-pg.XXXXXX")"
as_owner=()
if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    chown postgres "$dir"
    as_owner=(runuser -u postgres --)
fi

stop() {
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap stop EXIT
trap "exit 130" INT
trap "exit 143" TERM

if ! "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log"
    echo "with-postgres: initdb failed: server tests will be skipped"
    "$@"
    exit $?
fi
if ! "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
        -o "-c listen_addresses='' -k $dir -c fsync=off -c max_connections=100" start >/dev/null; then
    cat "$dir/postgres.log"
    echo "with-postgres: PostgreSQL did not start: server tests will be skipped"
    "$@"
    exit $?
fi
"$bin/createdb" -h "$dir" -U postgres kakeibo
export KAKEIBO_TEST_POSTGRES="postgresql://postgres@/kakeibo?host=$dir"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on $dir"
"$@"
