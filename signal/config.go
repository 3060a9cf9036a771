package signal

import (
	"time"

	"github.com/livekit/protocol/livekit"

	"souk/config/mediadefaults"
)

// Config tunes signalling. Zero values take the defaults noted per field.
type Config struct {
	// PingInterval and PingTimeout are sent to clients; a connection silent
	// for PingTimeout is closed. Defaults those of media.ping_interval and
	// media.ping_timeout (config/mediadefaults).
	PingInterval, PingTimeout time.Duration
	// RefreshInterval is how often a fresh token is pushed. Default 5m.
	RefreshInterval time.Duration
	// RefreshTTL is the validity of pushed tokens. Default 15m.
	RefreshTTL time.Duration
	// JoinTimeout bounds the room join (JoinResponse must reach the client
	// within 5s). Default 5s.
	JoinTimeout time.Duration
	// MaxMessageBytes caps one incoming WebSocket frame. Default 1 MiB.
	MaxMessageBytes int64
	// SendQueue is the per-connection outgoing frame buffer; a client that
	// falls this far behind is disconnected. Default 512.
	SendQueue int
	// Router, when set, relays connections whose room another node hosts.
	Router Router
	// Sessions, when set, is asked at every join whether the sign-in
	// session a user's token was minted under is still live.
	Sessions SessionChecker
	// ICEServers, when set, lists the ICE servers of each join in place of
	// the room layer's own list.
	ICEServers func(ICEGrant) []*livekit.ICEServer
}

// ICEGrant is what a join's token says about the ICE servers its holder
// gets.
type ICEGrant struct {
	Identity string
	// Session is the sign-in session the token was minted under; "" for
	// an operator's token.
	Session string
	// Relay is whether TURN credentials are handed out: an operator's
	// token always, a user's only for a call.
	Relay bool
	// Expires is when the token expires; credentials handed out end then.
	Expires time.Time
}

func (c Config) withDefaults() Config {
	if c.PingInterval <= 0 {
		c.PingInterval = mediadefaults.PingInterval
	}
	if c.PingTimeout <= 0 {
		c.PingTimeout = mediadefaults.PingTimeout
	}
	if c.RefreshInterval <= 0 {
		c.RefreshInterval = 5 * time.Minute
	}
	if c.RefreshTTL <= 0 {
		c.RefreshTTL = 15 * time.Minute
	}
	if c.JoinTimeout <= 0 {
		c.JoinTimeout = 5 * time.Second
	}
	if c.MaxMessageBytes <= 0 {
		c.MaxMessageBytes = 1 << 20
	}
	if c.SendQueue <= 0 {
		c.SendQueue = 512
	}
	return c
}
