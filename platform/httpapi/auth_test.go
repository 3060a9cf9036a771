package httpapi_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/golang-jwt/jwt/v5"

	"souk/platform"
	"souk/platform/google"
	"souk/platform/httpapi"
	"souk/platform/mail"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

// recordingSender keeps delivered mails; the first fail calls fail.
type recordingSender struct {
	mu   sync.Mutex
	fail int
	sent []platform.OutgoingMail
}

func (r *recordingSender) Send(ctx context.Context, m platform.OutgoingMail) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail > 0 {
		r.fail--
		return io.ErrUnexpectedEOF
	}
	r.sent = append(r.sent, m)
	return nil
}

func TestAuthFlowsWithPasswordResetThroughTheOutbox(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		srv := newPlatformServer(t, db)
		sess := srv.register(t, desks, "Ala@Example.com")
		if sess.UserID == "" || sess.AccessToken == "" || sess.APIToken == "" || sess.User.Email != "ala@example.com" ||
			strings.Join(sess.Scopes, ",") != "internal" || strings.Join(sess.Roles, ",") != "user" || len(sess.UserAbilityRules) == 0 {
			t.Fatalf("session %+v", sess)
		}
		for _, r := range sess.UserAbilityRules {
			if r.Subject == "AclDemo" || r.Action == "manage" {
				t.Fatalf("a user got %+v", r)
			}
		}

		// Password rules are stated; a taken e-mail answers exactly like a new one.
		code, body := srv.call(t, desks, "", "POST", "/api/auth/register", map[string]string{"email": "bob@example.com", "password": "short", "displayName": "Bob"}, nil)
		if code != 422 || !decodeProblem(t, body).hasField("body.password") || !strings.Contains(body, "8–128 characters") {
			t.Fatalf("weak password: %d %s", code, body)
		}
		code, body = srv.call(t, desks, "", "POST", "/api/auth/register", map[string]string{"email": "ala@example.com", "password": "other pass 9", "displayName": "Ala"}, nil)
		newCode, newBody := srv.call(t, desks, "", "POST", "/api/auth/register", map[string]string{"email": "new@example.com", "password": "other pass 9", "displayName": "New"}, nil)
		if code != 202 || code != newCode || body != newBody {
			t.Fatalf("taken e-mail %d %s, new e-mail %d %s: must be the same", code, body, newCode, newBody)
		}

		// Unknown e-mail and wrong password look the same.
		c1, b1 := srv.call(t, desks, "", "POST", "/api/auth/login", map[string]string{"email": "ala@example.com", "password": "wrong pass 1"}, nil)
		c2, b2 := srv.call(t, desks, "", "POST", "/api/auth/login", map[string]string{"email": "nobody@example.com", "password": "wrong pass 1"}, nil)
		if c1 != 401 || c2 != 401 || decodeProblem(t, b1).Detail != decodeProblem(t, b2).Detail {
			t.Fatalf("wrong password %d %s / unknown %d %s", c1, b1, c2, b2)
		}

		var login session
		code, body = srv.call(t, desks, "", "POST", "/api/auth/login", map[string]string{"email": "ALA@example.com", "password": "oak desk 42"}, &login)
		must(t, code, body, 200)
		var me session
		code, body = srv.call(t, desks, login.AccessToken, "GET", "/api/auth/me", nil, &me)
		if code != 200 || me.UserID != sess.UserID || me.AccessToken != login.AccessToken {
			t.Fatalf("me: %d %s", code, body)
		}
		code, body = srv.call(t, desks, login.AccessToken, "POST", "/api/auth/logout", nil, nil)
		must(t, code, body, 204)
		code, body = srv.call(t, desks, login.AccessToken, "GET", "/api/auth/me", nil, nil)
		must(t, code, body, 401)
		code, body = srv.call(t, desks, "", "GET", "/api/auth/me", nil, nil)
		must(t, code, body, 401)

		// Forgot password: always 202; the mail goes through the outbox.
		code, body = srv.call(t, desks, "", "POST", "/api/auth/forgot-password", map[string]string{"email": "nobody@example.com"}, nil)
		must(t, code, body, 202)
		code, body = srv.call(t, desks, "", "POST", "/api/auth/forgot-password", map[string]string{"email": "ala@example.com"}, nil)
		must(t, code, body, 202)
		sender := &recordingSender{fail: 1}
		d := &mail.Deliverer{Queue: db, Sender: sender, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
		if n := d.RunOnce(context.Background()); n != 1 {
			// One failure (retried later) and the other mail sent.
			t.Fatalf("first pass sent %d", n)
		}
		due, _ := db.DueMail(context.Background(), time.Now().Add(time.Hour), 10)
		if len(due) != 1 || due[0].Attempts != 1 {
			t.Fatalf("failed mail must stay queued with one attempt: %+v", due)
		}
		if err := db.MarkMailFailed(context.Background(), due[0].ID, io.EOF, time.Now()); err != nil {
			t.Fatal(err)
		}
		d.RunOnce(context.Background())
		var resetMail *platform.OutgoingMail
		for i, m := range sender.sent {
			if m.Subject == "Reset your password" {
				resetMail = &sender.sent[i]
			}
		}
		if resetMail == nil || resetMail.Recipient != "ala@example.com" {
			t.Fatalf("no reset mail delivered: %+v", sender.sent)
		}
		m := regexp.MustCompile(`http://desks\.localhost(:\d+)?/reset-password\?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(resetMail.Body)
		if m == nil {
			t.Fatalf("no reset link in %q", resetMail.Body)
		}
		token := m[2]
		code, body = srv.call(t, tutoring, "", "POST", "/api/auth/reset-password", map[string]string{"token": token, "password": "new password 7"}, nil)
		must(t, code, body, 422)
		code, body = srv.call(t, desks, "", "POST", "/api/auth/reset-password", map[string]string{"token": token, "password": "new password 7"}, nil)
		must(t, code, body, 204)
		code, body = srv.call(t, desks, "", "POST", "/api/auth/reset-password", map[string]string{"token": token, "password": "newer password 8"}, nil)
		if code != 422 || !decodeProblem(t, body).hasField("body.token") {
			t.Fatalf("reused token: %d %s", code, body)
		}
		code, body = srv.call(t, desks, sess.AccessToken, "GET", "/api/auth/me", nil, nil)
		must(t, code, body, 401)
		code, body = srv.call(t, desks, "", "POST", "/api/auth/login", map[string]string{"email": "ala@example.com", "password": "new password 7"}, nil)
		must(t, code, body, 200)
	})
}

func TestScopesAndAbilities(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	srv := newPlatformServer(t, db)
	user := srv.register(t, desks, "user@example.com")
	adminSess := srv.register(t, desks, "admin@example.com")
	if err := srv.accounts.SetRoles(context.Background(), "desks", adminSess.UserID, []string{platform.RoleUser, platform.RoleAdmin}); err != nil {
		t.Fatal(err)
	}
	code, body := srv.call(t, desks, user.AccessToken, "GET", "/api/admin/contacts", nil, nil)
	must(t, code, body, 403)
	var admin session
	code, body = srv.call(t, desks, "", "POST", "/api/auth/login", map[string]string{"email": "admin@example.com", "password": "oak desk 42"}, &admin)
	must(t, code, body, 200)
	if strings.Join(admin.Scopes, ",") != "internal,admin2" || !strings.Contains(body, `{"action":"read","subject":"AclDemo"}`) {
		t.Fatalf("admin session %s", body)
	}
	code, body = srv.call(t, desks, admin.AccessToken, "GET", "/api/admin/contacts", nil, nil)
	must(t, code, body, 200)
}

func TestLoginAndContactAreRateLimited(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	srv := newPlatformServer(t, db, func(o *httpapi.Options) {
		o.Limits = httpapi.RateLimits{LoginPerIPPerMinute: 100, LoginFailuresPerAccount: 3, ContactPerIPPerHour: 2}
	})
	for i := 0; i < 3; i++ {
		code, body := srv.call(t, desks, "", "POST", "/api/auth/login", map[string]string{"email": "target@example.com", "password": "guess 1234"}, nil)
		must(t, code, body, 401)
	}
	code, body := srv.call(t, desks, "", "POST", "/api/auth/login", map[string]string{"email": "target@example.com", "password": "guess 1234"}, nil)
	if code != 429 || !strings.Contains(body, "too many failed attempts") {
		t.Fatalf("4th attempt: %d %s", code, body)
	}
	// Another site's account of the same e-mail is counted apart.
	code, body = srv.call(t, tutoring, "", "POST", "/api/auth/login", map[string]string{"email": "target@example.com", "password": "guess 1234"}, nil)
	must(t, code, body, 401)
	contact := map[string]string{"name": "Ala", "email": "ala@example.com", "message": "Is the oak desk still available?"}
	for i := 0; i < 2; i++ {
		code, body := srv.call(t, desks, "", "POST", "/api/contact", contact, nil)
		must(t, code, body, 202)
	}
	req, _ := http.NewRequest("POST", srv.URL+"/api/contact", strings.NewReader(`{"name":"Ala","email":"ala@example.com","message":"Is the oak desk still available?"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("3rd contact: %d %v", resp.StatusCode, resp.Header)
	}
}

// jwksServer serves a locally generated RSA key set, like the provider.
func jwksServer(t *testing.T) (*rsa.PrivateKey, *httptest.Server) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	set := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &key.PublicKey, KeyID: "k1", Algorithm: "RS256", Use: "sig"}}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		json.NewEncoder(w).Encode(set)
	}))
	t.Cleanup(srv.Close)
	return key, srv
}

