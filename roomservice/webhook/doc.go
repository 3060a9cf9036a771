// Package webhook POSTs room, participant and track events to the
// operators' endpoints, in the form LiveKit's WebhookReceiver (every server
// SDK has one) validates.
//
// # Wire
//
// Body: the livekit.WebhookEvent as protojson (lowerCamel names), with
// id and createdAt set. Headers: Content-Type application/webhook+json,
// Authorization: a JWT (HS256, issuer = API key, valid 5 minutes) whose
// sha256 claim is the base64 SHA-256 of the exact body. Receivers verify
// the token with the key's secret, then compare the digest.
//
// # Order
//
// Each endpoint has a few workers, each with its own bounded queue. An
// event goes to the worker chosen by hashing its room name, so one room's
// events are delivered one after the other in the order the SFU reported
// them (room_started, participant_joined, track_published, ...), while a
// slow room does not hold up all the others. A worker finishes an event
// (delivered, or given up) before it starts the next one of its queue.
//
// # Retries
//
// A network error, a timeout, 408, 429 or 5xx is retried with exponential
// backoff (500 ms doubling to 30 s, 6 attempts by default); another 4xx is
// final. A failure is logged with the endpoint, the event and its id. When
// a queue is full the new event is dropped and logged rather than
// blocking the SFU, which calls Notify with its locks held. At shutdown
// queued events are delivered until the shutdown deadline.
//
// # Once per event across nodes
//
// Event ids are derived from what the event is about (event name, room
// sid and name, participant sid, track sid), not drawn at random, so every
// node that observes the same event names it alike. In one process each
// event is queued once per endpoint and delivered once. With several nodes
// sharing a Redis (redis.url), a worker first claims
// "souk:webhook:<endpoint hash>:<event id>" with SET NX (24 h expiry) and
// delivers only if it created the key; the loser skips the event. If
// Redis cannot be reached the event is delivered anyway: a duplicate
// (which receivers can drop by id) is better than a lost event.
// Delivery is at least once towards an endpoint that fails after
// receiving a request (the retry resends it).
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/livekit/protocol github.com/redis/go-redis google.golang.org/protobuf
package webhook
