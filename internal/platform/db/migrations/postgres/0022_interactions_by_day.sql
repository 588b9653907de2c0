-- A listing's interactions of a day are keyed by (day, seq), in place of
-- (listing_id, day) with a second index on (day, listing_id): a flush of
-- views adds to the rows of one day, whose keys sit together in one
-- index, and needs no look-up of each listing's id; trending reads a
-- range of days, which is the key's order. (The SQLite migration of the
-- same number makes the same change.)
--
-- There is no foreign key (a cascade would scan the table for a seq):
-- deleting a listing deletes its rows of the days trending reads, and
-- older rows are history that nothing reads.
CREATE TABLE marketplace_interactions_new (
    day       INTEGER NOT NULL,
    seq       BIGINT NOT NULL,
    views     BIGINT NOT NULL DEFAULT 0,
    clones    BIGINT NOT NULL DEFAULT 0,
    reviews   BIGINT NOT NULL DEFAULT 0,
    favorites BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (day, seq)
);
INSERT INTO marketplace_interactions_new (day, seq, views, clones, reviews, favorites)
    SELECT i.day, l.seq, i.views, i.clones, i.reviews, i.favorites
    FROM marketplace_interactions i JOIN marketplace_listings l ON l.id = i.listing_id;
DROP TABLE marketplace_interactions;
ALTER TABLE marketplace_interactions_new RENAME TO marketplace_interactions;
ALTER INDEX marketplace_interactions_new_pkey RENAME TO marketplace_interactions_pkey;
