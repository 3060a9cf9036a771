package blob

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/platform"
)

// The example request of the AWS Signature Version 4 documentation for S3
// ("GET Object", examplebucket, 2013-05-24) and its published signature.
func TestSignMatchesPublishedExample(t *testing.T) {
	req, _ := http.NewRequest(http.MethodGet, "https://examplebucket.s3.amazonaws.com/test.txt", nil)
	req.Header.Set("Range", "bytes=0-9")
	Sign(req, nil, "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1",
		time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC))
	want := "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
		"SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
		"Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
	if got := req.Header.Get("Authorization"); got != want {
		t.Fatalf("Authorization\n got %s\nwant %s", got, want)
	}
}

// fakeS3 keeps objects in memory and refuses requests whose signature or
// payload hash does not check out.
func fakeS3(t *testing.T, access, secret string) *httptest.Server {
	objects := map[string][]byte{}
	var mu sync.Mutex
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		at, err := time.Parse("20060102T150405Z", r.Header.Get("X-Amz-Date"))
		if err != nil || r.Header.Get("X-Amz-Content-Sha256") != sha256Hex(body) {
			http.Error(w, "bad date or payload hash", http.StatusForbidden)
			return
		}
		check, _ := http.NewRequest(r.Method, "http://"+r.Host+r.URL.RequestURI(), nil)
		for _, h := range []string{"Content-Type", "Range"} {
			if v := r.Header.Get(h); v != "" {
				check.Header.Set(h, v)
			}
		}
		Sign(check, body, access, secret, "eu-test-1", at)
		if check.Header.Get("Authorization") != r.Header.Get("Authorization") {
			http.Error(w, "SignatureDoesNotMatch", http.StatusForbidden)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		switch r.Method {
		case http.MethodPut:
			objects[r.URL.Path] = body
		case http.MethodGet:
			b, ok := objects[r.URL.Path]
			if !ok {
				http.NotFound(w, r)
				return
			}
			w.Write(b)
		case http.MethodDelete:
			delete(objects, r.URL.Path)
			w.WriteHeader(http.StatusNoContent)
		}
	}))
}

func TestS3RoundTrip(t *testing.T) {
	srv := fakeS3(t, "AK", "SECRET")
	defer srv.Close()
	ctx := context.Background()
	s3, err := NewS3(S3Options{Endpoint: srv.URL, Region: "eu-test-1", Bucket: "souk", AccessKey: "AK", SecretKey: "SECRET"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s3.Put(ctx, "desks/l1/a.jpg", []byte("jpeg bytes")); err != nil {
		t.Fatal(err)
	}
	rc, info, err := s3.Open(ctx, "desks/l1/a.jpg")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	rc.Close()
	if string(got) != "jpeg bytes" || info.ContentType != "image/jpeg" {
		t.Fatalf("got %q %+v", got, info)
	}
	if err := s3.Delete(ctx, "desks/l1/a.jpg"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s3.Open(ctx, "desks/l1/a.jpg"); platform.ErrorCode(err) != platform.ENOTFOUND {
		t.Fatalf("deleted object: %v", err)
	}
	wrong, _ := NewS3(S3Options{Endpoint: srv.URL, Region: "eu-test-1", Bucket: "souk", AccessKey: "AK", SecretKey: "WRONG"})
	if err := wrong.Put(ctx, "desks/l1/b.jpg", []byte("x")); err == nil || !strings.Contains(err.Error(), "SignatureDoesNotMatch") {
		t.Fatalf("wrong secret: %v", err)
	}
}

func TestLocalKeysCannotEscape(t *testing.T) {
	l, err := NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, key := range []string{"../x.jpg", "desks/../../etc/passwd", "/abs.jpg", "desks//a.jpg", ".hidden", ""} {
		if err := l.Put(ctx, key, []byte("x")); err == nil {
			t.Errorf("key %q accepted", key)
		}
		if _, _, err := l.Open(ctx, key); platform.ErrorCode(err) != platform.ENOTFOUND {
			t.Errorf("open %q: %v", key, err)
		}
	}
	if err := l.Put(ctx, "desks/l1/a.png", []byte("png")); err != nil {
		t.Fatal(err)
	}
	rc, info, err := l.Open(ctx, "desks/l1/a.png")
	if err != nil || info.ContentType != "image/png" || info.Size != 3 {
		t.Fatalf("open: %+v %v", info, err)
	}
	rc.Close()
}
