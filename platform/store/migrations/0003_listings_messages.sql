-- Listings ("announcements"), per site.
CREATE TABLE listings (
    id TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_name TEXT NOT NULL,
    description TEXT NOT NULL,
    price_amount TEXT NOT NULL,
    price_currency TEXT NOT NULL,
    duration_days INTEGER NOT NULL,
    location TEXT NOT NULL,
    search_text TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX listings_site_created ON listings (site, created_at);
CREATE INDEX listings_owner_created ON listings (site, owner_id, created_at);

CREATE TABLE listing_images (
    id TEXT PRIMARY KEY,
    listing_id TEXT NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    site TEXT NOT NULL,
    blob_key TEXT NOT NULL,
    thumb_key TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX listing_images_listing ON listing_images (listing_id, created_at);

-- Conversations between two users (user_a < user_b), optionally about a
-- listing ('' when not).
CREATE TABLE conversations (
    id TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    user_a TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_b TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing_id TEXT NOT NULL,
    last_message_id TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX conversations_pair ON conversations (site, user_a, user_b, listing_id);
CREATE INDEX conversations_a ON conversations (site, user_a, updated_at);
CREATE INDEX conversations_b ON conversations (site, user_b, updated_at);

CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    read_at TIMESTAMP
);
CREATE INDEX messages_conversation ON messages (conversation_id, created_at);
