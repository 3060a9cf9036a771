package config

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"time"
)

// The roles a node can take. A node with every role is the single-process
// default; a deployment may split them across processes.
const (
	RolePlatform = "platform" // web app, HTTP API, realtime channels
	RoleSFU      = "sfu"      // media rooms and their signalling
	RoleTURN     = "turn"     // the embedded TURN server
)

// AllRoles is the default: one process does everything.
var allRoles = []string{RolePlatform, RoleSFU, RoleTURN}

// AllRoles returns every role, in their usual order.
func AllRoles() []string { return slices.Clone(allRoles) }

// Cluster configures how several souk processes share rooms through Redis
// (redis.url). Without Redis a node is alone and these settings, roles
// aside, do nothing.
type Cluster struct {
	// Roles this node takes: platform, sfu, turn. Default all three;
	// `souk serve --roles` overrides it.
	Roles []string `yaml:"roles"`
	// NodeID names this node in the registry. Default host name and
	// process id.
	NodeID string `yaml:"node_id"`
	// AdvertiseURL is the base URL (http://host:port) other nodes use to
	// relay signalling connections to this node. Default: server.addr with
	// the host name (or the first media address when it listens on all
	// interfaces).
	AdvertiseURL string `yaml:"advertise_url"`
	// Prefix starts every cluster key in Redis. Default "souk:cluster".
	Prefix string `yaml:"prefix"`
	// Heartbeat is how often a node refreshes its registry entry and load.
	// Default 2s.
	Heartbeat time.Duration `yaml:"heartbeat"`
	// NodeTTL is how long an entry lives without a heartbeat: a dead node
	// is forgotten (and its rooms re-placed) this long after its last one.
	// Default 6s.
	NodeTTL time.Duration `yaml:"node_ttl"`
	// DrainTimeout bounds how long SIGTERM waits for an SFU node's
	// participants to move to other nodes before the process exits.
	// Default 20s.
	DrainTimeout time.Duration `yaml:"drain_timeout"`
}

// DefaultCluster returns the single-node defaults.
func DefaultCluster() Cluster {
	return Cluster{Roles: AllRoles(), Prefix: "souk:cluster", Heartbeat: 2 * time.Second,
		NodeTTL: 6 * time.Second, DrainTimeout: 20 * time.Second}
}

// HasRole tells whether this node takes role.
func (c Cluster) HasRole(role string) bool { return slices.Contains(c.Roles, role) }

// Validate reports every invalid cluster setting; redisURL is redis.url.
func (c Cluster) Validate(redisURL string) error {
	var errs []error
	bad := func(key, msg string) { errs = append(errs, fmt.Errorf("%s: %s", key, msg)) }
	if len(c.Roles) == 0 {
		bad("cluster.roles", "must name at least one of platform, sfu, turn")
	}
	for _, r := range c.Roles {
		if !slices.Contains(allRoles, r) {
			bad("cluster.roles", fmt.Sprintf("%q is not one of platform, sfu, turn", r))
		}
	}
	if !c.HasRole(RoleSFU) && redisURL == "" && len(c.Roles) > 0 {
		bad("cluster.roles", "a node without the sfu role relays signalling to other nodes, which needs redis.url")
	}
	if c.AdvertiseURL != "" {
		if u, err := url.Parse(c.AdvertiseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("cluster.advertise_url", "must look like http://10.0.0.5:7880")
		}
	}
	if c.Prefix == "" {
		bad("cluster.prefix", "must not be empty")
	}
	if c.Heartbeat <= 0 {
		bad("cluster.heartbeat", "must be > 0")
	}
	if c.NodeTTL < 2*c.Heartbeat {
		bad("cluster.node_ttl", "must be at least twice cluster.heartbeat, so one late beat does not kill a node")
	}
	if c.DrainTimeout <= 0 {
		bad("cluster.drain_timeout", "must be > 0")
	}
	return errors.Join(errs...)
}
