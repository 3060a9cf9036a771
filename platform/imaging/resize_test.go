package imaging

import (
	"image"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// TestResizeMatchesTheReferenceScaler checks the streaming scaler against
// x/image's two-pass Catmull-Rom, on opaque and translucent pictures, when
// shrinking by whole and fractional factors and when not scaling at all.
func TestResizeMatchesTheReferenceScaler(t *testing.T) {
	for _, tc := range []struct {
		name       string
		src        image.Image
		w, h       int
		maxChannel int
	}{
		{"photo halved", ycbcrPattern(800, 600), 400, 300, 2},
		{"photo by 12.8", ycbcrPattern(1280, 960), 100, 75, 2},
		{"translucent by 2.6", gradient(520, 390, true), 200, 150, 2},
		{"same size", gradient(64, 48, false), 64, 48, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := resize(tc.src, tc.w, tc.h)
			want := image.NewNRGBA(image.Rect(0, 0, tc.w, tc.h))
			xdraw.CatmullRom.Scale(want, want.Bounds(), tc.src, tc.src.Bounds(), xdraw.Src, nil)
			worst := 0
			for i := range got.Pix {
				if got.Pix[i+3-i%4] == 0 && want.Pix[i+3-i%4] <= 1 {
					continue // colour under full transparency is not seen
				}
				worst = max(worst, abs(int(got.Pix[i])-int(want.Pix[i])))
			}
			if worst > tc.maxChannel {
				t.Fatalf("a channel differs by %d from the reference, want at most %d", worst, tc.maxChannel)
			}
		})
	}
}

// TestResizeAllocatesLittleBeyondItsOutput is why the scaler streams: a
// two-pass scaler's intermediate for 4000×3000 → 2048×1536 alone is
// 2048×3000×32 bytes, 188 MiB.
func TestResizeAllocatesLittleBeyondItsOutput(t *testing.T) {
	src := ycbcrPattern(4000, 3000)
	const w, h = 2048, 1536
	got := allocated(func() { resize(src, w, h) })
	if limit := uint64(4*w*h + 1<<20); got > limit {
		t.Fatalf("resizing allocated %d bytes, want at most the output plus 1 MiB (%d)", got, limit)
	}
}

func ycbcrPattern(w, h int) *image.YCbCr {
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	for y := range h {
		for x := range w {
			img.Y[img.YOffset(x, y)] = uint8((x*7 + y*3) ^ (x * y >> 6))
			c := img.COffset(x, y)
			img.Cb[c], img.Cr[c] = uint8(x*255/w), uint8(y*255/h)
		}
	}
	return img
}

func abs(v int) int { return max(v, -v) }
