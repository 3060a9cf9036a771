package realtime_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"souk/config"
	"souk/platform/store/storetest"
)

func TestHandshakeAnnouncesTheTransport(t *testing.T) {
	e := newEnv(t, storetest.Open(t, "sqlite"))
	ala := e.user(t, "desks", "ala")
	n := e.start(t, nodeOptions{})
	c := dialRaw(t, n, tokenQuery(ala.APIToken))
	open := c.expect("0")
	var hs struct {
		SID          string   `json:"sid"`
		Upgrades     []string `json:"upgrades"`
		PingInterval int      `json:"pingInterval"`
		PingTimeout  int      `json:"pingTimeout"`
		MaxPayload   int      `json:"maxPayload"`
	}
	if err := json.Unmarshal([]byte(open[1:]), &hs); err != nil {
		t.Fatalf("open packet %q: %v", open, err)
	}
	if hs.SID == "" || hs.Upgrades == nil || len(hs.Upgrades) != 0 || hs.PingInterval != 25000 || hs.PingTimeout != 20000 || hs.MaxPayload != 1000000 {
		t.Errorf("open packet %+v", hs)
	}
	c.send("40")
	c.expect(`40{"sid":"`)
	c.send("40/admin,")
	c.expect(`44/admin,{"message":"Invalid namespace"}`)
}

func TestBadHandshakesAreRefused(t *testing.T) {
	e := newEnv(t, storetest.Open(t, "sqlite"))
	n := e.start(t, nodeOptions{})
	cases := []struct {
		query string
		code  int
		text  string
	}{
		{"EIO=4&transport=flash", 0, "Transport unknown"},
		{"EIO=3&transport=websocket", 5, "Engine.IO 4"},
		{"EIO=4&transport=websocket&sid=abc", 1, "Session ID unknown"},
		{"EIO=4&transport=polling&sid=abc", 1, "Session ID unknown"},
		{"EIO=4&transport=websocket", 3, "WebSocket upgrade"},
	}
	for _, tc := range cases {
		resp, body := httpGet(t, n.url+"/socket.io/?"+tc.query)
		var got struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
			Status  int    `json:"status"`
		}
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatalf("%s: body %q: %v", tc.query, body, err)
		}
		if resp.StatusCode != http.StatusBadRequest || got.Code != tc.code || got.Status != 400 || !strings.Contains(got.Message, tc.text) {
			t.Errorf("%s: %d %+v", tc.query, resp.StatusCode, got)
		}
	}
}

// Malformed input closes the connection with a reason and leaves the
// server serving others.
func TestMalformedFramesCloseTheSocket(t *testing.T) {
	e := newEnv(t, storetest.Open(t, "sqlite"))
	ala := e.user(t, "desks", "ala")
	cfg := config.DefaultRealtime()
	cfg.MaxPayload = 4096
	cfg.MaxMessageBytes = 1024
	n := e.start(t, nodeOptions{cfg: &cfg})
	cases := []struct {
		name   string
		send   func(c *rawClient)
		code   int
		reason string
	}{
		{"unknown engine.io packet type", func(c *rawClient) { c.send("9") }, websocket.CloseProtocolError, "packet type"},
		{"empty frame", func(c *rawClient) { c.send("") }, websocket.CloseProtocolError, "empty"},
		{"unknown socket.io packet type", func(c *rawClient) { c.send(`49["join-room"]`) }, websocket.CloseProtocolError, "unknown packet type"},
		{"bad JSON", func(c *rawClient) { c.send(`42["join-room",`) }, websocket.CloseProtocolError, "not JSON"},
		{"event that is not an array", func(c *rawClient) { c.send(`42{"a":1}`) }, websocket.CloseProtocolError, "invalid payload"},
		{"reserved event name", func(c *rawClient) { c.send(`42["connect"]`) }, websocket.CloseProtocolError, "reserved"},
		{"ack for nothing", func(c *rawClient) { c.send(`4317[]`) }, websocket.CloseProtocolError, "ack id"},
		{"ack id overflow", func(c *rawClient) { c.send(`4299999999999999999999["join-room","x"]`) }, websocket.CloseProtocolError, "ack id"},
		{"ack without id", func(c *rawClient) { c.send(`43[]`) }, websocket.CloseProtocolError, "ack"},
		{"placeholder beyond attachments", func(c *rawClient) {
			c.send(`451-["chatMessage",{"_placeholder":true,"num":3}]`)
		}, websocket.CloseProtocolError, "attachments"},
		{"binary frame out of the blue", func(c *rawClient) { c.sendBinary([]byte{1, 2, 3}) }, websocket.CloseProtocolError, "binary frame"},
		{"oversize payload", func(c *rawClient) { c.send(`42["chatMessage","` + strings.Repeat("x", 5000) + `"]`) }, websocket.CloseMessageTooBig, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := dialRaw(t, n, tokenQuery(ala.APIToken))
			c.handshake("")
			tc.send(c)
			if reason := c.expectClose(tc.code); !strings.Contains(reason, tc.reason) {
				t.Errorf("close reason %q, want it to mention %q", reason, tc.reason)
			}
		})
	}
	c := dialRaw(t, n, tokenQuery(ala.APIToken))
	c.handshake("")
	c.send(`421["join-room","room_` + ala.User.ID + `"]`)
	c.expect(`431[{"ok":true`)
}

func TestHeartbeat(t *testing.T) {
	e := newEnv(t, storetest.Open(t, "sqlite"))
	ala := e.user(t, "desks", "ala")
	cfg := config.DefaultRealtime()
	cfg.PingInterval = 150 * time.Millisecond
	cfg.PingTimeout = 150 * time.Millisecond
	cfg.ConnectTimeout = 300 * time.Millisecond
	n := e.start(t, nodeOptions{cfg: &cfg})

	t.Run("silent client times out", func(t *testing.T) {
		c := dialRaw(t, n, tokenQuery(ala.APIToken))
		c.expect("0")
		c.send("40")
		c.expect("40")
		for {
			_, err := c.read(false)
			if err != nil {
				if ce, ok := err.(*websocket.CloseError); !ok || ce.Text != "ping timeout" {
					t.Fatalf("ended with %v, want a ping timeout close", err)
				}
				return
			}
		}
	})
	t.Run("answering client stays", func(t *testing.T) {
		c := dialRaw(t, n, tokenQuery(ala.APIToken))
		c.handshake("")
		deadline := time.Now().Add(time.Second) // several ping intervals
		for time.Now().Before(deadline) {
			c.send(`421["join-room","room_` + ala.User.ID + `"]`)
			c.expect(`431[{"ok":true`)
			time.Sleep(50 * time.Millisecond)
		}
	})
	t.Run("no namespace in time", func(t *testing.T) {
		c := dialRaw(t, n, tokenQuery(ala.APIToken))
		c.expect("0")
		if reason := c.expectClose(4000); reason != "connect timeout" {
			t.Errorf("reason %q", reason)
		}
	})
}
