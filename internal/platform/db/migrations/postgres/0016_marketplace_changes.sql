-- The listings each catalog write touched, by the catalog version it moved
-- to: every process keeps its in-memory search index current by reading
-- the rows after the version it has seen (seq -1 means "rebuild all").
-- Rows far behind the current version are pruned by the writes.
CREATE TABLE marketplace_changes (
    version BIGINT NOT NULL,
    seq     BIGINT NOT NULL,
    PRIMARY KEY (version, seq)
);
