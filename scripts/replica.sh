#!/usr/bin/env bash
# A streaming read replica of the local PostgreSQL server, for the tests and the replica bench (decision 037).
# Idempotent: a replica already running and streaming is left alone; a stopped one is started; one that no longer
# follows the primary (a stale data directory from an earlier run, WAL it needs gone) is made again.
#
#   scripts/replica.sh          make or start it, then wait until it answers
#   scripts/replica.sh stop     stop it and drop its replication slot (the data directory stays, and is made again
#                               at the next start)
#   scripts/replica.sh kill     stop it at once, as a crash would (`-m immediate`: the tests' lost replica); its slot
#                               keeps the WAL it needs until it starts again
#
# The replica streams through a replication slot, `fundry_replica`: a burst of writes on the primary (a bench loading
# gigabytes) cannot remove WAL the replica has not received, which would leave it stuck for good.
#
# Settings: PRIMARY_PORT (5432), REPLICA_PORT (5433), REPLICA_DIR (/var/lib/postgresql/fundry-replica),
# PG_BIN (the newest /usr/lib/postgresql/*/bin). Run as root (it runs PostgreSQL as `postgres`) or as postgres.
set -euo pipefail

PRIMARY_PORT="${PRIMARY_PORT:-5432}"
REPLICA_PORT="${REPLICA_PORT:-5433}"
REPLICA_DIR="${REPLICA_DIR:-/var/lib/postgresql/fundry-replica}"
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
LOG="$REPLICA_DIR.log"
SLOT=fundry_replica

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
replica_sql() {
  as_postgres "$PG_BIN/psql" -h 127.0.0.1 -p "$REPLICA_PORT" -U postgres -d postgres -Atqc "$1" 2>/dev/null
}
stop_replica() {
  if [ -f "$REPLICA_DIR/postmaster.pid" ]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$REPLICA_DIR" -m "${1:-fast}" -w stop >/dev/null 2>&1 || true
  fi
}
# Streaming, or at least in recovery and receiving: what a replica that follows the primary reports.
following() {
  [ "$(replica_sql "select pg_is_in_recovery() and exists (select from pg_stat_wal_receiver where status = 'streaming')")" = t ]
}
wait_following() {
  for _ in $(seq 1 100); do
    following && return 0
    sleep 0.2
  done
  return 1
}

primary_sql() {
  psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -Atqc "$1"
}
drop_slot() {
  primary_sql "select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = '$SLOT' and not active" >/dev/null
}

case "${1:-}" in
  stop) stop_replica fast; drop_slot; exit 0 ;;
  kill) stop_replica immediate; exit 0 ;;
esac

[ -x "$PG_BIN/pg_basebackup" ] || { echo "replica.sh: no PostgreSQL binaries in '$PG_BIN'" >&2; exit 1; }

if following; then
  echo "replica on port $REPLICA_PORT is streaming"
  exit 0
fi

# The primary must let a replication connection in from the loopback address.
primary_hba="$(psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -Atqc 'show hba_file')"
if ! grep -Eq '^\s*host\s+replication\s+all\s+127\.0\.0\.1/32' "$primary_hba"; then
  echo 'host replication all 127.0.0.1/32 trust' >>"$primary_hba"
  psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -Atqc 'select pg_reload_conf()' >/dev/null
fi

# A data directory that is there but does not start and stream is stale: it is made again from a fresh copy.
if [ -f "$REPLICA_DIR/standby.signal" ]; then
  stop_replica
  as_postgres "$PG_BIN/pg_ctl" -D "$REPLICA_DIR" -l "$LOG" -w -t 30 start >/dev/null 2>&1 || true
  if wait_following; then
    echo "replica on port $REPLICA_PORT started"
    exit 0
  fi
  stop_replica
fi

rm -rf "$REPLICA_DIR"
drop_slot
mkdir -p "$(dirname "$REPLICA_DIR")"
[ "$(id -u)" = 0 ] && chown postgres:postgres "$(dirname "$REPLICA_DIR")"
as_postgres "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$REPLICA_DIR" -R -X stream -c fast -C -S "$SLOT"
# Its own settings, after the copied postgresql.auto.conf (which -R filled with primary_conninfo): the last wins.
# No hot_standby_feedback: it would hold back the primary's vacuum for the replica's queries (migrate.test.ts checks
# that a vacuum removes a busy project's old rows); a query that recovery cancels is run again on the primary.
cat >>"$REPLICA_DIR/postgresql.auto.conf" <<EOF
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '/tmp'
hot_standby = on
hot_standby_feedback = off
shared_buffers = '64MB'
max_connections = 100
logging_collector = off
EOF
# The Debian package keeps postgresql.conf and pg_hba.conf in /etc; a copy of them makes the directory standalone.
conf_dir="$(psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -Atqc 'show config_file' | xargs dirname)"
if [ ! -f "$REPLICA_DIR/postgresql.conf" ]; then
  grep -Ev '^\s*(data_directory|hba_file|ident_file|external_pid_file|port|include_dir|ssl)\b' \
    "$conf_dir/postgresql.conf" >"$REPLICA_DIR/postgresql.conf"
fi
[ -f "$REPLICA_DIR/pg_hba.conf" ] || cp "$primary_hba" "$REPLICA_DIR/pg_hba.conf"
[ -f "$REPLICA_DIR/pg_ident.conf" ] || : >"$REPLICA_DIR/pg_ident.conf"
[ "$(id -u)" = 0 ] && chown -R postgres:postgres "$REPLICA_DIR"
chmod 700 "$REPLICA_DIR"
as_postgres "$PG_BIN/pg_ctl" -D "$REPLICA_DIR" -l "$LOG" -w -t 60 start >/dev/null
if ! wait_following; then
  echo "replica.sh: the replica on port $REPLICA_PORT started but does not stream; see $LOG" >&2
  exit 1
fi
echo "replica on port $REPLICA_PORT made from the primary on port $PRIMARY_PORT"
