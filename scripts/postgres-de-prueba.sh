#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster (Debian's packages) on port 5433 and prints
# `export DATABASE_URL=...` for the test suite. Usage: eval "$(bash scripts/postgres-de-prueba.sh)"
set -euo pipefail
PUERTO="${PGPORT_PRUEBA:-5433}"
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
DIR="${PGDATA_PRUEBA:-/tmp/pos-postgres-prueba}"
if ! "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PUERTO"; then
  rm -rf "$DIR"
  mkdir -p "$DIR"
  chown postgres:postgres "$DIR"
  # initdb refuses to run as root; the Debian package creates the postgres user.
  su postgres -s /bin/bash -c "'$BIN/initdb' -D '$DIR/datos' -A trust -U postgres -E UTF8 --locale=C.UTF-8" >&2
  su postgres -s /bin/bash -c "'$BIN/pg_ctl' -D '$DIR/datos' -l '$DIR/registro.log' -w \
    -o '-p $PUERTO -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off' start" >&2
fi
echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$PUERTO/postgres"
