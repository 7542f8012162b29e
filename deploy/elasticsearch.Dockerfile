# Elasticsearch for compose and Kubernetes, at the version the client and scripts/elasticsearch.sh
# use. Since issue 16 the index needs nothing beyond the core analysis (no hunspell dictionary:
# words are indexed as written and query time handles their forms), so nothing is added here; the
# image stays the one place that pins the version and would take node-level files if ever needed.
FROM elasticsearch:9.5.4
