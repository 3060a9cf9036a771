package imaging_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/platform"
	"souk/platform/imaging"
)

func encodePNG(t *testing.T, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}

func encodePNGForFuzz() []byte {
	var buf bytes.Buffer
	png.Encode(&buf, image.NewNRGBA(image.Rect(0, 0, 3, 2)))
	return buf.Bytes()
}

func TestWebPIsAccepted(t *testing.T) {
	cases := []struct {
		file, wantType string
	}{
		{"testdata/photo.webp", "image/jpeg"},      // lossy, opaque
		{"testdata/transparent.webp", "image/png"}, // lossless with alpha
	}
	for _, tc := range cases {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		res, err := imaging.New(imaging.Limits{}).Process(context.Background(), data)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if res.ContentType != tc.wantType || res.Width != 40 || res.Height != 30 {
			t.Fatalf("%s: %s %dx%d", tc.file, res.ContentType, res.Width, res.Height)
		}
		// The output is a plain image of the announced type.
		var cfg image.Config
		if tc.wantType == "image/jpeg" {
			cfg, err = jpeg.DecodeConfig(bytes.NewReader(res.Full))
		} else {
			cfg, err = png.DecodeConfig(bytes.NewReader(res.Full))
		}
		if err != nil || cfg.Width != 40 {
			t.Fatalf("%s re-encoded: %+v %v", tc.file, cfg, err)
		}
		// A WebP with bytes appended is a polyglot.
		if _, err := imaging.New(imaging.Limits{}).Process(context.Background(), append(data, "<?php system($_GET[1]); ?>"...)); platform.ErrorCode(err) != platform.EINVALID {
			t.Fatalf("%s with a payload: %v", tc.file, err)
		}
	}
}

func TestRefusals(t *testing.T) {
	good := encodePNG(t, 8, 8)
	truncated := good[:len(good)/2]
	huge := func() []byte {
		// A valid header announcing 20000 x 20000 pixels: refused before
		// decoding allocates anything.
		var buf bytes.Buffer
		png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1)))
		b := buf.Bytes()
		b[16], b[17], b[18], b[19] = 0, 0, 0x4e, 0x20
		b[20], b[21], b[22], b[23] = 0, 0, 0x4e, 0x20
		binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
		return b
	}()
	gif := []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	for name, data := range map[string][]byte{"truncated PNG": truncated, "decompression bomb": huge, "GIF": gif, "SVG": svg, "empty": {}} {
		_, err := imaging.New(imaging.Limits{}).Process(context.Background(), data)
		var perr *platform.Error
		if platform.ErrorCode(err) != platform.EINVALID {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if perr = err.(*platform.Error); len(perr.Fields) != 1 || perr.Fields[0].Field != "file" || perr.Message == "" {
			t.Errorf("%s: %+v", name, perr)
		}
	}
	if _, err := imaging.New(imaging.Limits{}).Process(context.Background(), huge); err == nil || !strings.Contains(err.Error(), "megapixels") {
		t.Errorf("bomb message: %v", err)
	}
}

func TestLargePicturesAreScaledAndThumbnailed(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 1000, 4000))
	for y := 0; y < 4000; y++ {
		for x := 0; x < 1000; x++ {
			img.Set(x, y, color.NRGBA{uint8(x), uint8(y), 0, 255})
		}
	}
	var buf bytes.Buffer
	jpeg.Encode(&buf, img, nil)
	res, err := imaging.New(imaging.Limits{}).Process(context.Background(), buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	thumb, _ := jpeg.DecodeConfig(bytes.NewReader(res.Thumb))
	if res.Width != 512 || res.Height != imaging.MaxSide || thumb.Height != imaging.ThumbSide || thumb.Width != 80 {
		t.Fatalf("full %dx%d thumb %dx%d", res.Width, res.Height, thumb.Width, thumb.Height)
	}
}

// withOrientation inserts an EXIF APP1 segment carrying Orientation after
// the JPEG's SOI marker, as phone cameras write it.
func withOrientation(jpg []byte, o uint16) []byte {
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, byte(o >> 8), byte(o), 0, 0, 0, 0, 0, 0, 0, 0}
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

