package realtime

import "sync/atomic"

// Stats is what operators watch (metrics): sockets connected to this node
// and message totals since start.
type Stats struct {
	// Sockets is the number of signed-in sockets on this node.
	Sockets int
	// MessagesReceived counts client events handled (before limits);
	// MessagesDelivered counts room messages handed to this node's sockets.
	MessagesReceived, MessagesDelivered uint64
}

type counters struct {
	received, delivered atomic.Uint64
}

// Stats reads the current counts.
func (s *Service) Stats() Stats {
	s.mu.Lock()
	n := 0
	for _, c := range s.connections {
		n += c
	}
	s.mu.Unlock()
	return Stats{Sockets: n, MessagesReceived: s.counts.received.Load(), MessagesDelivered: s.counts.delivered.Load()}
}
