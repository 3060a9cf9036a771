package realtime_test

import (
	"runtime"
	"testing"
	"time"

	"souk/platform/store/storetest"
)

// Closing the service ends every goroutine a connection started.
func TestCloseEndsConnectionGoroutines(t *testing.T) {
	e := newEnv(t, storetest.Open(t, "sqlite"))
	ala := e.user(t, "desks", "ala")
	before := runtime.NumGoroutine()
	n := e.start(t, nodeOptions{})
	clients := make([]*rawClient, 10)
	for i := range clients {
		clients[i] = dialRaw(t, n, tokenQuery(ala.APIToken))
		clients[i].handshake("")
	}
	// Read in the background so the clients answer the close handshake.
	for _, c := range clients {
		go c.expectCloseQuietly()
	}
	n.stop(t)
	for _, c := range clients {
		c.c.Close()
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before+2 { // the test's own leftovers settle too
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines before, %d after close:\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}
