#!/usr/bin/env bash
# Runs one local Elasticsearch node (or a cluster of several) for development and tests, without Docker.
#   scripts/elasticsearch.sh start|stop|status|url|pid [--nodes N]
#   scripts/elasticsearch.sh fetch   only fetch and unpack the distribution
#   scripts/elasticsearch.sh java    print the JDK the node would run on (ES_JAVA_HOME, JAVA_HOME, or
#                                    the newest JDK 21+ under /usr/lib/jvm, JLA_JVM_DIR in tests)
# With --nodes N (or ES_NODES=N), N nodes form one cluster on ports ES_PORT .. ES_PORT+N-1 (transport
# on each port + 100); `url` prints their URLs comma-separated, for ELASTICSEARCH_URL; `pid` prints
# "port pid" per running node; `start` starts the nodes that are not running (after a crash too).
# When ELASTICSEARCH_URL is set, that cluster is used and nothing is started or stopped.
# The distribution is the integ-test-zip from Maven Central (fetched with mvn, cached in .cache/),
# which holds only the server core: the index definition is built to work on it as it is.
set -euo pipefail

ES_VERSION="${ES_VERSION:-9.5.4}"
ES_PORT="${ES_PORT:-9200}"
ES_NODES="${ES_NODES:-1}"
if [ "${2:-}" = "--nodes" ] && [ -n "${3:-}" ]; then ES_NODES="$3"; fi
[[ "$ES_NODES" =~ ^[1-9]$ ]] || { echo "[elasticsearch] --nodes must be 1 to 9, got $ES_NODES" >&2; exit 2; }
# A lone node is a development convenience; a cluster's nodes get 2 GB each: three of them take a
# quarter of a 24 GB machine and leave the rest to the page cache, which serves the index files.
if [ "$ES_NODES" -gt 1 ]; then ES_HEAP="${ES_HEAP:-2g}"; else ES_HEAP="${ES_HEAP:-512m}"; fi
ES_USER="${ES_USER:-jla-es}"
ES_WAIT_SECONDS="${ES_WAIT_SECONDS:-120}"
JVM_DIR="${JLA_JVM_DIR:-/usr/lib/jvm}"
# The system users a run as root created, one a line: `npm run clean:system` removes only these.
CREATED_USERS_FILE="${JLA_CREATED_USERS_FILE:-/var/tmp/jla-created-users}"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="$root/.cache/elasticsearch"   # the downloaded zip and the start locks: read by this script only
if [ "$(id -u)" = 0 ]; then
  # The node runs as $ES_USER, who cannot enter a clone in a private directory (mktemp -d, /root):
  # its files live in a directory of their own outside the clone. The distribution is shared by
  # every clone; each clone's nodes keep their data apart, under a name taken from its path.
  nodes="${ES_NODE_DIR:-/var/tmp/jla-elasticsearch}"
  runs="$nodes/$(printf '%s' "$root" | sha256sum | cut -c1-12)"
else
  nodes="$cache"
  runs="$cache"
fi
home="$nodes/elasticsearch-$ES_VERSION"
run="$runs/run-$ES_PORT"             # data, logs and pid file of the node on this port
pidfile="$run/es.pid"
url="http://127.0.0.1:$ES_PORT"

log() { echo "[elasticsearch] $*" >&2; }

# Ctrl-C ends this script once the command in progress returns (a launch under way completes, and
# the node, in a session of its own, keeps running), instead of bash carrying on after a child
# that handled the signal itself.
trap 'exit 130' INT

# --- progress ----------------------------------------------------------------------------------
# On a terminal a step's line is rewritten in place each second (carriage returns only, no escape
# codes); anywhere else (a CI log, a pipe) a plain line comes every ES_PROGRESS_EVERY seconds.
PROGRESS_EVERY="${ES_PROGRESS_EVERY:-5}"

step_begin() {
  if [ -t 2 ]; then printf '[elasticsearch] %s ... ' "$1" >&2; else log "$1 ..."; fi
}

step_tick() {
  local what="$1" elapsed="$2"
  if [ -t 2 ]; then printf '\r[elasticsearch] %s ... %ss ' "$what" "$elapsed" >&2
  elif [ "$elapsed" -gt 0 ] && [ $((elapsed % PROGRESS_EVERY)) = 0 ]; then log "$what ... ${elapsed}s"; fi
}

step_end() {
  if [ -t 2 ]; then printf '\r[elasticsearch] %s ... %s   \n' "$1" "$2" >&2; else log "$1 ... $2"; fi
}

