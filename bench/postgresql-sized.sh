#!/usr/bin/env bash
# Starts a second PostgreSQL cluster on 127.0.0.1:5433 sized as docs/operations.md asks of a
# production database (shared_buffers a quarter of the RAM, at most 8 GB; effective_cache_size
# three quarters), for bench/suggestions.bench.ts:
#   bash bench/postgresql-sized.sh
#   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres node bench/suggestions.bench.ts
# The machine's own cluster (5432) keeps Debian's defaults (128 MB of shared buffers) for the
# tests; a restart of it would cut every test's connections. Run as root; loopback only; the
# cluster lives under /var/tmp/mawadda-bench-pg and survives until the machine restarts.
set -euo pipefail
bin="/usr/lib/postgresql/$(ls /etc/postgresql | sort -V | tail -n 1)/bin"
data=/var/tmp/mawadda-bench-pg
ram_mb=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024))
buffers_mb=$((ram_mb / 4 > 8192 ? 8192 : ram_mb / 4))
if ! [ -f "$data/PG_VERSION" ]; then
  install -d -o postgres "$data"
  setpriv --reuid=postgres --regid=postgres --init-groups "$bin/initdb" -D "$data" -A trust \
    -U postgres >/dev/null
fi
if ! setpriv --reuid=postgres --regid=postgres --init-groups "$bin/pg_ctl" -D "$data" status \
  >/dev/null 2>&1; then
  setpriv --reuid=postgres --regid=postgres --init-groups "$bin/pg_ctl" -D "$data" -w \
    -l "$data/server.log" start -o "-p 5433 -c listen_addresses=127.0.0.1 \
    -c unix_socket_directories=$data -c shared_buffers=${buffers_mb}MB \
    -c effective_cache_size=$((ram_mb * 3 / 4))MB -c max_connections=100"
fi
psql -h 127.0.0.1 -p 5433 -U postgres -d postgres -tAc 'show shared_buffers'
