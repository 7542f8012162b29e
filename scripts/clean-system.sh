#!/usr/bin/env bash
# Removes what this clone's runs as root left outside the clone:
#   npm run clean:system            prints what it would do (nothing is changed)
#   npm run clean:system -- --yes   does it
# - stops the Elasticsearch nodes and the embedded PostgreSQL this clone runs (their pid files);
# - deletes this clone's node data and logs ($ES_NODE_DIR/<hash of the clone's path>, default
#   /var/tmp/jla-elasticsearch/...) and embedded PostgreSQL files (/var/tmp/jla-postgres/<hash>),
#   password file included;
# - when no other clone's files remain beside them: the shared Elasticsearch distribution and
#   PostgreSQL programs, and the system users (jla-es, jla-postgres) that the record
#   /var/tmp/jla-created-users says this project created. A user that existed before (or was made
#   before the record existed) is named and kept.
# JLA_STATE_DIR (default /var/tmp) moves the whole state, for tests.
set -euo pipefail

yes=""
case "${1:-}" in
  --yes|-y) yes=1 ;;
  "") ;;
  *) echo "usage: $0 [--yes]" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
hash="$(printf '%s' "$root" | sha256sum | cut -c1-12)"
state="${JLA_STATE_DIR:-/var/tmp}"
es_dir="${ES_NODE_DIR:-$state/jla-elasticsearch}"
pg_dir="$state/jla-postgres"
users_file="${JLA_CREATED_USERS_FILE:-$state/jla-created-users}"
known_users=("${ES_USER:-jla-es}" jla-postgres)

say() { echo "[clean:system] $*"; }
# In a dry run, says what would be done; with --yes, does it.
act() {
  local what="$1"; shift
  if [ -n "$yes" ]; then say "$what"; "$@"; else say "would: $what"; fi
}

program_of() { cat "/proc/$1/comm" 2>/dev/null || ps -o comm= -p "$1" 2>/dev/null || true; }

# Stops the process a pid file names, only when it still runs the expected program (a pid file
# left by a reboot may name an unrelated process by now).
stop_pid() {
  local file="$1" program="$2" signal="$3" pid
  pid="$(head -n 1 "$file" 2>/dev/null | tr -dc 0-9)"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  [ "$(program_of "$pid")" = "$program" ] || return 0
  stopped_pids+=("$pid")
  act "stop $program (pid $pid, $file)" stop_and_wait "$pid" "$signal"
}

stop_and_wait() {
  local pid="$1" signal="$2"
  kill -s "$signal" "$pid" 2>/dev/null || return 0
  for _ in $(seq 60); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.5; done
  kill -s KILL "$pid" 2>/dev/null || true
}

stopped_pids=()

# The user's processes other than the servers (and their children) this run stops: a dry run
# must say what the real one would find.
other_processes_of() {
  local pid ppid
  while read -r pid ppid; do
    case " ${stopped_pids[*]} " in *" $pid "*|*" $ppid "*) continue ;; esac
    echo "$pid"
  done < <(ps -o pid=,ppid= -u "$1" 2>/dev/null || true)
}

stop_servers_in() {
  local dir="$1" file
  [ -d "$dir" ] || return 0
  while IFS= read -r file; do stop_pid "$file" java TERM; done < <(find "$dir" -name es.pid 2>/dev/null)
  # PostgreSQL's fast shutdown: SIGINT.
  while IFS= read -r file; do stop_pid "$file" postgres INT; done < <(find "$dir" -name postmaster.pid 2>/dev/null)
}

# Other clones' folders (12 hex digits) beside ours: the shared parts are theirs too.
other_clones() {
  local dir="$1"
  [ -d "$dir" ] || return 0
  find "$dir" -mindepth 1 -maxdepth 1 -type d -regextype posix-extended -regex '.*/[0-9a-f]{12}' ! -name "$hash" 2>/dev/null
}

remove() {
  [ -e "$1" ] || return 0
  act "remove $1${2:+ ($2)}" rm -rf "$1"
}

# The record counts only when root wrote it: /var/tmp is writable by every user, and a name in a
# file someone else planted must never lead to a userdel.
recorded_users() {
  [ -f "$users_file" ] || return 0
  if [ "$(stat -c %u "$users_file")" != 0 ] || [ -n "$(find "$users_file" -perm /022)" ]; then
    say "ignoring $users_file: not owned by root, or writable by others"; return 0
  fi
  grep -E '^jla-[a-z0-9-]+$' "$users_file" || true
}

forget_user() {
  local rest; rest="$(grep -vxF "$1" "$users_file" || true)"
  if [ -z "$rest" ]; then rm -f "$users_file"; else printf '%s\n' "$rest" >"$users_file"; fi
}

delete_user() {
  userdel "$1"
  forget_user "$1"
}

if [ "$(id -u)" != 0 ]; then
  say "only a run as root creates system users and /var/tmp state; run this as root (nothing to do as $(id -un))"
  exit 0
fi
[ -n "$yes" ] || say "dry run: nothing is changed; add --yes to do it"

# 1. This clone's servers, wherever their files are.
stop_servers_in "$es_dir/$hash"
stop_servers_in "$pg_dir/$hash"
stop_servers_in "$root/.cache/elasticsearch"
stop_servers_in "$root/.cache/postgres"

# 2. This clone's files outside the clone.
remove "$es_dir/$hash" "this clone's Elasticsearch data and logs"
remove "$pg_dir/$hash" "this clone's embedded PostgreSQL: data, password, log"

# 3. What the clones share, once no other clone uses it.
others="$( (other_clones "$es_dir"; other_clones "$pg_dir") | sort -u)"
if [ -n "$others" ]; then
  say "kept: the shared distribution, programs and users; other clones' files remain:"
  printf '  %s\n' $others
else
  for dir in "$es_dir"/elasticsearch-*; do remove "$dir" "the Elasticsearch distribution"; done
  for dir in "$pg_dir"/postgres-*; do remove "$dir" "the embedded PostgreSQL's programs"; done
  for dir in "$es_dir" "$pg_dir"; do
    if [ -d "$dir" ] && [ -z "$(ls -A "$dir" | grep -v -e '^elasticsearch-' -e '^postgres-' -e "^$hash\$" || true)" ]; then remove "$dir"; fi
  done
  recorded="$(recorded_users)"
  for user in $recorded; do
    if ! id -u "$user" >/dev/null 2>&1; then
      act "forget $user (no longer exists)" forget_user "$user"
      continue
    fi
    running="$(other_processes_of "$user" | paste -sd' ' -)"
    if [ -n "$running" ]; then
      say "kept: user $user, which runs processes this command did not start: $running"
      continue
    fi
    # Files of the clone's own cache owned by the user would outlive it under a bare uid, which a
    # user made again later would not own: the embedded PostgreSQL would refuse that data.
    for dir in "$root/.cache/postgres"; do
      if [ -e "$dir/data" ] && [ "$(stat -c %U "$dir/data")" = "$user" ]; then remove "$dir" "owned by $user"; fi
    done
    act "delete system user $user (created by this project)" delete_user "$user"
  done
  for user in "${known_users[@]}"; do
    if id -u "$user" >/dev/null 2>&1 && ! grep -qxF "$user" <<<"$recorded"; then
      say "kept: user $user exists, but no record says this project created it (made by hand, or by a version before the record); \`userdel $user\` removes it"
    fi
  done
fi
[ -n "$yes" ] || say "dry run done; \`npm run clean:system -- --yes\` does the above"
