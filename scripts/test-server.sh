#!/usr/bin/env bash
# The reference server's suites (server/tests) against SQLite and against a throwaway
# PostgreSQL cluster: initdb on a temporary directory, served on a Unix socket only (no TCP
# port), removed on exit. Installs the Debian package when no PostgreSQL is found.
# Usage: scripts/test-server.sh [extra cargo test args]
#        scripts/test-server.sh --load   the load benchmark (server/benches/load.rs) against
#                                        that cluster instead (BRIDGE_LOAD_TABLES, _WAVE apply)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y -qq postgresql >/dev/null
  else
    sudo apt-get install -y -qq postgresql >/dev/null
  fi
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi

# initdb refuses to run as root: the cluster then belongs to the `postgres` user (made by the
# Debian package) or `nobody`.
as=()
if [ "$(id -u)" = 0 ]; then
  user=postgres
  id "$user" >/dev/null 2>&1 || user=nobody
  as=(runuser -u "$user" --)
fi
dir=$(mktemp -d /tmp/bridge-pg.XXXXXX)
chmod 755 "$dir"
[ ${#as[@]} -gt 0 ] && chown "${as[2]}" "$dir"
cleanup() {
  "${as[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || :
  rm -rf "$dir"
}
trap cleanup EXIT

"${as[@]}" "$pgbin/initdb" -D "$dir/data" -U bridge --auth=trust -E UTF8 >/dev/null
"${as[@]}" "$pgbin/pg_ctl" -D "$dir/data" -w -l "$dir/log" \
  -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=on" start >/dev/null
"${as[@]}" "$pgbin/createdb" -h "$dir" -U bridge bridge_test

export BRIDGE_TEST_PG_URL="postgres://bridge@localhost/bridge_test?host=$dir"
echo "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on $dir (socket); SQLite embedded"
if [ "${1:-}" = "--load" ]; then
  shift
  BRIDGE_LOAD_DB="$BRIDGE_TEST_PG_URL" cargo bench -p bridge-server --bench load "$@"
else
  # The PostgreSQL-only suites (server/tests/failover.rs: many processes by lease) are
  # `#[ignore]`d, so a plain `cargo test` reports them as ignored; here they run.
  case " $* " in
    *" -- "*) cargo test -p bridge-server --quiet "$@" --include-ignored ;;
    *) cargo test -p bridge-server --quiet "$@" -- --include-ignored ;;
  esac
fi
