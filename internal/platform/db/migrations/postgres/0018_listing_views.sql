-- A listing's view count moves out of its wide row into a narrow one of
-- its own. Every get counts a view: as a column of marketplace_listings
-- (17 indexes, a full-text GIN index among them, and an index on the
-- count itself) each view made a new version of the whole row and a new
-- entry in every index. Here a view rewrites a three-column row and its
-- two small indexes, which stay in the buffer pool.
--
-- is_public is a copy of the listing's, kept in the same transactions, so
-- that a view can check visibility without touching the listing row, and
-- the popular sort walks one index (public, views) as before.
CREATE TABLE marketplace_listing_views (
    seq       BIGINT PRIMARY KEY REFERENCES marketplace_listings (seq) ON DELETE CASCADE,
    is_public BOOLEAN NOT NULL,
    views     BIGINT NOT NULL DEFAULT 0
);
INSERT INTO marketplace_listing_views (seq, is_public, views)
    SELECT seq, is_public, view_count FROM marketplace_listings;
CREATE INDEX marketplace_listing_views_pub ON marketplace_listing_views (is_public, views, seq);
DROP INDEX marketplace_listings_pub_views;
ALTER TABLE marketplace_listings DROP COLUMN view_count;
