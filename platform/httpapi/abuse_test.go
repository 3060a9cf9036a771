package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	imgpkg "image"
	"image/png"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/platform/gallery"
	"souk/platform/httpapi"
	"souk/platform/imaging"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

// postFrom sends a JSON POST as if from client address ip behind the
// trusted proxy the test server runs as.
func (s *platformServer) postFrom(t *testing.T, ip, path, body string) (int, http.Header, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", s.URL+path, strings.NewReader(body))
	req.Host = desks
	req.Header.Set("Content-Type", "application/json")
	if ip != "" {
		req.Header.Set("X-Forwarded-For", ip)
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var sb strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		sb.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp.StatusCode, resp.Header, sb.String()
}

func behindProxy(o *httpapi.Options) {
	o.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
}

func TestBogusResetTokensCostNoHashing(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	srv := newPlatformServer(t, db) // no rate limits: the cost itself is tested
	const requests, parallel = 200, 100
	var refused sync.Map
	peak := peakRSS(t, func() {
		var wg sync.WaitGroup
		slots := make(chan struct{}, parallel)
		for i := range requests {
			wg.Add(1)
			slots <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-slots }()
				body := fmt.Sprintf(`{"token":"bogus-%d","password":"new password %d"}`, i, i)
				code, _, _ := srv.postFrom(t, "", "/api/auth/reset-password", body)
				refused.Store(i, code)
			}()
		}
		wg.Wait()
	})
	refused.Range(func(k, v any) bool {
		if v.(int) != http.StatusUnprocessableEntity {
			t.Errorf("bogus reset %v: %v, want 422", k, v)
		}
		return true
	})
	t.Logf("peak RSS during %d bogus resets (%d at a time): %d MiB", requests, parallel, peak)
	if peak >= 300 {
		t.Fatalf("peak RSS %d MiB, want under 300 MiB", peak)
	}
}

func TestResetIsRateLimitedPerIP(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	srv := newPlatformServer(t, db, behindProxy, func(o *httpapi.Options) { o.Limits.ResetPerIPPerHour = 3 })
	for i := range 4 {
		code, hdr, body := srv.postFrom(t, "203.0.113.9", "/api/auth/reset-password", `{"token":"bogus","password":"new password 7"}`)
		want := map[bool]int{true: 422, false: 429}[i < 3]
		if code != want || (code == 429 && hdr.Get("Retry-After") == "") {
			t.Fatalf("reset attempt %d: %d %s, want %d", i+1, code, body, want)
		}
	}
}

func TestSaturatedHashingAnswers503(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	hashes := store.NewHashLimiter(1, 10*time.Millisecond)
	srv := newPlatformServer(t, db, func(o *httpapi.Options) {
		o.Accounts = store.NewAccountService(db, store.AccountOptions{Hashes: hashes})
	})
	srv.register(t, desks, "busy@example.com")
	release, err := hashes.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	code, hdr, body := srv.postFrom(t, "", "/api/auth/login", `{"email":"busy@example.com","password":"oak desk 42"}`)
	p := decodeProblem(t, body)
	if code != 503 || hdr.Get("Retry-After") == "" || hdr.Get("Content-Type") != "application/problem+json" || !strings.Contains(p.Detail, "busy") {
		t.Fatalf("login with hashing saturated: %d %v %s", code, hdr, body)
	}
}

func TestAttackedAccountOwnerSignsInFromANewAddress(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	srv := newPlatformServer(t, db, behindProxy, func(o *httpapi.Options) {
		o.Limits = httpapi.RateLimits{LoginPerIPPerMinute: 20, LoginFailuresPerAccount: 5}
	})
	srv.register(t, desks, "owner@example.com")
	wrong := `{"email":"owner@example.com","password":"guess 12345"}`
	// Ten wrong passwords from ten addresses, then ten more from one.
	for i := range 10 {
		code, _, body := srv.postFrom(t, fmt.Sprintf("198.51.100.%d", i+1), "/api/auth/login", wrong)
		must(t, code, body, 401)
	}
	var slowed bool
	for range 10 {
		code, hdr, _ := srv.postFrom(t, "198.51.100.1", "/api/auth/login", wrong)
		if code == 429 && hdr.Get("Retry-After") != "" {
			slowed = true
			break
		}
	}
	if !slowed {
		t.Fatal("repeated failures from one address were never slowed down")
	}
	code, _, body := srv.postFrom(t, "192.0.2.77", "/api/auth/login", `{"email":"owner@example.com","password":"oak desk 42"}`)
	must(t, code, body, 200)
}

func TestForgotPasswordTakesTheSameTimeForUnknownAddresses(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	srv := newPlatformServer(t, db)
	start := time.Now()
	code, _, body := srv.postFrom(t, "", "/api/auth/forgot-password", `{"email":"nobody@example.com"}`)
	must(t, code, body, 202)
	// A known address stores and mails a link; an unknown one must not
	// answer sooner than the floor both wait for.
	if took := time.Since(start); took < 250*time.Millisecond {
		t.Fatalf("an unknown address answered in %v, before the common floor", took)
	}
}

// pictureBomb is a 7000×7000 PNG: some 50 KB on the wire, about 200 MB as
// a bitmap.
func pictureBomb(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, imgpkg.NewNRGBA(imgpkg.Rect(0, 0, 7000, 7000))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestLargeDimensionUploadsAreRefusedBeforeDecoding(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	const budgetMiB = 256
	srv := newPlatformServer(t, db, func(o *httpapi.Options) {
		o.Images.(*gallery.Service).Pictures = imaging.New(imaging.Limits{MaxPixels: 25_000_000, MaxInputSide: 4096, Memory: budgetMiB << 20})
	})
	ala := srv.register(t, desks, "ala@example.com")
	l := srv.createListing(t, desks, ala.AccessToken, "Oak desk")
	bomb := pictureBomb(t)
	codes := make([]int, 8)
	bodies := make([]string, 8)
	peak := peakRSS(t, func() {
		var wg sync.WaitGroup
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], bodies[i] = srv.upload(t, desks, ala.AccessToken, l.ID, bomb)
			}()
		}
		wg.Wait()
	})
	for i, code := range codes {
		if code != http.StatusUnprocessableEntity || !decodeProblem(t, bodies[i]).hasField("body.file") || !strings.Contains(bodies[i], "too large") {
			t.Errorf("upload %d of a %d-byte 7000×7000 PNG: %d %s", i, len(bomb), code, bodies[i])
		}
	}
	t.Logf("peak RSS during 8 concurrent 7000×7000 uploads: %d MiB", peak)
	if peak >= budgetMiB {
		t.Fatalf("peak RSS %d MiB, want under the %d MiB decoding budget", peak, budgetMiB)
	}
}