func TestExifOrientationIsApplied(t *testing.T) {
	// 60 wide, 20 high; the left third red, the rest white.
	img := image.NewNRGBA(image.Rect(0, 0, 60, 20))
	for y := 0; y < 20; y++ {
		for x := 0; x < 60; x++ {
			c := color.NRGBA{255, 255, 255, 255}
			if x < 20 {
				c = color.NRGBA{255, 0, 0, 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95})
	// Orientation 6: displayed rotated 90° clockwise, so the red band ends
	// up at the top of a 20 x 60 picture.
	res, err := imaging.New(imaging.Limits{}).Process(context.Background(), withOrientation(buf.Bytes(), 6))
	if err != nil {
		t.Fatal(err)
	}
	out, err := jpeg.Decode(bytes.NewReader(res.Full))
	if err != nil {
		t.Fatal(err)
	}
	if res.Width != 20 || res.Height != 60 {
		t.Fatalf("size %dx%d, want 20x60", res.Width, res.Height)
	}
	r, g, _, _ := out.At(10, 5).RGBA()
	r2, g2, _, _ := out.At(10, 55).RGBA()
	if r>>8 < 200 || g>>8 > 60 || g2>>8 < 200 || r2>>8 < 200 {
		t.Fatalf("top pixel %d,%d bottom %d,%d: not rotated", r>>8, g>>8, r2>>8, g2>>8)
	}
	if bytes.Contains(res.Full, []byte("Exif")) {
		t.Fatal("EXIF kept")
	}
}

// pngOfSize is a real, small PNG file of a large uniform picture.
func pngOfSize(t *testing.T, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDimensionsAreCheckedFromTheHeader(t *testing.T) {
	p := imaging.New(imaging.Limits{MaxPixels: 4_000_000, MaxInputSide: 2500})
	for _, tc := range []struct {
		name string
		w, h int
		ok   bool
	}{
		{"within limits", 2000, 1500, true},
		{"a side too long", 2600, 100, false},
		{"too many pixels", 2100, 2100, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := p.Process(context.Background(), pngOfSize(t, tc.w, tc.h))
			if ok := err == nil; ok != tc.ok {
				t.Fatalf("%d×%d: %v", tc.w, tc.h, err)
			}
			if !tc.ok && (platform.ErrorCode(err) != platform.EINVALID || !strings.Contains(err.Error(), "too large")) {
				t.Fatalf("%d×%d: %v", tc.w, tc.h, err)
			}
		})
	}
}

func TestDecodingWaitsForItsMemoryShare(t *testing.T) {
	// Room for about one 1000×1000 picture and its output: a second one waits, and one
	// that waits too long is told to come back.
	p := imaging.New(imaging.Limits{Memory: 24_000_000, QueueTime: time.Millisecond})
	data := pngOfSize(t, 1000, 1000)
	if _, err := p.Process(context.Background(), data); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = p.Process(context.Background(), data)
		}()
	}
	wg.Wait()
	var busy int
	for _, err := range errs {
		switch platform.ErrorCode(err) {
		case "":
		case platform.EUNAVAILABLE:
			busy++
		default:
			t.Fatalf("unexpected error: %v", err)
		}
	}
	if busy == 0 {
		t.Fatal("eight pictures decoded at once within room for one")
	}
}

func TestPictureNeedingMoreThanTheWholeBudgetIsRefused(t *testing.T) {
	// A 4096×4096 progressive CMYK JPEG holds some 270 MiB while decoding:
	// with 256 MiB for all pictures it could never start, so it is told
	// what would fit rather than left to wait or to overrun the budget.
	data, err := os.ReadFile("testdata/progressive-cmyk.jpg")
	if err != nil {
		t.Fatal(err)
	}
	p := imaging.New(imaging.Limits{Memory: 256 << 20, QueueTime: time.Millisecond})
	_, err = p.Process(context.Background(), data)
	var perr *platform.Error
	if !errors.As(err, &perr) || perr.Code != platform.EINVALID || len(perr.Fields) != 1 || perr.Fields[0].Field != "file" {
		t.Fatalf("got %v, want an invalid file", err)
	}
	for _, want := range []string{"4096×4096 progressive CMYK JPEG", "256 MiB", "megapixels"} {
		if !strings.Contains(perr.Message, want) {
			t.Errorf("message %q does not say %q", perr.Message, want)
		}
	}
}
