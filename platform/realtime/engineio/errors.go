package engineio

import (
	"encoding/json"
	"net/http"
)

// Engine.IO error codes, as the reference server answers them.
const (
	errTransportUnknown   = 0
	errUnknownSID         = 1
	errBadHandshakeMethod = 2
	errBadRequest         = 3
	errUnsupportedVersion = 5
)

// refuse answers a request that cannot be served. The body carries the
// Engine.IO code and message (the members the reference server sends)
// inside an RFC 9457 problem; the message starts with the reference
// server's wording and goes on to say what to do.
func refuse(w http.ResponseWriter, status, code int, message string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"type":    "about:blank",
		"title":   http.StatusText(status),
		"status":  status,
		"detail":  message,
		"code":    code,
		"message": message,
	})
}
