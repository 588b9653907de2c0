-- Views are committed as an append to a small log of (seq, n) rows, one a
-- listing a flush, and folded into marketplace_listing_views every few
-- seconds (and before a popular page or a counter rebuild). A flush then
-- writes a few pages at the log's end instead of a random page of the
-- count table and two of its (is_public, views) index a view; the fold
-- writes each page once for all the views it holds. Every read of a view
-- count adds the log's rows of that listing (the seq index).
--
-- No foreign key: the rows of a deleted listing are dropped by the fold,
-- which joins the count table, and by every read, which does too.
CREATE TABLE marketplace_view_log (
    id  INTEGER PRIMARY KEY,
    seq INTEGER NOT NULL,
    n   INTEGER NOT NULL
);
CREATE INDEX marketplace_view_log_seq ON marketplace_view_log (seq, n);
