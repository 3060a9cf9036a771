package signal

import (
	"net/http"
)

// Router sends a signalling connection to the node that hosts its room
// when that is not this one (several souk processes sharing rooms). The
// souk/cluster package implements it; signal only calls it.
type Router interface {
	// Route returns a handler that relays r to the room's node, or nil
	// when this node serves the room itself. An error means the room's
	// node cannot be determined now; the client gets 503 with its text.
	Route(r *http.Request, room string) (http.Handler, error)
}

// route relays r when the router says the room lives elsewhere; it
// reports whether the request was answered.
func (s *Server) route(w http.ResponseWriter, r *http.Request, room string) bool {
	if s.cfg.Router == nil {
		if s.rooms == nil {
			http.Error(w, "this node hosts no media rooms", http.StatusServiceUnavailable)
			return true
		}
		return false
	}
	h, err := s.cfg.Router.Route(r, room)
	if err != nil {
		s.log.Warn("signal not routed", "room", room, "err", err)
		http.Error(w, "cannot reach the node hosting this room right now, try again shortly: "+err.Error(), http.StatusServiceUnavailable)
		return true
	}
	if h != nil {
		h.ServeHTTP(w, r)
		return true
	}
	if s.rooms == nil {
		http.Error(w, "this node hosts no media rooms", http.StatusServiceUnavailable)
		return true
	}
	return false
}
