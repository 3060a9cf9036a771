-- Accounts, per site: the same e-mail may register on several sites.
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    email TEXT NOT NULL,
    display_name TEXT NOT NULL,
    password_hash TEXT NOT NULL DEFAULT '',
    google_subject TEXT,
    roles TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX users_site_email ON users (site, email);
CREATE UNIQUE INDEX users_site_google ON users (site, google_subject);

-- Bearer tokens, stored as SHA-256 hashes. A session has one access token
-- (JSON API) and one api token (media tokens, realtime channels).
CREATE TABLE auth_tokens (
    hash TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    site TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP
);
CREATE INDEX auth_tokens_session ON auth_tokens (session_id);
CREATE INDEX auth_tokens_user ON auth_tokens (user_id);

-- Single-use password reset tokens, stored as hashes.
CREATE TABLE password_resets (
    hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    site TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- Video call rooms and who may join them.
CREATE TABLE calls (
    room_name TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    caller_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    state TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE TABLE call_invitees (
    room_name TEXT NOT NULL REFERENCES calls (room_name) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    invited_at TIMESTAMP NOT NULL,
    PRIMARY KEY (room_name, user_id)
);
