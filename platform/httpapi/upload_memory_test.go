package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	imgpkg "image"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"souk/platform/gallery"
	"souk/platform/httpapi"
	"souk/platform/imaging"
	"souk/platform/store/storetest"
)

// largestPhoto is a picture at the largest size uploads allow, with
// enough detail that its encoders cannot collapse it.
func largestPhoto(side int) *imgpkg.NRGBA {
	img := imgpkg.NewNRGBA(imgpkg.Rect(0, 0, side, side))
	for y := range side {
		for x := range side {
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(x>>4), uint8(y>>4), uint8((x^y)>>3), 255
		}
	}
	return img
}

// postImage uploads file; unlike srv.upload it is safe off the test's
// goroutine.
func postImage(srv *platformServer, token, listingID string, file []byte) (int, string, error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", "picture")
	if err != nil {
		return 0, "", err
	}
	fw.Write(file)
	mw.Close()
	req, err := http.NewRequest("POST", srv.URL+"/api/listings/"+listingID+"/images", &buf)
	if err != nil {
		return 0, "", err
	}
	req.Host = desks
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := srv.Client().Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), err
}

// TestConcurrentLargeUploadsStayWithinTheImageBudget sends eight uploads
// at once of pictures at the largest allowed size, in each format whose
// decoder allocates differently, and checks the process stays within the
// decoding budget plus a fixed allowance for everything else, while
// browsing offers stays quick.
func TestConcurrentLargeUploadsStayWithinTheImageBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes dozens of 16-megapixel pictures")
	}
	const (
		side      = 4096
		budgetMiB = 300 // room for one progressive CMYK JPEG at full size
		slackMiB  = 150
		parallel  = 8
	)
	photo := largestPhoto(side)
	var pngFile, jpegFile bytes.Buffer
	if err := png.Encode(&pngFile, photo); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&jpegFile, photo, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	photo = nil
	pictures := []struct {
		format string
		data   []byte
	}{
		{"PNG", pngFile.Bytes()},
		{"baseline JPEG", jpegFile.Bytes()},
	}
	for _, f := range []struct{ format, file string }{
		{"progressive JPEG", "progressive-444.jpg"},
		{"progressive CMYK JPEG", "progressive-cmyk.jpg"},
		{"lossy WebP", "lossy-4096.webp"},
		{"lossless WebP", "lossless-4096.webp"},
	} {
		data, err := os.ReadFile("../imaging/testdata/" + f.file)
		if err != nil {
			t.Fatal(err)
		}
		pictures = append(pictures, struct {
			format string
			data   []byte
		}{f.format, data})
	}

	db := storetest.Open(t, "sqlite")
	srv := newPlatformServer(t, db, func(o *httpapi.Options) {
		images := o.Images.(*gallery.Service)
		images.MaxBytes, images.MaxImages = 10<<20, parallel*len(pictures)
		images.Pictures = imaging.New(imaging.Limits{MaxPixels: 25_000_000, MaxInputSide: side, Memory: budgetMiB << 20})
		o.MaxUploadBytes = 10 << 20
	})
	ala := srv.register(t, desks, "ala@example.com")
	l := srv.createListing(t, desks, ala.AccessToken, "Oak desk")

	for _, pic := range pictures {
		t.Run(pic.format, func(t *testing.T) {
			codes := make([]int, parallel)
			bodies := make([]string, parallel)
			errs := make([]error, parallel)
			var slowest time.Duration
			var offersErr error
			start := time.Now()
			peak := peakRSS(t, func() {
				done := make(chan struct{})
				browsed := make(chan struct{})
				go func() {
					defer close(browsed)
					slowest, offersErr = browseOffers(srv, done)
				}()
				var wg sync.WaitGroup
				for i := range parallel {
					wg.Go(func() { codes[i], bodies[i], errs[i] = postImage(srv, ala.AccessToken, l.ID, pic.data) })
				}
				wg.Wait()
				close(done)
				<-browsed
			})
			took := time.Since(start)
			stored := 0
			for i, code := range codes {
				switch {
				case errs[i] != nil:
					t.Errorf("upload %d: %v", i, errs[i])
				case code == http.StatusCreated:
					stored++
				case code == http.StatusServiceUnavailable && decodeProblem(t, bodies[i]).Detail != "":
					// Waited its bounded time for memory: a clear "try again".
				default:
					t.Errorf("upload %d of a %d-byte %s: %d %s", i, len(pic.data), pic.format, code, bodies[i])
				}
			}
			t.Logf("%s (%d bytes): %d of %d stored, peak RSS %d MiB, %v, slowest GET /api/offers %v",
				pic.format, len(pic.data), stored, parallel, peak, took.Round(100*time.Millisecond), slowest.Round(time.Millisecond))
			if stored == 0 {
				t.Errorf("no upload of the %s was stored", pic.format)
			}
			if peak >= budgetMiB+slackMiB {
				t.Errorf("peak RSS %d MiB, want under the %d MiB budget plus %d MiB", peak, budgetMiB, slackMiB)
			}
			if offersErr != nil {
				t.Error(offersErr)
			} else if slowest >= time.Second {
				t.Errorf("GET /api/offers took %v while pictures were processed, want under 1s", slowest)
			}
		})
	}
}

// browseOffers asks for the offers page until done is closed and returns
// the slowest answer.
func browseOffers(srv *platformServer, done <-chan struct{}) (time.Duration, error) {
	var slowest time.Duration
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		req, err := http.NewRequest("GET", srv.URL+"/api/offers?page=1", nil)
		if err != nil {
			return slowest, err
		}
		req.Host = desks
		start := time.Now()
		resp, err := srv.Client().Do(req)
		if err != nil {
			return slowest, err
		}
		var page struct {
			Items []json.RawMessage `json:"items"`
		}
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
