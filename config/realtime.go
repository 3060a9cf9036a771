package config

import (
	"errors"
	"fmt"
	"regexp"
	"time"
)

// Realtime configures the Socket.IO channels served at /socket.io/: the
// Engine.IO heartbeat and frame limits, and the per-user and per-socket
// limits that keep one client from starving the others. Cross-node delivery
// uses redis.url when it is set.
type Realtime struct {
	// PingInterval is how often the server pings each client. Default 25s.
	PingInterval time.Duration `yaml:"ping_interval"`
	// PingTimeout is how long a pong may take before the connection is
	// dropped. Default 20s.
	PingTimeout time.Duration `yaml:"ping_timeout"`
	// MaxPayload caps one WebSocket frame in bytes, announced to clients
	// in the handshake. Default 1000000 (1 MB).
	MaxPayload int `yaml:"max_payload"`
	// ConnectTimeout is how long a client may take to connect to a
	// namespace after the handshake. Default 10s.
	ConnectTimeout time.Duration `yaml:"connect_timeout"`
	// WriteTimeout bounds one frame write to a client. Default 10s.
	WriteTimeout time.Duration `yaml:"write_timeout"`
	// SendQueue is how many frames may wait for a slow client before it
	// is disconnected. Default 1024.
	SendQueue int `yaml:"send_queue"`
	// MaxConnectionsPerUser caps simultaneous sockets of one user on one
	// node. Default 16.
	MaxConnectionsPerUser int `yaml:"max_connections_per_user"`
	// MaxRoomsPerSocket caps the rooms one socket may join. Default 32.
	MaxRoomsPerSocket int `yaml:"max_rooms_per_socket"`
	// MaxMessageBytes caps the envelope of one event (its data and all
	// binary attachments). Default 65536.
	MaxMessageBytes int `yaml:"max_message_bytes"`
	// MessageRate is the sustained number of events per second a socket
	// may send; MessageBurst how many it may send at once. Events over the
	// rate get an error; a socket that keeps sending after MessageBurst
	// refusals in a row is disconnected. Defaults 20 and 40.
	MessageRate  int `yaml:"message_rate"`
	MessageBurst int `yaml:"message_burst"`
	// RedisPrefix names the Redis channel and keys of this deployment, so
	// several deployments can share one Redis. Default "souk:realtime".
	RedisPrefix string `yaml:"redis_prefix"`
}

// DefaultRealtime returns the documented defaults.
func DefaultRealtime() Realtime {
	return Realtime{
		PingInterval:          25 * time.Second,
		PingTimeout:           20 * time.Second,
		MaxPayload:            1_000_000,
		ConnectTimeout:        10 * time.Second,
		WriteTimeout:          10 * time.Second,
		SendQueue:             1024,
		MaxConnectionsPerUser: 16,
		MaxRoomsPerSocket:     32,
		MaxMessageBytes:       65536,
		MessageRate:           20,
		MessageBurst:          40,
		RedisPrefix:           "souk:realtime",
	}
}

var redisPrefixPattern = regexp.MustCompile(`^[A-Za-z0-9:_.-]{1,64}$`)

// Validate reports every invalid setting, naming its key.
func (r Realtime) Validate() error {
	var errs []error
	bad := func(key, msg string) { errs = append(errs, fmt.Errorf("realtime.%s: %s", key, msg)) }
	if r.PingInterval < 100*time.Millisecond {
		bad("ping_interval", "must be >= 100ms")
	}
	if r.PingTimeout < 100*time.Millisecond {
		bad("ping_timeout", "must be >= 100ms")
	}
	if r.MaxPayload < 1024 {
		bad("max_payload", "must be >= 1024 bytes")
	}
	if r.ConnectTimeout <= 0 {
		bad("connect_timeout", "must be > 0")
	}
	if r.WriteTimeout <= 0 {
		bad("write_timeout", "must be > 0")
	}
	if r.SendQueue < 8 {
		bad("send_queue", "must be >= 8")
	}
	if r.MaxConnectionsPerUser < 1 {
		bad("max_connections_per_user", "must be >= 1")
	}
	if r.MaxRoomsPerSocket < 2 {
		bad("max_rooms_per_socket", "must be >= 2 (a personal room and a call room)")
	}
	if r.MaxMessageBytes < 256 {
		bad("max_message_bytes", "must be >= 256")
	}
	if r.MaxMessageBytes > r.MaxPayload {
		bad("max_message_bytes", "must not exceed realtime.max_payload")
	}
	if r.MessageRate < 1 {
		bad("message_rate", "must be >= 1")
	}
	if r.MessageBurst < 1 {
		bad("message_burst", "must be >= 1")
	}
	if !redisPrefixPattern.MatchString(r.RedisPrefix) {
		bad("redis_prefix", "must be 1-64 characters of letters, digits and :_.-")
	}
	return errors.Join(errs...)
}
