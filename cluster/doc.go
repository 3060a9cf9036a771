// Package cluster lets several souk processes serve one deployment's
// calls through a shared Redis.
//
//   - Registry (registry.go): each node keeps a Redis entry with its id,
//     roles (platform, sfu, turn), the URL other nodes relay signalling to,
//     its media addresses and its load (CPU cores in use, rooms,
//     participants, published tracks, forwarded bits per second). The entry
//     is refreshed every cluster.heartbeat and expires after
//     cluster.node_ttl (6 s by default), so a killed node is forgotten, and
//     its rooms placed elsewhere, within 10 s.
//   - Placement (placement.go): the first join of a room records, with SET
//     NX, the live non-draining media node with the fewest participants
//     (CPU, then rooms, break ties). Racing placements agree on the
//     winner. A record naming a dead or draining node is removed with a
//     compare-and-delete and the room placed again. Each heartbeat
//     re-records the rooms a node hosts, so after Redis loses its data the
//     records come back on their own; rooms that closed are released.
//   - Epoch fence (epoch.go): a room is never hosted twice because Redis
//     forgot it. The first write into an empty Redis starts an epoch; a
//     node confirms it in its entry only after re-recording every room it
//     hosts, and rooms are placed only once every live media node
//     confirmed the current epoch and the epoch is a node TTL old (a node
//     not yet back by then would have lapsed anyway), by a write that
//     checks the epoch did not change. We chose confirmation over waiting
//     a fixed time because a host starved of CPU can take any time to
//     re-record, and over asking every node before each placement because
//     after a data loss no one knows which nodes to ask. A host is
//     defensive too: a join relayed to it for a room recorded elsewhere by
//     then is refused (ErrMoved), and a node that finds a room it holds
//     recorded on another live node (it was silent past the TTL) gives its
//     copy up, sending the participants to rejoin the recorded one.
//   - Routing (relay.go): a signalling WebSocket may reach any node (the
//     load balancer picks one). Relay, the signal.Router of the node, looks
//     up the room's node and, when it is another, relays the HTTP upgrade
//     and then every frame both ways (a reverse proxy). We relay rather than
//     redirect because livekit-client opens its signalling socket with the
//     browser's WebSocket API, which follows no redirect, and because a
//     relay keeps the nodes' HTTP ports private: browsers only need to reach
//     each node's media ports. Media never goes through the relay: the
//     JoinResponse and the ICE candidates come from the room's node and
//     carry its own addresses (media.node_ips). A relayed request carries
//     X-Souk-Relay, an HMAC (keyed from the shared media keys) over target
//     node and room, so the target serves it without routing it again and
//     a client cannot pin a room on a node of its choice.
//   - RoomService (roomservice.go): RoomServiceRouter sends a Twirp call
//     about one room to the room's node through the same relay and mark
//     (CreateRoom places the room as a first join would; other calls only
//     look it up), and ListRooms to every other media node, each answering
//     for its own rooms; a node that does not answer fails the call rather
//     than leaving rooms out. A node without rooms relays every call to
//     the least-loaded media node (ToMediaNode).
//   - Shared limits: RateCounter (ratelimit.go) counts per-IP attempts in
//     fixed windows; Strikes (strikes.go) keeps the login back-off per
//     account and network under hashed keys; ConnectionSlots (connections.go) holds one slot per
//     realtime socket in a per-user sorted set scored by when it lapses,
//     renewed by the socket's node, so the per-user connection cap holds
//     across nodes and a dead node's slots lapse by themselves.
//   - Drain: the node (cmd/souk) announces itself draining, releases its
//     room records and calls sfu.Manager.Drain, which sends each
//     participant leave{MIGRATION, RECONNECT}; the client rejoins through
//     the same URL and lands in a room placed on another node.
//   - Failure: every Redis error is wrapped in ErrUnavailable. A node keeps
//     serving the rooms it hosts while Redis is down (Relay serves a
//     local room without asking Redis); a join that needs Redis gets 503
//     "cannot reach the node hosting this room right now". Heartbeats
//     resume by themselves when Redis answers again; new rooms wait for
//     the epoch fence (about a node TTL).
//
// It knows neither sfu/ nor signal/: cmd/souk adapts the media manager's
// rooms and load, and signal calls Relay through its own Router interface.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/redis/go-redis
package cluster
