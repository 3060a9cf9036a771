// Package bus carries room broadcasts (and control messages such as ended
// sessions, marked by Message.Kind) between souk processes and keeps
// messages for users who are not connected.
//
// Local is the in-process bus and mailbox of a single node. Redis shares
// both through Redis: one pub/sub channel per deployment for broadcasts,
// and one hash per mailbox for held messages. Every node delivers its own
// broadcasts to its local sockets immediately and skips its own messages
// when they come back from Redis.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/redis/go-redis
package bus
