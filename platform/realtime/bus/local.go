package bus

import (
	"context"
	"sort"
	"sync"
	"time"
)

// Local is the bus and mailbox of a single process.
type Local struct {
	mu        sync.Mutex
	handler   Handler
	boxes     map[string]map[string]held
	lastSweep time.Time
	now       func() time.Time
}

// NewLocal returns an in-process bus and mailbox.
func NewLocal() *Local {
	return &Local{boxes: make(map[string]map[string]held), now: time.Now}
}

func (l *Local) Subscribe(h Handler) {
	l.mu.Lock()
	l.handler = h
	l.mu.Unlock()
}

// Publish delivers synchronously to this process's sockets.
func (l *Local) Publish(_ context.Context, m Message) error {
	l.mu.Lock()
	h := l.handler
	l.mu.Unlock()
	if h != nil {
		h(m)
	}
	return nil
}

func (l *Local) Close() error { return nil }

func (l *Local) Hold(_ context.Context, box, id string, payload []byte, ttl time.Duration) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	// Boxes of users who never come back would otherwise stay forever.
	if now.Sub(l.lastSweep) > ttl {
		for name, entries := range l.boxes {
			l.pruneLocked(name, entries, now)
		}
		l.lastSweep = now
	}
	entries := l.boxes[box]
	if entries == nil {
		entries = make(map[string]held)
		l.boxes[box] = entries
	}
	entries[id] = held{Payload: append([]byte(nil), payload...), Held: now, Expires: now.Add(ttl)}
	return nil
}

func (l *Local) Get(_ context.Context, box, id string) ([]byte, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.boxes[box][id]
	if !ok || !l.now().Before(e.Expires) {
		return nil, false, nil
	}
	return e.Payload, true, nil
}

func (l *Local) Held(_ context.Context, box string) ([][]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	entries := l.boxes[box]
	l.pruneLocked(box, entries, l.now())
	return sortedPayloads(entries), nil
}

func (l *Local) Drop(_ context.Context, box, id string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.boxes[box], id)
	if len(l.boxes[box]) == 0 {
		delete(l.boxes, box)
	}
	return nil
}

func (l *Local) pruneLocked(box string, entries map[string]held, now time.Time) {
	for id, e := range entries {
		if !now.Before(e.Expires) {
			delete(entries, id)
		}
	}
	if len(entries) == 0 {
		delete(l.boxes, box)
	}
}

func sortedPayloads(entries map[string]held) [][]byte {
	list := make([]held, 0, len(entries))
	for _, e := range entries {
		list = append(list, e)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Held.Before(list[j].Held) })
	out := make([][]byte, len(list))
	for i, e := range list {
		out[i] = e.Payload
	}
	return out
}
