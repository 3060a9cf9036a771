package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestConcurrentLargeUploadsStayWithinTheImageBudget runs souk with a
// 300 MiB image budget and, for each format whose decoder allocates
// differently, sends eight uploads at once of a picture at the largest
// size allowed. The process's peak resident memory must stay under the
// budget plus 150 MiB, and the offers page must keep answering in under a
// second meanwhile. Each format gets a fresh process so its peak is its
// own.
func TestConcurrentLargeUploadsStayWithinTheImageBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary, decodes dozens of 16-megapixel pictures")
	}
	const (
		side      = 4096
		budgetMiB = 300 // room for one progressive CMYK JPEG at full size
		slackMiB  = 150
		parallel  = 8
	)
	bin := buildSouk(t)
	type picture struct {
		format string
		data   []byte
	}
	photo := detailedPhoto(side)
	var pngFile, jpegFile bytes.Buffer
	if err := png.Encode(&pngFile, photo); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&jpegFile, photo, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	pictures := []picture{{"PNG", pngFile.Bytes()}, {"baseline JPEG", jpegFile.Bytes()}}
	for _, f := range []struct{ format, file string }{
		{"progressive JPEG", "progressive-444.jpg"},
		{"progressive CMYK JPEG", "progressive-cmyk.jpg"},
		{"lossy WebP", "lossy-4096.webp"},
		{"lossless WebP", "lossless-4096.webp"},
	} {
		data, err := os.ReadFile("../../platform/imaging/testdata/" + f.file)
		if err != nil {
			t.Fatal(err)
		}
		pictures = append(pictures, picture{f.format, data})
	}

	for _, pic := range pictures {
		t.Run(pic.format, func(t *testing.T) {
			cmd, base, _ := startSouk(t, bin,
				"SOUK_PLATFORM_UPLOADS_DECODE_MEMORY="+strconv.Itoa(budgetMiB<<20),
				"SOUK_PLATFORM_UPLOADS_MAX_IMAGE_SIDE="+strconv.Itoa(side),
				"SOUK_PLATFORM_UPLOADS_MAX_IMAGES_PER_LISTING=50")
			client := &http.Client{Timeout: 60 * time.Second}
			token, listingID := sellerWithListing(t, client, base)

			codes := make([]int, parallel)
			bodies := make([]string, parallel)
			errs := make([]error, parallel)
			// What the same server, on the same machine, takes to answer
			// before any picture arrives: on a machine whose cores are
			// busy with other work that alone can approach a second. The
			// pictures must add less than a second to it.
			quiet := make(chan struct{})
			time.AfterFunc(2*time.Second, func() { close(quiet) })
			before, err := browseOffers(client, base, quiet)
			if err != nil {
				t.Fatal(err)
			}
			var slowest time.Duration
			var offersErr error
			done := make(chan struct{})
			browsed := make(chan struct{})
			go func() {
				defer close(browsed)
				slowest, offersErr = browseOffers(client, base, done)
			}()
			start := time.Now()
			var wg sync.WaitGroup
			for i := range parallel {
				wg.Go(func() { codes[i], bodies[i], errs[i] = uploadImage(client, base, token, listingID, pic.data) })
			}
			wg.Wait()
			took := time.Since(start)
			close(done)
			<-browsed
			peak, err := peakRSSMiB(cmd.Process.Pid)
			if err != nil {
				t.Fatal(err)
			}

			stored := 0
			for i, code := range codes {
				switch {
				case errs[i] != nil:
					t.Errorf("upload %d: %v", i, errs[i])
				case code == http.StatusCreated:
					stored++
				case code == http.StatusServiceUnavailable && strings.Contains(bodies[i], `"detail"`):
					// Waited its bounded time for memory: a clear "try again".
				default:
					t.Errorf("upload %d of a %d-byte %s: %d %s", i, len(pic.data), pic.format, code, bodies[i])
				}
			}
			t.Logf("%s (%d bytes): %d of %d stored, peak RSS %d MiB, %v, slowest GET /api/offers %v (%v before the uploads)",
				pic.format, len(pic.data), stored, parallel, peak, took.Round(100*time.Millisecond), slowest.Round(time.Millisecond), before.Round(time.Millisecond))
			if stored == 0 {
				t.Errorf("no upload of the %s was stored", pic.format)
			}
			if peak >= budgetMiB+slackMiB {
				t.Errorf("peak RSS %d MiB, want under the %d MiB budget plus %d MiB", peak, budgetMiB, slackMiB)
			}
			if offersErr != nil {
				t.Error(offersErr)
			} else if slowest >= before+time.Second {
				t.Errorf("GET /api/offers took %v while pictures were processed, want under 1s more than the %v it took before", slowest, before)
			}
		})
	}
}

// detailedPhoto is a picture with enough detail that its encoders cannot
// collapse it.
func detailedPhoto(side int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	for y := range side {
		for x := range side {
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(x>>4), uint8(y>>4), uint8((x^y)>>3), 255
		}
	}
	return img
}

// sellerWithListing registers a seller, signs in and creates a listing to
// upload pictures to.
func sellerWithListing(t *testing.T, client *http.Client, base string) (token, listingID string) {
	t.Helper()
	post := func(path, token, body string, out any) {
		t.Helper()
		req, err := http.NewRequest("POST", base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		if resp.StatusCode >= 300 {
			t.Fatalf("POST %s: %d %s", path, resp.StatusCode, raw)
		}
		if out != nil {
			if err := json.Unmarshal(raw, out); err != nil {
				t.Fatalf("POST %s: %v in %s", path, err, raw)
			}
		}
	}
	var sess struct{ AccessToken string }
	var listing struct{ ID string }
	post("/api/auth/register", "", `{"email":"ala@example.com","password":"oak desk 42","displayName":"Ala"}`, nil)
	post("/api/auth/login", "", `{"email":"ala@example.com","password":"oak desk 42"}`, &sess)
	post("/api/listings", sess.AccessToken, `{"productName":"Oak desk","description":"Solid oak, 120 x 60 cm",`+
		`"price":{"amount":"250.00","currency":"PLN"},"duration":30,"location":"Kraków"}`, &listing)
	return sess.AccessToken, listing.ID
}

func uploadImage(client *http.Client, base, token, listingID string, file []byte) (int, string, error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", "picture")
	if err != nil {
		return 0, "", err
	}
	fw.Write(file)
	mw.Close()
	req, err := http.NewRequest("POST", base+"/api/listings/"+listingID+"/images", &buf)
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), err
}

// browseOffers asks for the offers page until done is closed and returns
// the slowest answer.
func browseOffers(client *http.Client, base string, done <-chan struct{}) (time.Duration, error) {
	var slowest time.Duration
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		start := time.Now()
		resp, err := client.Get(base + "/api/offers?page=1")
		if err != nil {
			return slowest, err
		}
		var page struct{ Items []json.RawMessage }
		err = json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			return slowest, fmt.Errorf("GET /api/offers: %d %v", resp.StatusCode, err)
		}
		slowest = max(slowest, time.Since(start))
		select {
		case <-done:
			return slowest, nil
		case <-tick.C:
		}
	}
}

// peakRSSMiB is the highest resident set size process pid has had (the
// kernel's VmHWM).
func peakRSSMiB(pid int) (int, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				return 0, fmt.Errorf("parse %q: %w", sc.Text(), err)
			}
			return kb >> 10, nil
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/%d/status", pid)
}
