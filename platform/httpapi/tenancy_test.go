package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"souk/platform"
	"souk/platform/httpapi"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

// Every resource of one site is invisible and untouchable from another
// site's host name, even with a valid id and a valid token of that site.
func TestTenancyIsolation(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		srv := newPlatformServer(t, db)
		// Accounts: the same e-mail registers on both sites independently.
		a := srv.register(t, desks, "same@example.com")
		a2 := srv.register(t, desks, "peer@example.com")
		b := srv.register(t, tutoring, "same@example.com")
		if a.UserID == b.UserID {
			t.Fatal("one user for two sites")
		}
		var bLogin session
		code, body := srv.call(t, tutoring, "", "POST", "/api/auth/login", map[string]string{"email": "same@example.com", "password": "oak desk 42"}, &bLogin)
		if code != 200 || bLogin.UserID != b.UserID {
			t.Fatalf("login on tutoring: %d %s", code, body)
		}

		// Sessions: a desks token means nothing on tutoring.
		code, body = srv.call(t, tutoring, a.AccessToken, "GET", "/api/auth/me", nil, nil)
		must(t, code, body, 401)
		code, body = srv.call(t, tutoring, a.AccessToken, "POST", "/api/auth/logout", nil, nil)
		must(t, code, body, 401)
		if code, _ := srv.mediaToken(t, tutoring, a.APIToken, a.UserID, "A"); code != 403 {
			t.Fatalf("api token across sites: %d", code)
		}
		if _, err := srv.accounts.AuthenticateAPIToken(context.Background(), "tutoring", a.APIToken); platform.ErrorCode(err) != platform.EUNAUTHORIZED {
			t.Fatalf("realtime authenticator across sites: %v", err)
		}
		if _, err := srv.accounts.FindUserByID(context.Background(), "tutoring", a.UserID); platform.ErrorCode(err) != platform.ENOTFOUND {
			t.Fatalf("user finder across sites: %v", err)
		}

		// Listings and their images.
		l := srv.createListing(t, desks, a.AccessToken, "Oak desk")
		code, body = srv.upload(t, desks, a.AccessToken, l.ID, pngBytes(t, 20, 20, 255))
		must(t, code, body, 201)
		var img image
		decodeJSON(t, body, &img)
		for _, req := range []struct{ method, path string }{
			{"GET", "/api/listings/" + l.ID}, {"PATCH", "/api/listings/" + l.ID}, {"DELETE", "/api/listings/" + l.ID},
			{"DELETE", "/api/listings/" + l.ID + "/images/" + img.ID},
		} {
			var payload any
			if req.method == "PATCH" {
				payload = map[string]string{"productName": "taken over"}
			}
			code, body := srv.call(t, tutoring, b.AccessToken, req.method, req.path, payload, nil)
			must(t, code, body, 404)
		}
		code, body = srv.upload(t, tutoring, b.AccessToken, l.ID, pngBytes(t, 20, 20, 255))
		must(t, code, body, 404)
		code, body = srv.call(t, tutoring, b.AccessToken, "POST", "/api/listings/"+l.ID+"/images/from-url", map[string]string{"url": "http://example.invalid/x.png"}, nil)
		must(t, code, body, 404)
		code, body = srv.call(t, tutoring, "", "GET", "/api/offers/"+l.ID, nil, nil)
		must(t, code, body, 404)
		var page struct{ Total int }
		srv.call(t, tutoring, "", "GET", "/api/offers", nil, &page)
		if page.Total != 0 {
			t.Fatalf("tutoring lists %d desks offers", page.Total)
		}
		srv.call(t, tutoring, b.AccessToken, "GET", "/api/listings", nil, &page)
		if page.Total != 0 {
			t.Fatalf("tutoring user sees %d listings", page.Total)
		}
		if resp, _ := getMedia(t, srv, tutoring, img.URL); resp.StatusCode != 404 {
			t.Fatalf("desks image served on tutoring: %d", resp.StatusCode)
		}
		if resp, _ := getMedia(t, srv, desks, img.URL); resp.StatusCode != 200 {
			t.Fatalf("desks image on desks: %d", resp.StatusCode)
		}

		// Messages.
		var started struct{ Conversation struct{ ID string } }
		code, body = srv.call(t, desks, a.AccessToken, "POST", "/api/conversations", map[string]string{"recipientId": a2.UserID, "listingId": l.ID, "body": "hello"}, &started)
		must(t, code, body, 201)
		conv := started.Conversation.ID
		code, body = srv.call(t, tutoring, b.AccessToken, "GET", "/api/conversations/"+conv+"/messages", nil, nil)
		must(t, code, body, 404)
		code, body = srv.call(t, tutoring, b.AccessToken, "POST", "/api/conversations/"+conv+"/messages", map[string]string{"body": "hi"}, nil)
		must(t, code, body, 404)
		code, body = srv.call(t, tutoring, b.AccessToken, "POST", "/api/conversations/"+conv+"/read", nil, nil)
		must(t, code, body, 404)
		code, body = srv.call(t, tutoring, b.AccessToken, "POST", "/api/conversations", map[string]string{"recipientId": a.UserID, "body": "hi"}, nil)
		must(t, code, body, 404)
		b2 := srv.register(t, tutoring, "peer@example.com")
		code, body = srv.call(t, tutoring, b.AccessToken, "POST", "/api/conversations", map[string]string{"recipientId": b2.UserID, "listingId": l.ID, "body": "hi"}, nil)
		must(t, code, body, 404)
		var convs struct{ Total int }
		srv.call(t, tutoring, b.AccessToken, "GET", "/api/conversations", nil, &convs)
		if convs.Total != 0 {
			t.Fatalf("tutoring user sees %d conversations", convs.Total)
		}

		// Calls.
		var call struct{ RoomName string }
		code, body = srv.call(t, desks, a.AccessToken, "POST", "/api/calls", map[string]string{"calleeId": a2.UserID}, &call)
		must(t, code, body, 201)
		if code, _ := srv.mediaToken(t, tutoring, bLogin.APIToken, call.RoomName, "B"); code != 403 {
			t.Fatalf("desks call room joinable from tutoring: %d", code)
		}
		code, body = srv.call(t, tutoring, b.AccessToken, "POST", "/api/calls", map[string]string{"calleeId": a.UserID}, nil)
		must(t, code, body, 404)

		// Contact entries: admins see only their own site's.
		contact := map[string]string{"name": "Visitor", "email": "v@example.com", "message": "A question for the desks site"}
		code, body = srv.call(t, desks, "", "POST", "/api/contact", contact, nil)
		must(t, code, body, 202)
		for _, who := range []struct {
			host, site, email string
			want              int
		}{{desks, "desks", "same@example.com", 1}, {tutoring, "tutoring", "same@example.com", 0}} {
			u, err := srv.accounts.FindUserByEmail(context.Background(), who.site, who.email)
			if err != nil {
				t.Fatal(err)
			}
			if err := srv.accounts.SetRoles(context.Background(), who.site, u.ID, []string{"user", "admin"}); err != nil {
				t.Fatal(err)
			}
			var admin session
			srv.call(t, who.host, "", "POST", "/api/auth/login", map[string]string{"email": who.email, "password": "oak desk 42"}, &admin)
			var list struct{ Items []struct{ Message string } }
			code, body := srv.call(t, who.host, admin.AccessToken, "GET", "/api/admin/contacts", nil, &list)
			if code != 200 || len(list.Items) != who.want {
				t.Fatalf("%s admin sees %d contact messages: %d %s", who.site, len(list.Items), code, body)
			}
		}

		// Password reset links are per site.
		code, body = srv.call(t, tutoring, "", "POST", "/api/auth/forgot-password", map[string]string{"email": "peer@example.com"}, nil)
		must(t, code, body, 202)
		due, _ := db.DueMail(context.Background(), farFuture(), 50)
		for _, m := range due {
			if m.Subject == "Reset your password" && (m.Site != "tutoring" || !strings.Contains(m.Body, "tutoring.localhost")) {
				t.Fatalf("reset mail %+v", m)
			}
		}
	})
}

