package httpapi_test

import (
	"net/url"
	"testing"

	"souk/platform/store"
	"souk/platform/store/storetest"
)

// Control characters and absurd page numbers are bad input (422 with the
// field named), never a 500, on both engines.
func TestControlCharactersAndPagesAreRefused(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		srv := newPlatformServer(t, db)
		ala := srv.register(t, desks, "ala@example.com")
		bob := srv.register(t, desks, "bob@example.com")
		desk := srv.createListing(t, desks, bob.AccessToken, "Oak desk")
		listing := func(description string) map[string]any {
			return map[string]any{"productName": "Lamp", "description": description,
				"price": map[string]string{"amount": "10", "currency": "PLN"}, "duration": 7}
		}
		for _, tc := range []struct {
			name, method, path string
			body               any
			field              string
		}{
			{"NUL in a description", "POST", "/api/listings", listing("brass\x00lamp"), "body.description"},
			{"escape in a description", "POST", "/api/listings", listing("brass\x1b[31m lamp"), "body.description"},
			{"NUL in a description update", "PATCH", "/api/listings/" + desk.ID, map[string]string{"description": "a\x00b"}, "body.description"},
			{"NUL in a message", "POST", "/api/conversations", map[string]string{"recipientId": bob.UserID, "body": "hi\x00there"}, "body.body"},
			{"NUL in a search", "GET", "/api/offers?q=" + url.QueryEscape("oak\x00"), nil, "query.q"},
			{"invalid UTF-8 in a search", "GET", "/api/offers?q=%ff%fe", nil, "query.q"},
			{"NUL in a conversation search", "GET", "/api/conversations?q=%00", nil, "query.q"},
			{"a huge page number", "GET", "/api/offers?page=99999999999", nil, "query.page"},
			{"a page past the last", "GET", "/api/offers?page=3&pageSize=50", nil, "query.page"},
			{"a conversation page past the last", "GET", "/api/conversations?page=2", nil, "query.page"},
		} {
			token := ala.AccessToken
			if tc.method == "PATCH" {
				token = bob.AccessToken
			}
			code, body := srv.call(t, desks, token, tc.method, tc.path, tc.body, nil)
			if code != 422 || !decodeProblem(t, body).hasField(tc.field) {
				t.Errorf("%s: %d %s, want 422 naming %s", tc.name, code, body, tc.field)
			}
		}
		code, body := srv.call(t, desks, "", "GET", "/api/offers?page=1", nil, nil)
		must(t, code, body, 200)
		code, body = srv.call(t, desks, "", "GET", "/api/offers?page=1&q="+url.QueryEscape("línea\tnueva"), nil, nil)
		if code != 422 {
			t.Errorf("a tab in a one-line search: %d %s", code, body)
		}
	})
}
