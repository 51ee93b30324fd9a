# Start a throwaway PostgreSQL cluster on a private socket and port, owned by an
# unprivileged user (the server refuses to run as root), and export its URL for
# the store tests (DT_TEST_POSTGRES_URL). Sourced by .ci/run.
start_postgres() {
    local bindir
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    if [ -z "$bindir" ]; then
        echo "PostgreSQL is not installed: the PostgreSQL store tests will be skipped"
        return 0
    fi
    local data=/tmp/dt-pg-data run=/tmp/dt-pg-run port=55432 user=postgres
    id "$user" >/dev/null 2>&1 || useradd --system --no-create-home "$user"
    if [ -f "$data/postmaster.pid" ]; then
        su "$user" -s /bin/sh -c "$bindir/pg_ctl -D $data -m fast -w stop >/dev/null" || true
    fi
    rm -rf "$data" && mkdir -p "$data" "$run" && chown "$user" "$data" "$run"
    su "$user" -s /bin/sh -c "$bindir/initdb -D $data -A trust -U dt >/dev/null"
    su "$user" -s /bin/sh -c "$bindir/pg_ctl -D $data -o '-p $port -k $run -c listen_addresses=127.0.0.1' -l $run/log -w start >/dev/null"
    su "$user" -s /bin/sh -c "$bindir/createdb -h 127.0.0.1 -p $port -U dt director_trainer_test"
    export DT_TEST_POSTGRES_URL="postgresql+psycopg://dt@127.0.0.1:$port/director_trainer_test"
    echo "PostgreSQL running: $DT_TEST_POSTGRES_URL"
}
