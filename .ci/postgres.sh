# Start a throwaway PostgreSQL cluster on a private socket and port, owned by an
# unprivileged user (the server refuses to run as root), and export its URL for
# the store tests (DT_TEST_POSTGRES_URL). Sourced by .ci/run.
#
# Authentication is as on a real class server: over TCP every login gives its password
# (SCRAM), so the classroom tests prove a trainee's own login and password; the one
# exception is the superuser "dt" the tests themselves connect as, trusted on the
# loopback address only. DT_PG_PORT, DT_PG_DATA and DT_PG_RUN choose another port and
# folders (to run a second cluster beside CI's on one machine).
start_postgres() {
    local bindir
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    if [ -z "$bindir" ]; then
        echo "PostgreSQL is not installed: the PostgreSQL store tests will be skipped"
        return 0
    fi
    local data=${DT_PG_DATA:-/tmp/dt-pg-data} run=${DT_PG_RUN:-/tmp/dt-pg-run} port=${DT_PG_PORT:-55432} user=postgres
    id "$user" >/dev/null 2>&1 || useradd --system --no-create-home "$user"
    if [ -f "$data/postmaster.pid" ]; then
        su "$user" -s /bin/sh -c "$bindir/pg_ctl -D $data -m fast -w stop >/dev/null" || true
    fi
    rm -rf "$data" && mkdir -p "$data" "$run" && chown "$user" "$data" "$run"
    su "$user" -s /bin/sh -c "$bindir/initdb -D $data -A trust -U dt >/dev/null"
    cat > "$data/pg_hba.conf" <<HBA
local all all trust
host all dt 127.0.0.1/32 trust
host all all 127.0.0.1/32 scram-sha-256
host all all ::1/128 scram-sha-256
HBA
    su "$user" -s /bin/sh -c "$bindir/pg_ctl -D $data -o '-p $port -k $run -c listen_addresses=127.0.0.1 -c max_connections=200' -l $run/log -w start >/dev/null"
    su "$user" -s /bin/sh -c "$bindir/createdb -h 127.0.0.1 -p $port -U dt director_trainer_test"
    export DT_TEST_POSTGRES_URL="postgresql+psycopg://dt@127.0.0.1:$port/director_trainer_test"
    echo "PostgreSQL running: $DT_TEST_POSTGRES_URL"
}
