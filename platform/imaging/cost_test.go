package imaging

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
)

// allocated is how many bytes run allocates, with the collector off so
// nothing it frees early is missed.
func allocated(run func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// pixelBytes is the size of a decoded image's pixel arrays.
func pixelBytes(img image.Image) int64 {
	switch m := img.(type) {
	case *image.YCbCr:
		return int64(cap(m.Y) + cap(m.Cb) + cap(m.Cr))
	case *image.NYCbCrA:
		return int64(cap(m.Y) + cap(m.Cb) + cap(m.Cr) + cap(m.A))
	case *image.RGBA:
		return int64(cap(m.Pix))
	case *image.NRGBA:
		return int64(cap(m.Pix))
	case *image.RGBA64:
		return int64(cap(m.Pix))
	case *image.NRGBA64:
		return int64(cap(m.Pix))
	case *image.Gray:
		return int64(cap(m.Pix))
	case *image.Gray16:
		return int64(cap(m.Pix))
	case *image.CMYK:
		return int64(cap(m.Pix))
	case *image.Paletted:
		return int64(cap(m.Pix))
	}
	panic("pixelBytes: unexpected image type")
}

// gradient is a picture with some detail in every channel, so encoders
// cannot collapse it.
func gradient(w, h int, alpha bool) *image.NRGBA64 {
	img := image.NewNRGBA64(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			a := uint16(0xffff)
			if alpha {
				a = uint16(x * 0xffff / w)
			}
			img.SetNRGBA64(x, y, color.NRGBA64{uint16(x * 0xffff / w), uint16(y * 0xffff / h), uint16((x ^ y) << 6), a})
		}
	}
	return img
}

func encoded(t *testing.T, encode func(*bytes.Buffer) error) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func testdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestChargeCoversAllocations measures, per format, what decoding and
// then resizing and encoding allocate, and checks the charge taken from
// the memory budget covers each stage.
func TestChargeCoversAllocations(t *testing.T) {
	const w, h = 1200, 800
	rgb := gradient(w, h, false)
	rgba := gradient(w, h, true)
	gray := image.NewGray(rgb.Bounds())
	paletted := image.NewPaletted(rgb.Bounds(), color.Palette{color.Black, color.White, color.NRGBA{200, 10, 10, 255}})
	for i := range paletted.Pix {
		paletted.Pix[i] = uint8(i % 3)
		gray.Pix[i] = uint8(i)
	}
	rgb8 := image.NewNRGBA(rgb.Bounds())
	for i := range rgb8.Pix {
		rgb8.Pix[i] = rgb.Pix[2*i]
	}
	cases := []struct {
		name string
		data []byte
	}{
		{"baseline JPEG 4:2:0", encoded(t, func(b *bytes.Buffer) error { return jpeg.Encode(b, rgb, nil) })},
		{"grey JPEG", encoded(t, func(b *bytes.Buffer) error { return jpeg.Encode(b, gray, nil) })},
		{"progressive JPEG 4:4:4", testdata(t, "progressive-444.jpg")},
		{"progressive CMYK JPEG", testdata(t, "progressive-cmyk.jpg")},
		{"PNG 8-bit RGBA", encoded(t, func(b *bytes.Buffer) error { return png.Encode(b, rgb8) })},
		{"PNG 16-bit RGBA", encoded(t, func(b *bytes.Buffer) error { return png.Encode(b, rgba) })},
		{"PNG 16-bit RGB", encoded(t, func(b *bytes.Buffer) error { return png.Encode(b, rgb) })},
		{"PNG paletted", encoded(t, func(b *bytes.Buffer) error { return png.Encode(b, paletted) })},
		{"PNG grey", encoded(t, func(b *bytes.Buffer) error { return png.Encode(b, gray) })},
		{"lossy WebP", testdata(t, "lossy-4096.webp")},
		{"lossless WebP", testdata(t, "lossless-4096.webp")},
		{"lossy WebP with alpha", testdata(t, "photo.webp")},
		{"lossless WebP with alpha", testdata(t, "transparent.webp")},
	}
	p := New(Limits{Memory: 1 << 30})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, kind, err := image.DecodeConfig(bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			var c cost
			switch kind {
			case "jpeg":
				c, err = jpegCost(tc.data)
			case "png":
				c, err = pngCost(tc.data)
			case "webp":
				c, err = webpCost(tc.data, int64(cfg.Width), int64(cfg.Height))
			}
			if err != nil {
				t.Fatal(err)
			}
			var img image.Image
			decode := allocated(func() { img, _, err = image.Decode(bytes.NewReader(tc.data)) })
			if err != nil {
				t.Fatal(err)
			}
			whole := allocated(func() { _, err = p.Process(context.Background(), tc.data) })
			if err != nil {
				t.Fatal(err)
			}
			rest := int64(whole) - int64(decode)
			pixels := float64(cfg.Width * cfg.Height)
			t.Logf("%d×%d %T: decode %.1f MiB (%.2f B/px, charged %.2f), rest %.1f MiB (charged %.1f), peak charge %.1f MiB",
				cfg.Width, cfg.Height, img, float64(decode)/(1<<20), float64(decode)/pixels, float64(c.decode)/pixels,
				float64(rest)/(1<<20), float64(c.output)/(1<<20), float64(c.peak())/(1<<20))
			if int64(decode) > c.decode {
				t.Errorf("decoding allocates %d bytes, charged %d", decode, c.decode)
			}
			if got := pixelBytes(img); got > c.bitmap {
				t.Errorf("the decoded %T holds %d bytes, charged %d", img, got, c.bitmap)
			}
			if rest > c.output {
				t.Errorf("resizing and encoding allocate %d bytes, charged %d", rest, c.output)
			}
		})
	}
}
