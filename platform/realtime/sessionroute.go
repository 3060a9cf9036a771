package realtime

import (
	"encoding/base64"
	"net/http"
	"strings"
)

// SessionForwarder relays a request to the node of a cluster that holds
// its long-polling session (cluster.Relay). A polling client sends each
// of its requests separately, and a load balancer may hand them to any
// node; the session's id names its node, so whichever node gets a request
// relays it there, WebSocket upgrade included. No sticky routing is
// needed in front of the nodes.
type SessionForwarder interface {
	// Self is this node's id in the cluster.
	Self() string
	// Forward returns the handler that relays r to node, or nil to
	// serve r here.
	Forward(r *http.Request, node, key string) (http.Handler, error)
}

// sessionNodeMark separates a session id's random part from the node it
// names.
const sessionNodeMark = "."

func sessionIDSuffix(f SessionForwarder) string {
	if f == nil {
		return ""
	}
	return sessionNodeMark + base64.RawURLEncoding.EncodeToString([]byte(f.Self()))
}

// sessionNode is the node a session id names, if it names one.
func sessionNode(sid string) (string, bool) {
	_, tail, ok := strings.Cut(sid, sessionNodeMark)
	if !ok {
		return "", false
	}
	node, err := base64.RawURLEncoding.DecodeString(tail)
	if err != nil || len(node) == 0 {
		return "", false
	}
	return string(node), true
}

func forwardSession(f SessionForwarder) func(*http.Request, string) (http.Handler, error) {
	if f == nil {
		return nil
	}
	return func(r *http.Request, sid string) (http.Handler, error) {
		node, ok := sessionNode(sid)
		if !ok {
			return nil, nil
		}
		return f.Forward(r, node, sid)
	}
}
