-- Contact form submissions, per site.
CREATE TABLE contact_messages (
    id TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX contact_messages_site_created ON contact_messages (site, created_at);

-- Outgoing e-mail. Rows are written in the same transaction as the change
-- that causes them and removed from the queue only once delivered, so no
-- message is lost when the process stops or SMTP is down.
CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    site TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    next_attempt_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP
);
CREATE INDEX outbox_pending ON outbox (sent_at, next_attempt_at);
