-- The listings each catalog write touched, by the catalog version it moved
-- to: every process keeps its in-memory search index current by reading
-- the rows after the version it has seen (seq -1 means "rebuild all").
-- Rows far behind the current version are pruned by the writes.
CREATE TABLE marketplace_changes (
    version BIGINT NOT NULL,
    seq     BIGINT NOT NULL,
    PRIMARY KEY (version, seq)
);

-- The full-text index's terms, one row per (term, listing, column): the
-- search index of each process is built from the engine's own terms.
CREATE VIRTUAL TABLE marketplace_fts_vocab USING fts5vocab(marketplace_fts, 'instance');
