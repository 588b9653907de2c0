-- Marketplace community: reviews (one per user per listing; the listing's
-- rating, rating_sum and rating_count are kept in the same transaction),
-- favorites, collections of listings, and submissions of genies for review.
CREATE TABLE marketplace_reviews (
    id                TEXT PRIMARY KEY,
    listing_id        TEXT NOT NULL REFERENCES marketplace_listings (id) ON DELETE CASCADE,
    user_id           TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating            INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    review_text       TEXT NOT NULL DEFAULT '',
    is_verified_clone BOOLEAN NOT NULL DEFAULT FALSE,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL,
    UNIQUE (listing_id, user_id)
);
CREATE INDEX marketplace_reviews_listing_new ON marketplace_reviews (listing_id, created_at);
CREATE INDEX marketplace_reviews_user ON marketplace_reviews (user_id);

CREATE TABLE marketplace_favorites (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing_id TEXT NOT NULL REFERENCES marketplace_listings (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (user_id, listing_id)
);
CREATE INDEX marketplace_favorites_user_new ON marketplace_favorites (user_id, created_at);
CREATE INDEX marketplace_favorites_listing ON marketplace_favorites (listing_id);

CREATE TABLE marketplace_collections (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    is_public   BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
CREATE INDEX marketplace_collections_user_new ON marketplace_collections (user_id, created_at);

CREATE TABLE marketplace_collection_genies (
    collection_id TEXT NOT NULL REFERENCES marketplace_collections (id) ON DELETE CASCADE,
    listing_id    TEXT NOT NULL REFERENCES marketplace_listings (id) ON DELETE CASCADE,
    added_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (collection_id, listing_id)
);
CREATE INDEX marketplace_collection_genies_listing ON marketplace_collection_genies (listing_id);

CREATE TABLE marketplace_submissions (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    agent_id        TEXT REFERENCES genies (id) ON DELETE SET NULL,
    submission_data TEXT NOT NULL DEFAULT '{}',
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'under_review')),
    admin_notes     TEXT,
    reviewed_by     TEXT REFERENCES users (id) ON DELETE SET NULL,
    reviewed_at     TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX marketplace_submissions_user_new ON marketplace_submissions (user_id, created_at);
CREATE INDEX marketplace_submissions_status_new ON marketplace_submissions (status, created_at);
CREATE INDEX marketplace_submissions_new ON marketplace_submissions (created_at);
CREATE INDEX marketplace_submissions_agent ON marketplace_submissions (agent_id);