// Every route on the router is documented in /api/openapi.json, except
// the ones that are not part of the JSON API.
func TestOpenAPIDocumentsEveryRoute(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	srv := newPlatformServer(t, db)
	// Rebuild the handler to walk its router (the test server wraps it).
	handler := httpapi.NewServer(srv.opts)
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	code, body := srv.call(t, desks, "", "GET", "/api/openapi.json", nil, &doc)
	must(t, code, body, 200)
	excluded := func(route string) bool {
		for _, p := range []string{"/healthz", "/readyz", "/media/*", "/socket.io/*", "/api/openapi", "/api/docs", "/api/schemas/"} {
			if route == p || strings.HasPrefix(route, p) {
				return true
			}
		}
		// "/" is the web app (GET, and HEAD for livekit-client's probe).
		return route == "/" || strings.HasPrefix(route, "/rtc")
	}
	var missing, seen []string
	err := chi.Walk(handler.Router(), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if excluded(route) {
			return nil
		}
		seen = append(seen, method+" "+route)
		if _, ok := doc.Paths[route][strings.ToLower(method)]; !ok {
			missing = append(missing, method+" "+route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("routes missing from the OpenAPI document: %v", missing)
	}
	if len(seen) < 25 {
		t.Fatalf("only %d routes walked: %v", len(seen), seen)
	}
	tokenDoc := string(doc.Paths["/token"]["post"])
	if !strings.Contains(tokenDoc, "TokenRequest") && !strings.Contains(tokenDoc, "roomName") {
		t.Fatalf("/token request body is not documented: %s", tokenDoc)
	}
}
