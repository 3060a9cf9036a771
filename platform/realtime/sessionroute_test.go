package realtime

import (
	"net/http"
	"testing"
)

type fixedForwarder string

func (f fixedForwarder) Self() string { return string(f) }
func (fixedForwarder) Forward(*http.Request, string, string) (http.Handler, error) {
	return nil, nil
}

func TestSessionIDsNameTheirNode(t *testing.T) {
	suffix := sessionIDSuffix(fixedForwarder("souk-2.internal-1234"))
	for _, tc := range []struct {
		sid  string
		node string
		ok   bool
	}{
		{"AbCdEfGhIjKlMnOpQrSt" + suffix, "souk-2.internal-1234", true},
		{"AbCdEfGhIjKlMnOpQrSt", "", false}, // a lone node's ids name none
		{"AbCd.", "", false},
		{"AbCd.!!notbase64", "", false},
	} {
		node, ok := sessionNode(tc.sid)
		if node != tc.node || ok != tc.ok {
			t.Errorf("sessionNode(%q) = %q %v, want %q %v", tc.sid, node, ok, tc.node, tc.ok)
		}
	}
	if sessionIDSuffix(nil) != "" || forwardSession(nil) != nil {
		t.Error("a node outside a cluster names itself in session ids")
	}
}
