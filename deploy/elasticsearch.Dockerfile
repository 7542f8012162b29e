# Elasticsearch with the hunspell dictionary the index's stemming uses (Debian's hunspell-en-us),
# baked in at build time instead of installed with apt at every start.
FROM debian:bookworm-slim AS dictionary
RUN apt-get update -q && apt-get install -y -q --no-install-recommends hunspell-en-us && rm -rf /var/lib/apt/lists/*

FROM elasticsearch:9.5.4
COPY --from=dictionary /usr/share/hunspell/en_US.aff /usr/share/hunspell/en_US.dic /usr/share/elasticsearch/config/hunspell/en_US/
