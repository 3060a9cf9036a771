package httpapi_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	imgpkg "image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"souk/platform/fetch"
	"souk/platform/gallery"
	"souk/platform/httpapi"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

func testPicture(w, h int, alpha uint8) imgpkg.Image {
	img := imgpkg.NewNRGBA(imgpkg.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), 90, alpha})
		}
	}
	return img
}

func pngBytes(t *testing.T, w, h int, alpha uint8) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, testPicture(w, h, alpha)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func jpegBytes(t *testing.T, w, h int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, testPicture(w, h, 255), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withTextChunk inserts a tEXt metadata chunk before IEND, as cameras and
// editors do with location or author data.
func withTextChunk(p []byte, text string) []byte {
	data := []byte("Comment\x00" + text)
	chunk := make([]byte, 8, 12+len(data))
	binary.BigEndian.PutUint32(chunk, uint32(len(data)))
	copy(chunk[4:], "tEXt")
	chunk = append(chunk, data...)
	crc := crc32.NewIEEE()
	crc.Write(chunk[4:])
	chunk = binary.BigEndian.AppendUint32(chunk, crc.Sum32())
	iend := len(p) - 12
	return append(append(append([]byte{}, p[:iend]...), chunk...), p[iend:]...)
}

func (s *platformServer) upload(t *testing.T, host, token, listingID string, file []byte) (int, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "picture.png")
	fw.Write(file)
	mw.Close()
	req, _ := http.NewRequest("POST", s.URL+"/api/listings/"+listingID+"/images", &buf)
	req.Host = host
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	return s.do(t, req, nil)
}

func TestListingCRUDAndSearch(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		srv := newPlatformServer(t, db)
		ala := srv.register(t, desks, "ala@example.com")
		bob := srv.register(t, desks, "bob@example.com")
		oak := srv.createListing(t, desks, ala.AccessToken, "Oak desk")
		srv.createListing(t, desks, ala.AccessToken, "Pine table")
		srv.createListing(t, desks, bob.AccessToken, "Glass desk 100% tempered")

		code, body := srv.call(t, desks, ala.AccessToken, "POST", "/api/listings", map[string]any{
			"productName": "", "price": map[string]string{"amount": "12.345", "currency": "XXX"}, "duration": 400}, nil)
		p := decodeProblem(t, body)
		if code != 422 || !p.hasField("body.productName") || !p.hasField("body.price.amount") || !p.hasField("body.duration") {
			t.Fatalf("invalid listing: %d %s", code, body)
		}
		code, body = srv.call(t, desks, ala.AccessToken, "POST", "/api/listings", map[string]any{
			"productName": "Desk", "price": map[string]string{"amount": "12.50", "currency": "QQQ"}, "duration": 3}, nil)
		if code != 422 || !decodeProblem(t, body).hasField("body.price.currency") {
			t.Fatalf("unknown currency: %d %s", code, body)
		}

		var page struct {
			Items    []listing `json:"items"`
			Total    int       `json:"total"`
			Page     int       `json:"page"`
			PageSize int       `json:"pageSize"`
		}
		code, body = srv.call(t, desks, ala.AccessToken, "GET", "/api/listings?pageSize=1&page=2", nil, &page)
		if code != 200 || page.Total != 2 || len(page.Items) != 1 || page.Items[0].ProductName != "Oak desk" {
			t.Fatalf("my items page 2: %d %s", code, body)
		}
		code, body = srv.call(t, desks, "", "GET", "/api/offers?q=DESK", nil, &page)
		if code != 200 || page.Total != 2 {
			t.Fatalf("public search: %d %s", code, body)
		}
		code, body = srv.call(t, desks, "", "GET", "/api/offers?q=100%25", nil, &page)
		if code != 200 || page.Total != 1 || page.Items[0].Owner.ID != bob.UserID {
			t.Fatalf("search with a LIKE wildcard: %d %s", code, body)
		}
		code, body = srv.call(t, desks, "", "GET", "/api/offers/"+oak.ID, nil, nil)
		if code != 200 || !strings.Contains(body, `"amount":"250.00"`) || !strings.Contains(body, `"displayName":"ala"`) {
			t.Fatalf("offer page: %d %s", code, body)
		}

		// Only the owner changes or deletes.
		code, body = srv.call(t, desks, bob.AccessToken, "PATCH", "/api/listings/"+oak.ID, map[string]any{"productName": "Mine now"}, nil)
		must(t, code, body, 404)
		code, body = srv.call(t, desks, bob.AccessToken, "DELETE", "/api/listings/"+oak.ID, nil, nil)
		must(t, code, body, 404)
		var patched listing
		code, body = srv.call(t, desks, ala.AccessToken, "PATCH", "/api/listings/"+oak.ID, map[string]any{"price": map[string]string{"amount": "199.99", "currency": "eur"}}, &patched)
		if code != 200 || patched.Price.Amount != "199.99" || patched.Price.Currency != "EUR" || patched.ProductName != "Oak desk" {
			t.Fatalf("patch: %d %s", code, body)
		}
		code, body = srv.call(t, desks, ala.AccessToken, "DELETE", "/api/listings/"+oak.ID, nil, nil)
		must(t, code, body, 204)
		code, body = srv.call(t, desks, "", "GET", "/api/offers/"+oak.ID, nil, nil)
		must(t, code, body, 404)
		code, body = srv.call(t, desks, "", "GET", "/api/listings", nil, nil)
		must(t, code, body, 401)
	})
}

