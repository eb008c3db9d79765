#!/usr/bin/env bash
# Installs what `npm run bench:cluster` needs from Debian when it is missing: HAProxy (the load
# balancer), PgBouncer (the pooler) and PostgreSQL's server binaries (initdb/pg_ctl for the bench's
# own throwaway cluster, so restarting "PostgreSQL" never touches the shared server on 5432).
set -euo pipefail

missing=()
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo -E"; fi

echo "ensure-cluster-tools: installing ${missing[*]}"
$SUDO apt-get update -qq >/dev/null
# --no-install-recommends and policy-rc.d: the packages' own services must not start (the bench
# runs its own processes on its own ports, and 5432 belongs to the shared server).
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
  $SUDO chmod +x /usr/sbin/policy-rc.d
  trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
fi
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
for bin in haproxy pgbouncer; do
  command -v "$bin" >/dev/null 2>&1 || [ -x "/usr/sbin/$bin" ] || { echo "ensure-cluster-tools: $bin still missing" >&2; exit 1; }
done