func idToken(t *testing.T, key *rsa.PrivateKey, kid string, claims jwt.MapClaims) string {
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestGoogleSignInWithALocallySignedIDToken(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		key, jwks := jwksServer(t)
		srv := newPlatformServer(t, db, func(o *httpapi.Options) {
			o.Sites = sitesWithGoogle(t)
			o.Identity = google.NewVerifier(google.Options{JWKSURL: jwks.URL, Issuers: []string{"https://accounts.google.com"}})
		})
		claims := func(aud string, mod func(jwt.MapClaims)) jwt.MapClaims {
			c := jwt.MapClaims{"iss": "https://accounts.google.com", "aud": aud, "sub": "10769150350006150715113082367",
				"email": "Jan@Example.com", "email_verified": true, "name": "Jan Kowalski",
				"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()}
			if mod != nil {
				mod(c)
			}
			return c
		}
		signIn := func(host, token string) (int, string, session) {
			var s session
			code, body := srv.call(t, host, "", "POST", "/api/auth/google", map[string]string{"idToken": token}, &s)
			return code, body, s
		}
		// The local client id on a localhost host.
		code, body, first := signIn(desks, idToken(t, key, "k1", claims("desks-local.apps.example", nil)))
		if code != 200 || first.User.Email != "jan@example.com" || first.User.DisplayName != "Jan Kowalski" {
			t.Fatalf("sign-in: %d %s", code, body)
		}
		code, body, again := signIn(desks, idToken(t, key, "k1", claims("desks-local.apps.example", nil)))
		if code != 200 || again.UserID != first.UserID {
			t.Fatalf("second sign-in must reuse the account: %d %s", code, body)
		}
		other, _ := rsa.GenerateKey(rand.Reader, 2048)
		refused := map[string]string{
			"production client id on localhost": idToken(t, key, "k1", claims("desks-prod.apps.example", nil)),
			"foreign audience":                  idToken(t, key, "k1", claims("someone-else", nil)),
			"expired":                           idToken(t, key, "k1", claims("desks-local.apps.example", func(c jwt.MapClaims) { c["exp"] = time.Now().Add(-time.Hour).Unix() })),
			"wrong issuer":                      idToken(t, key, "k1", claims("desks-local.apps.example", func(c jwt.MapClaims) { c["iss"] = "https://evil.example" })),
			"unverified e-mail":                 idToken(t, key, "k1", claims("desks-local.apps.example", func(c jwt.MapClaims) { c["email_verified"] = false })),
			"signed by another key":             idToken(t, other, "k1", claims("desks-local.apps.example", nil)),
			"unknown key id":                    idToken(t, other, "k9", claims("desks-local.apps.example", nil)),
			"not a JWT":                         "abc.def.ghi",
		}
		for name, tok := range refused {
			if code, body, _ := signIn(desks, tok); code != 401 {
				t.Errorf("%s: %d %s", name, code, body)
			}
		}
		// A site without a client id refuses with a clear message.
		code, body, _ = signIn(tutoring, idToken(t, key, "k1", claims("desks-local.apps.example", nil)))
		if code != 422 || !strings.Contains(body, "not configured") {
			t.Fatalf("site without Google: %d %s", code, body)
		}
	})
}