func TestListingImageUpload(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		srv := newPlatformServer(t, db)
		ala := srv.register(t, desks, "ala@example.com")
		bob := srv.register(t, desks, "bob@example.com")
		l := srv.createListing(t, desks, ala.AccessToken, "Oak desk")

		code, body := srv.upload(t, desks, ala.AccessToken, l.ID, withTextChunk(pngBytes(t, 3000, 1500, 255), "GPS 50.06N 19.94E"))
		must(t, code, body, 201)
		var img image
		decodeJSON(t, body, &img)
		if img.ContentType != "image/jpeg" || img.Width != 2048 || img.Height != 1024 || !strings.HasPrefix(img.URL, "/media/desks/") {
			t.Fatalf("image %+v", img)
		}
		resp, file := getMedia(t, srv, desks, img.URL)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/jpeg" || strings.Contains(file, "GPS") ||
			resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("served image: %d %v (metadata kept: %v)", resp.StatusCode, resp.Header, strings.Contains(file, "GPS"))
		}
		if thumb, _ := jpeg.DecodeConfig(bytes.NewReader([]byte(mustGet(t, srv, desks, img.ThumbnailURL)))); thumb.Width != 320 {
			t.Fatalf("thumbnail width %d", thumb.Width)
		}
		code, body = srv.upload(t, desks, ala.AccessToken, l.ID, pngBytes(t, 40, 40, 128))
		if code != 201 || !strings.Contains(body, `"contentType":"image/png"`) {
			t.Fatalf("transparent PNG stays PNG: %d %s", code, body)
		}

		refusals := []struct {
			name string
			file []byte
			want int
			text string
		}{
			{"PNG with a script appended (polyglot)", append(pngBytes(t, 10, 10, 255), []byte("<script>alert(1)</script>")...), 422, "data after the end of the image"},
			{"JPEG with a ZIP appended (polyglot)", append(jpegBytes(t, 10, 10), []byte("PK\x03\x04 payload")...), 422, "data after the end of the image"},
			{"HTML with a PNG signature", append([]byte("\x89PNG\r\n\x1a\n"), []byte("<html><script>alert(1)</script></html>")...), 422, "image"},
			{"plain HTML", []byte("<!doctype html><script>alert(1)</script>"), 422, "not a JPEG, PNG or WebP image"},
			{"oversized file", append(jpegBytes(t, 10, 10), make([]byte, 300<<10)...), 413, "larger than"},
		}
		for _, tc := range refusals {
			code, body := srv.upload(t, desks, ala.AccessToken, l.ID, tc.file)
			p := decodeProblem(t, body)
			if code != tc.want || !strings.Contains(body, tc.text) || !p.hasField("body.file") {
				t.Errorf("%s: %d %s", tc.name, code, body)
			}
		}
		code, body = srv.upload(t, desks, ala.AccessToken, l.ID, make([]byte, 400<<10))
		if code != 413 || !strings.Contains(body, "larger than") {
			t.Errorf("body over the upload limit: %d %s", code, body)
		}
		code, body = srv.upload(t, desks, bob.AccessToken, l.ID, pngBytes(t, 10, 10, 255))
		must(t, code, body, 404)
		code, body = srv.upload(t, desks, ala.AccessToken, l.ID, pngBytes(t, 10, 10, 255))
		must(t, code, body, 201)
		code, body = srv.upload(t, desks, ala.AccessToken, l.ID, pngBytes(t, 10, 10, 255))
		if code != 422 || !strings.Contains(body, "at most 3 images") {
			t.Fatalf("count limit: %d %s", code, body)
		}

		code, body = srv.call(t, desks, ala.AccessToken, "DELETE", "/api/listings/"+l.ID+"/images/"+img.ID, nil, nil)
		must(t, code, body, 204)
		if resp, _ := getMedia(t, srv, desks, img.URL); resp.StatusCode != 404 {
			t.Fatalf("deleted image still served: %d", resp.StatusCode)
		}
	})
}