# Runs a command with its output in a file, telling the elapsed seconds meanwhile; on failure the
# file's last lines are shown, stripped of any escape codes the command wrote.
run_step() {
  local what="$1" out="$2"; shift 2
  local started; started="$(date +%s)"
  step_begin "$what"
  (
    # Ends with this script even when it is killed: nothing else would stop it.
    while sleep 1; do
      kill -0 "$$" 2>/dev/null || exit 0
      step_tick "$what" $(($(date +%s) - started))
    done
  ) &
  local ticker=$! status=0
  # A subshell, so a trap that runs when it returns (SIGTERM) writes to this script's stderr.
  ( "$@" ) >"$out" 2>&1 || status=$?
  kill "$ticker" 2>/dev/null || true
  wait "$ticker" 2>/dev/null || true
  local took=$(($(date +%s) - started))
  if [ "$status" = 0 ]; then step_end "$what" "done in ${took}s"; return 0; fi
  step_end "$what" "failed after ${took}s (exit $status); the end of $out:"
  tail -n 20 "$out" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' >&2
  return "$status"
}

healthy() {
  curl -fsS --max-time 2 "$url/_cluster/health" >/dev/null 2>&1
}

our_pid() {
  [ -f "$pidfile" ] || return 1
  local pid; pid="$(cat "$pidfile")"
  kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# --- Java --------------------------------------------------------------------------------------
# The version a JDK says it is (25.0.3, 21.0.5, 17.0.15, 1.8.0_402): its release file's
# JAVA_VERSION, else the first line of `java -version`; nothing when it has no runnable java.
java_version() {
  local jdk="$1" version=""
  [ -x "$jdk/bin/java" ] || return 0
  if [ -f "$jdk/release" ]; then version="$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$jdk/release" | head -n 1)"; fi
  if [ -z "$version" ]; then version="$("$jdk/bin/java" -version 2>&1 | sed -n 's/.* version "\([^"]*\)".*/\1/p' | head -n 1)"; fi
  echo "$version"
}

# 25.0.3 -> 25, 21-ea -> 21, 1.8.0_402 -> 8 (Java 8 and older call themselves 1.x); 0 when unknown.
java_major() {
  local version="${1#1.}"
  version="${version%%[!0-9]*}"
  echo "${version:-0}"
}

describe_jdk() {
  if [ ! -x "$1/bin/java" ]; then echo "no bin/java"; elif [ -z "$2" ]; then echo "version unknown"; else echo "Java $2"; fi
}

# Elasticsearch 9 needs Java 21+. ES_JAVA_HOME is taken as it is (refused when older); JAVA_HOME
# when it is new enough (it often names an older JDK for other tools); else the newest JDK 21+ in
# $JVM_DIR (Temurin, Debian's java-21-openjdk-*, any folder with bin/java). Prints its home.
find_java() {
  local jdk version rejected=() best="" best_version="" seen=" " found=0
  if [ -n "${ES_JAVA_HOME:-}" ]; then
    version="$(java_version "$ES_JAVA_HOME")"
    if [ "$(java_major "$version")" -ge 21 ]; then echo "$ES_JAVA_HOME"; return; fi
    log "ES_JAVA_HOME=$ES_JAVA_HOME: $(describe_jdk "$ES_JAVA_HOME" "$version"); Elasticsearch $ES_VERSION needs Java 21 or newer"
    exit 1
  fi
  if [ -n "${JAVA_HOME:-}" ]; then
    version="$(java_version "$JAVA_HOME")"
    if [ "$(java_major "$version")" -ge 21 ]; then echo "$JAVA_HOME"; return; fi
    rejected+=("JAVA_HOME=$JAVA_HOME: $(describe_jdk "$JAVA_HOME" "$version")")
  fi
  for jdk in "$JVM_DIR"/*/; do
    jdk="${jdk%/}"
    [ -x "$jdk/bin/java" ] || continue
    # Debian's java-1.17.0-openjdk-amd64 links to java-17-openjdk-amd64: one JDK, looked at once.
    local real; real="$(readlink -f "$jdk")"
    case "$seen" in *" $real "*) continue ;; esac
    seen="$seen$real "
    found=$((found + 1))
    version="$(java_version "$jdk")"
    if [ "$(java_major "$version")" -lt 21 ]; then rejected+=("$jdk: $(describe_jdk "$jdk" "$version")"); continue; fi
    if [ -z "$best" ] || [ "$(printf '%s\n%s\n' "$best_version" "$version" | sort -V | tail -n 1)" != "$best_version" ]; then
      best="$jdk"; best_version="$version"
    fi
  done
  if [ -n "$best" ]; then echo "$best"; return; fi
  log "no Java 21+ found; Elasticsearch $ES_VERSION needs Java 21 or newer. Looked at:"
  if [ -z "${JAVA_HOME:-}" ]; then log "  JAVA_HOME: unset"; fi
  for jdk in "${rejected[@]}"; do log "  $jdk"; done
  if [ "$found" = 0 ]; then log "  $JVM_DIR: no JDK there (no folder with bin/java)"; fi
  log "install one (Debian: openjdk-21-jdk-headless or newer; or a Temurin 21+) or set ES_JAVA_HOME to its home"
  exit 1
}

fetch() {
  [ -x "$home/bin/elasticsearch" ] && return
  command -v mvn >/dev/null || { log "mvn is needed to fetch Elasticsearch"; exit 1; }
  mkdir -p "$cache"
  # -B and style.color=never keep colours out of its output; jansi.noreset stops the reset codes
  # Maven's console library writes even then. The output goes to a file, shown only on failure.
  MAVEN_OPTS="${MAVEN_OPTS:-} -Djansi.noreset=true" run_step "fetching Elasticsearch $ES_VERSION with mvn" "$cache/fetch-$ES_VERSION.log" \
    mvn -B -q -Dstyle.color=never org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy \
      -Dartifact="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip" \
      -DoutputDirectory="$cache" -Dmdep.overWriteIfNewer=true
  # Unpacked beside its final place and moved there in one step: another clone may be unpacking too.
  local unpacking="$home.tmp.$$"
  mkdir -p "$unpacking" && chmod 755 "$nodes" "$unpacking"
  run_step "unpacking it into $nodes" "$cache/fetch-$ES_VERSION.log" unzip -q "$cache/elasticsearch-$ES_VERSION.zip" -d "$unpacking"
  [ -x "$home/bin/elasticsearch" ] || mv "$unpacking/elasticsearch-$ES_VERSION" "$home"
  rm -rf "$unpacking" "$cache/elasticsearch-$ES_VERSION.zip" "$cache/fetch-$ES_VERSION.log"
}

# Records a system user this project created, so `npm run clean:system` may remove it (and never
# one that existed before).
record_created_user() {
  mkdir -p "$(dirname "$CREATED_USERS_FILE")"
  grep -qxF "$1" "$CREATED_USERS_FILE" 2>/dev/null || echo "$1" >>"$CREATED_USERS_FILE"
  chmod 644 "$CREATED_USERS_FILE"
}

# Launches the node in a session of its own (setsid): a terminal's Ctrl-C, sent to the whole
# foreground process group (npm, npm start, its worker), never reaches it, so it outlives the API as
# documented. It gets neither the start lock (fd 9), which would stay held as long as it runs, nor
# the report fd, whose reader waits for every writer to end.
run_as() {
  local launch=()
  if command -v setsid >/dev/null; then launch=(setsid -w); fi
  if [ "$(id -u)" = 0 ]; then
    # Elasticsearch refuses to run as root.
    if ! id -u "$ES_USER" >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin "$ES_USER"
      record_created_user "$ES_USER"
    fi
    chown -R "$ES_USER" "$home" "$run"
    launch+=(setpriv --reuid="$ES_USER" --regid="$(id -g "$ES_USER")" --init-groups --)
  fi
  if [ -n "${ES_LAUNCH_REPORT_FD:-}" ]; then
    "${launch[@]}" "$@" 9>&- {ES_LAUNCH_REPORT_FD}>&-
  else
    "${launch[@]}" "$@" 9>&-
  fi
}

start() {
  if [ -n "${ELASTICSEARCH_URL:-}" ]; then log "using $ELASTICSEARCH_URL"; return; fi
  if our_pid >/dev/null && healthy; then log "already running at $url (pid $(cat "$pidfile"))"; echo "$url"; return; fi
  if healthy; then log "a node not started by this script answers at $url; using it"; echo "$url"; return; fi
  local began; began="$(date +%s)"
  fetch
  mkdir -p "$runs" && chmod 755 "$runs"   # the node's user must pass through it, whatever the umask
  mkdir -p "$run/data" "$run/logs"
  local java; java="$(find_java)"
  # A SIGTERM from here on (npm start passing its own on) must not leave behind a node this start
  # launched: bash runs the trap once the command in progress returns, so a launch under way
  # completes and its node is then stopped.
  trap 'log "SIGTERM: stopping the node this start launched"; stop; exit 143' TERM
  log "Elasticsearch $ES_VERSION on $url: heap $ES_HEAP, Java $(java_version "$java") from $java, logs in $run/logs"
  run_step "launching the node" "$run/logs/startup.out" \
    run_as env ES_JAVA_HOME="$java" ES_JAVA_OPTS="-Xms$ES_HEAP -Xmx$ES_HEAP" \
      "$home/bin/elasticsearch" -d -p "$pidfile" \
        -E "cluster.name=jla-local-$ES_PORT" -E "node.name=jla-$ES_PORT" \
        -E discovery.type=single-node -E xpack.security.enabled=false \
        -E http.host=127.0.0.1 -E "http.port=$ES_PORT" -E transport.port=0 \
        -E "path.data=$run/data" -E "path.logs=$run/logs" \
        -E cluster.routing.allocation.disk.threshold_enabled=false \
        -E action.destructive_requires_name=false \
    || exit 1
  # Whoever asked for the report (npm start) now owns this node: its SIGTERM stops it.
  if [ -n "${ES_LAUNCH_REPORT_FD:-}" ]; then echo "launched $(cat "$pidfile")" >&"$ES_LAUNCH_REPORT_FD"; fi
  local step="waiting for it to answer" waited=0
  step_begin "$step"
  until healthy; do
    if [ "$waited" -ge "$ES_WAIT_SECONDS" ] || ! our_pid >/dev/null; then
      step_end "$step" "no answer after ${waited}s; logs: $run/logs (startup output: $run/logs/startup.out)"
      tail -n 20 "$run/logs/"*.log 2>/dev/null >&2 || true
      exit 1
    fi
    sleep 1; waited=$((waited + 1))
    step_tick "$step" "$waited"
  done
  curl -fsS --max-time 30 "$url/_cluster/health?wait_for_status=yellow&timeout=30s" >/dev/null
  step_end "$step" "answered after ${waited}s"
  log "ready at $url after $(($(date +%s) - began))s"
  echo "$url"
}

stop() {
  if [ -n "${ELASTICSEARCH_URL:-}" ]; then return; fi
  local pid
  if ! pid="$(our_pid)"; then log "no node started by this script on port $ES_PORT"; rm -f "$pidfile"; return; fi
  kill "$pid"
  for _ in $(seq 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
  rm -f "$pidfile"
  log "stopped (pid $pid)"
}

# --- a cluster of ES_NODES nodes on ES_PORT .. ES_PORT+ES_NODES-1 ---------------------------------
cluster_ports() { seq "$ES_PORT" $((ES_PORT + ES_NODES - 1)); }
cluster_urls() { cluster_ports | sed 's|^|http://127.0.0.1:|' | paste -sd, -; }
# Each node keeps its data apart from the lone node of the same port (another cluster's data).
node_dir() { echo "$runs/cluster-$ES_PORT/node-$1"; }
node_pid() {
  local file; file="$(node_dir "$1")/es.pid"
  [ -f "$file" ] || return 1
  local pid; pid="$(cat "$file")"
  kill -0 "$pid" 2>/dev/null && echo "$pid"
}

launch_node() {
  local port="$1" java="$2" dir; dir="$(node_dir "$port")"
  local seeds="" masters="" p
  for p in $(cluster_ports); do seeds="$seeds${seeds:+,}127.0.0.1:$((p + 100))"; masters="$masters${masters:+,}jla-$p"; done
  mkdir -p "$dir/data" "$dir/logs" && chmod 755 "$runs" "$runs/cluster-$ES_PORT"
  rm -f "$dir/es.pid"   # left behind by a node that was killed
  run="$dir"   # run_as hands this directory to the node's user
  run_as env ES_JAVA_HOME="$java" ES_JAVA_OPTS="-Xms$ES_HEAP -Xmx$ES_HEAP" \
    "$home/bin/elasticsearch" -d -p "$dir/es.pid" \
      -E "cluster.name=jla-local-cluster-$ES_PORT" -E "node.name=jla-$port" \
      -E "discovery.seed_hosts=$seeds" -E "cluster.initial_master_nodes=$masters" \
      -E xpack.security.enabled=false \
      -E http.host=127.0.0.1 -E "http.port=$port" -E transport.host=127.0.0.1 -E "transport.port=$((port + 100))" \
      -E "path.data=$dir/data" -E "path.logs=$dir/logs" \
      -E cluster.routing.allocation.disk.threshold_enabled=false \
      -E action.destructive_requires_name=false >"$dir/logs/startup.out" 2>&1 \
    || { log "node $port failed to launch; see $dir/logs/startup.out"; tail -n 20 "$dir/logs/startup.out" >&2; return 1; }
}

cluster_health() {
  local port
  for port in $(cluster_ports); do
    curl -fsS --max-time 2 "http://127.0.0.1:$port/_cluster/health?wait_for_nodes=$ES_NODES&timeout=1s" 2>/dev/null && return 0
  done
  return 1
}

start_cluster() {
  if [ -n "${ELASTICSEARCH_URL:-}" ]; then log "using $ELASTICSEARCH_URL"; return; fi
  fetch
  mkdir -p "$runs" && chmod 755 "$runs"
  local java; java="$(find_java)"
  local port launched=()
  for port in $(cluster_ports); do
    if node_pid "$port" >/dev/null; then continue; fi
    # Any HTTP answer, an error status included (no -f), means the port is someone else's.
    if curl -sS --max-time 2 "http://127.0.0.1:$port/" >/dev/null 2>&1; then
      log "port $port is taken by something this script did not start"; exit 1
    fi
    launched+=("$port")
  done
  if [ "${#launched[@]}" -gt 0 ]; then
    log "starting nodes ${launched[*]} of a $ES_NODES-node cluster (heap $ES_HEAP each, files in $runs/cluster-$ES_PORT)"
    # In parallel: a node's start waits for the cluster to form, which needs a majority of them.
    local pids=()
    for port in "${launched[@]}"; do launch_node "$port" "$java" & pids+=("$!"); done
    for port in "${pids[@]}"; do wait "$port" || exit 1; done
  fi
  local waited=0 health="" step="waiting for the $ES_NODES-node cluster to form"
  step_begin "$step"
  until health="$(cluster_health)" && [[ "$health" =~ \"timed_out\":false ]] && [[ ! "$health" =~ \"status\":\"red\" ]]; do
    if [ "$waited" -ge "$ES_WAIT_SECONDS" ]; then
      step_end "$step" "not formed after ${waited}s; logs in $runs/cluster-$ES_PORT/node-*/logs"; exit 1
    fi
    sleep 1; waited=$((waited + 1))
    step_tick "$step" "$waited"
  done
  step_end "$step" "ready after ${waited}s"
  cluster_urls
}

stop_cluster() {
  if [ -n "${ELASTICSEARCH_URL:-}" ]; then return; fi
  local port pid pids=()
  for port in $(cluster_ports); do
    if pid="$(node_pid "$port")"; then kill "$pid"; pids+=("$pid"); fi
  done
  for _ in $(seq 60); do
    local alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break; sleep 0.5
  done
  for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && kill -9 "$pid"; done
  for port in $(cluster_ports); do rm -f "$(node_dir "$port")/es.pid"; done
  log "stopped ${#pids[@]} node(s) of the cluster on ports $(cluster_ports | paste -sd' ' -)"
}

cluster_pids() {
  local port pid found=1
  for port in $(cluster_ports); do
    if pid="$(node_pid "$port")"; then echo "$port $pid"; found=0; fi
  done
  return "$found"
}

with_lock() {
  # Two starts at once (npm start twice, a test run beside it) must not launch two nodes on one
  # port: the second waits for the first and then finds its node healthy.
  mkdir -p "$cache"
  exec 9>"$cache/.lock-$ES_PORT"
  flock -w 600 9 || { log "another start on port $ES_PORT holds the lock"; exit 1; }
  "$@"
}

if [ "$ES_NODES" -gt 1 ]; then
  case "${1:-}" in
    start) with_lock start_cluster ;;
    stop) with_lock stop_cluster ;;
    status) if health="$(cluster_health)"; then echo "up $(cluster_urls) $health"; else echo "down $(cluster_urls)"; exit 1; fi ;;
    pid) cluster_pids || { log "no node of the cluster on port $ES_PORT is running"; exit 1; } ;;
    url) echo "${ELASTICSEARCH_URL:-$(cluster_urls)}" ;;
    *) echo "usage: $0 start|stop|status|url|pid [--nodes N]" >&2; exit 2 ;;
  esac
  exit
fi

case "${1:-}" in
  start) with_lock start ;;
  fetch) with_lock fetch ;;
  java) jdk="$(find_java)"; echo "$jdk (Java $(java_version "$jdk"))" ;;
  stop) with_lock stop ;;
  status) if healthy; then echo "up $url"; else echo "down $url"; exit 1; fi ;;
  pid) our_pid || { log "no node started by this script on port $ES_PORT"; exit 1; } ;;
  url) echo "${ELASTICSEARCH_URL:-$url}" ;;
  *) echo "usage: $0 start|stop|status|url|pid|fetch|java" >&2; exit 2 ;;
esac
