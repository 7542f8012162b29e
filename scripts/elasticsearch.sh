#!/usr/bin/env bash
# Runs one local Elasticsearch node (or a cluster of several) for development and tests, without Docker.
#   scripts/elasticsearch.sh start|stop|status|url|pid [--nodes N]
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

healthy() {
  curl -fsS --max-time 2 "$url/_cluster/health" >/dev/null 2>&1
}

our_pid() {
  [ -f "$pidfile" ] || return 1
  local pid; pid="$(cat "$pidfile")"
  kill -0 "$pid" 2>/dev/null && echo "$pid"
}

find_java() {
  if [ -n "${ES_JAVA_HOME:-}" ]; then echo "$ES_JAVA_HOME"; return; fi
  # ES 9 needs Java 21+; prefer the newest Temurin JDK the machine has.
  local jdk
  for jdk in $(ls -d /usr/lib/jvm/temurin-*-jdk* 2>/dev/null | sort -t- -k2 -n -r); do
    if [ -x "$jdk/bin/java" ]; then echo "$jdk"; return; fi
  done
  log "no Java 21+ found under /usr/lib/jvm; set ES_JAVA_HOME"; exit 1
}

fetch() {
  [ -x "$home/bin/elasticsearch" ] && return
  command -v mvn >/dev/null || { log "mvn is needed to fetch Elasticsearch"; exit 1; }
  log "fetching Elasticsearch $ES_VERSION with mvn"
  mkdir -p "$cache"
  mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy \
    -Dartifact="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip" \
    -DoutputDirectory="$cache" -Dmdep.overWriteIfNewer=true >&2
  # Unpacked beside its final place and moved there in one step: another clone may be unpacking too.
  local unpacking="$home.tmp.$$"
  mkdir -p "$unpacking" && chmod 755 "$nodes" "$unpacking"
  (cd "$unpacking" && unzip -q "$cache/elasticsearch-$ES_VERSION.zip")
  [ -x "$home/bin/elasticsearch" ] || mv "$unpacking/elasticsearch-$ES_VERSION" "$home"
  rm -rf "$unpacking" "$cache/elasticsearch-$ES_VERSION.zip"
}

run_as() {
  if [ "$(id -u)" = 0 ]; then
    # Elasticsearch refuses to run as root.
    id -u "$ES_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$ES_USER"
    chown -R "$ES_USER" "$home" "$run"
    setpriv --reuid="$ES_USER" --regid="$(id -g "$ES_USER")" --init-groups -- "$@"
  else
    "$@"
  fi
}

start() {
  if [ -n "${ELASTICSEARCH_URL:-}" ]; then log "using $ELASTICSEARCH_URL"; return; fi
  if our_pid >/dev/null && healthy; then log "already running at $url (pid $(cat "$pidfile"))"; echo "$url"; return; fi
  if healthy; then log "a node not started by this script answers at $url; using it"; echo "$url"; return; fi
  fetch
  mkdir -p "$runs" && chmod 755 "$runs"   # the node's user must pass through it, whatever the umask
  mkdir -p "$run/data" "$run/logs"
  local java; java="$(find_java)"
  log "starting Elasticsearch $ES_VERSION on $url (heap $ES_HEAP, logs in $run/logs)"
  run_as env ES_JAVA_HOME="$java" ES_JAVA_OPTS="-Xms$ES_HEAP -Xmx$ES_HEAP" \
    "$home/bin/elasticsearch" -d -p "$pidfile" \
      -E "cluster.name=jla-local-$ES_PORT" -E "node.name=jla-$ES_PORT" \
      -E discovery.type=single-node -E xpack.security.enabled=false \
      -E http.host=127.0.0.1 -E "http.port=$ES_PORT" -E transport.port=0 \
      -E "path.data=$run/data" -E "path.logs=$run/logs" \
      -E cluster.routing.allocation.disk.threshold_enabled=false \
      -E action.destructive_requires_name=false >"$run/logs/startup.out" 2>&1 \
    || { log "failed to launch; see $run/logs/startup.out"; tail -n 20 "$run/logs/startup.out" >&2; exit 1; }
  local waited=0
  until healthy; do
    if [ "$waited" -ge "$ES_WAIT_SECONDS" ] || ! our_pid >/dev/null; then
      log "did not become healthy within ${waited}s; logs: $run/logs (startup output: $run/logs/startup.out)"
      tail -n 20 "$run/logs/"*.log 2>/dev/null >&2 || true
      exit 1
    fi
    sleep 1; waited=$((waited + 1))
  done
  curl -fsS --max-time 30 "$url/_cluster/health?wait_for_status=yellow&timeout=30s" >/dev/null
  log "ready at $url after ${waited}s"
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
  local waited=0 health=""
  until health="$(cluster_health)" && [[ "$health" =~ \"timed_out\":false ]] && [[ ! "$health" =~ \"status\":\"red\" ]]; do
    if [ "$waited" -ge "$ES_WAIT_SECONDS" ]; then
      log "the cluster did not form within ${waited}s; logs in $runs/cluster-$ES_PORT/node-*/logs"; exit 1
    fi
    sleep 1; waited=$((waited + 1))
  done
  log "cluster of $ES_NODES nodes ready after ${waited}s"
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
  stop) with_lock stop ;;
  status) if healthy; then echo "up $url"; else echo "down $url"; exit 1; fi ;;
  pid) our_pid || { log "no node started by this script on port $ES_PORT"; exit 1; } ;;
  url) echo "${ELASTICSEARCH_URL:-$url}" ;;
  *) echo "usage: $0 start|stop|status|url|pid" >&2; exit 2 ;;
esac