func TestListingImageFromURL(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	good := pngBytes(t, 64, 48, 255)
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/desk.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(good)
		case "/page.html":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html></html>"))
		case "/huge.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(make([]byte, 300<<10))
		case "/to-private":
			http.Redirect(w, r, "http://10.0.0.1/desk.png", http.StatusFound)
		case "/to-metadata":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	defer origin.Close()
	withFetcher := func(allowLoopback bool) serverOption {
		return func(o *httpapi.Options) {
			o.Images.(*gallery.Service).Fetcher = fetch.New(fetch.Options{Timeout: 3 * time.Second, MaxBytes: 256 << 10, AllowLoopback: allowLoopback})
		}
	}
	// Tests only: loopback allowed so that the httptest origin is reachable.
	srv := newPlatformServer(t, db, withFetcher(true))
	ala := srv.register(t, desks, "ala@example.com")
	l := srv.createListing(t, desks, ala.AccessToken, "Oak desk")
	fromURL := func(s *platformServer, token, u string) (int, string) {
		return s.call(t, desks, token, "POST", "/api/listings/"+l.ID+"/images/from-url", map[string]string{"url": u}, nil)
	}
	code, body := fromURL(srv, ala.AccessToken, origin.URL+"/desk.png")
	if code != 201 || !strings.Contains(body, `"width":64`) {
		t.Fatalf("good URL: %d %s", code, body)
	}
	cases := []struct{ name, url, text string }{
		{"redirect to a private address", origin.URL + "/to-private", "local or private network"},
		{"redirect to the metadata address", origin.URL + "/to-metadata", "local or private network"},
		{"not an image", origin.URL + "/page.html", "does not serve a JPEG, PNG or WebP"},
		{"too large", origin.URL + "/huge.png", "larger than"},
		{"metadata address", "http://169.254.169.254/latest/meta-data/", "local or private network"},
		{"private address", "http://10.0.0.1/desk.png", "local or private network"},
		{"IPv6 unique local", "http://[fd00::1]/desk.png", "local or private network"},
		{"IPv4-mapped private", "http://[::ffff:10.0.0.1]/desk.png", "local or private network"},
		{"file scheme", "file:///etc/passwd", "only http and https"},
	}
	for _, tc := range cases {
		code, body := fromURL(srv, ala.AccessToken, tc.url)
		if code/100 != 4 || !strings.Contains(body, tc.text) || !decodeProblem(t, body).hasField("body.url") {
			t.Errorf("%s: %d %s", tc.name, code, body)
		}
	}
	// With the production setting, loopback is refused before connecting.
	strict := newPlatformServer(t, db, withFetcher(false))
	for _, u := range []string{origin.URL + "/desk.png", "http://127.0.0.1:1/desk.png", "http://localhost:1/x.png", "http://[::1]:1/x.png", "http://0.0.0.0:1/x.png"} {
		code, body := fromURL(strict, ala.AccessToken, u)
		if code != 422 || !strings.Contains(body, "local or private network") {
			t.Errorf("%s: %d %s", u, code, body)
		}
	}
}

func decodeJSON(t *testing.T, body string, out any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), out); err != nil {
		t.Fatalf("decode %q: %v", body, err)
	}
}

func getMedia(t *testing.T, srv *platformServer, host, path string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	req.Host = host
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	return resp, buf.String()
}

func mustGet(t *testing.T, srv *platformServer, host, path string) string {
	t.Helper()
	resp, body := getMedia(t, srv, host, path)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d", path, resp.StatusCode)
	}
	return body
}
