#!/usr/bin/env bash
# Runs one local Elasticsearch node for development and tests, without Docker.
#   scripts/elasticsearch.sh start|stop|status|url|pid
# When ELASTICSEARCH_URL is set, that cluster is used and nothing is started or stopped.
# The distribution is the integ-test-zip from Maven Central (fetched with mvn, cached in .cache/),
# which holds only the server core: the index definition is built to work on it as it is.
set -euo pipefail

ES_VERSION="${ES_VERSION:-9.5.4}"
ES_PORT="${ES_PORT:-9200}"
ES_HEAP="${ES_HEAP:-512m}"
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

install_hunspell() {
  # Stemming comes from hunspell (core), so the index needs no analysis-common plugin.
  local src=/usr/share/hunspell
  if [ ! -f "$src/en_US.dic" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      log "installing hunspell-en-us"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q hunspell-en-us >/dev/null 2>&1 \
        || { apt-get update -q >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q hunspell-en-us >/dev/null; }
    else
      log "the hunspell-en-us dictionary is missing: install Debian's hunspell-en-us"; exit 1
    fi
  fi
  mkdir -p "$home/config/hunspell/en_US"
  cp "$src/en_US.aff" "$src/en_US.dic" "$home/config/hunspell/en_US/"
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
  install_hunspell
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

with_lock() {
  # Two starts at once (npm start twice, a test run beside it) must not launch two nodes on one
  # port: the second waits for the first and then finds its node healthy.
  mkdir -p "$cache"
  exec 9>"$cache/.lock-$ES_PORT"
  flock -w 600 9 || { log "another start on port $ES_PORT holds the lock"; exit 1; }
  "$@"
}

case "${1:-}" in
  start) with_lock start ;;
  stop) with_lock stop ;;
  status) if healthy; then echo "up $url"; else echo "down $url"; exit 1; fi ;;
  pid) our_pid || { log "no node started by this script on port $ES_PORT"; exit 1; } ;;
  url) echo "${ELASTICSEARCH_URL:-$url}" ;;
  *) echo "usage: $0 start|stop|status|url|pid" >&2; exit 2 ;;
esac
