package imaging

import (
	"image"
	"image/color"
	"math"
)

// resize scales src to w×h with a Catmull-Rom filter, widened by the
// scale factor when shrinking so every source pixel counts. It works a
// row at a time: a source row is read and scaled across into a small ring
// of rows, and each output row is blended from the rows of that ring. So
// beyond the output it holds only a few rows, never a full-size working
// copy of the picture (a general two-pass scaler keeps an intermediate of
// output width × source height, hundreds of megabytes for a large photo).
// Blending happens on premultiplied colour so transparent pixels do not
// bleed their hidden colour into their neighbours.
func resize(src image.Image, w, h int) *image.NRGBA {
	b := src.Bounds()
	cols := filterTaps(b.Dx(), w)
	rows := filterTaps(b.Dy(), h)
	ringSize := 0
	for _, t := range rows {
		ringSize = max(ringSize, len(t.weights))
	}
	line := make([]float32, 4*b.Dx())
	ring := make([][]float32, ringSize)
	for i := range ring {
		ring[i] = make([]float32, 4*w)
	}
	acc := make([]float32, 4*w)
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	read := rowReader(src)
	loaded := 0 // source rows [0, loaded) have passed through the ring
	for y, t := range rows {
		for ; loaded < t.first+len(t.weights); loaded++ {
			read(b.Min.Y+loaded, line)
			scaleRow(ring[loaded%ringSize], line, cols)
		}
		clear(acc)
		for k, wt := range t.weights {
			r := ring[(t.first+k)%ringSize]
			for i := range acc {
				acc[i] += wt * r[i]
			}
		}
		storeRow(out.Pix[y*out.Stride:y*out.Stride+4*w], acc)
	}
	return out
}

// taps are the source samples one output sample is made of: the weights
// apply to source indexes first, first+1, and so on.
type taps struct {
	first   int
	weights []float32
}

// filterTaps works out, for each of n output samples taken from m source
// samples, which source samples it blends and how much each counts.
func filterTaps(m, n int) []taps {
	scale := float64(m) / float64(n)
	stretch := max(scale, 1) // a shrinking filter widens to cover every source sample
	support := 2 * stretch
	out := make([]taps, n)
	for i := range out {
		centre := (float64(i)+0.5)*scale - 0.5
		lo := max(0, int(math.Ceil(centre-support)))
		hi := min(m-1, int(math.Floor(centre+support)))
		ws := make([]float32, 0, hi-lo+1)
		var sum float64
		for j := lo; j <= hi; j++ {
			sum += catmullRom((float64(j) - centre) / stretch)
		}
		for j := lo; j <= hi; j++ {
			ws = append(ws, float32(catmullRom((float64(j)-centre)/stretch)/sum))
		}
		out[i] = taps{first: lo, weights: ws}
	}
	return out
}

func catmullRom(t float64) float64 {
	t = math.Abs(t)
	switch {
	case t < 1:
		return (1.5*t-2.5)*t*t + 1
	case t < 2:
		return ((-0.5*t+2.5)*t-4)*t + 2
	}
	return 0
}

// scaleRow blends a source row of premultiplied RGBA into dst, one output
// pixel per entry of cols.
func scaleRow(dst, src []float32, cols []taps) {
	for x, t := range cols {
		var r, g, b, a float32
		s := src[4*t.first:]
		for k, wt := range t.weights {
			p := s[4*k : 4*k+4 : 4*k+4]
			r += wt * p[0]
			g += wt * p[1]
			b += wt * p[2]
			a += wt * p[3]
		}
		dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = r, g, b, a
	}
}

// storeRow writes blended premultiplied samples as NRGBA bytes. The
// filter's negative lobes can overshoot, so values are clamped.
func storeRow(pix []byte, acc []float32) {
	for i := 0; i < len(acc); i += 4 {
		a := min(max(acc[i+3], 0), 255)
		if a < 0.5 {
			pix[i], pix[i+1], pix[i+2], pix[i+3] = 0, 0, 0, 0
			continue
		}
		unpre := 255 / a
		for c := range 3 {
			v := min(max(acc[i+c], 0), a) * unpre
			pix[i+c] = uint8(v + 0.5)
		}
		pix[i+3] = uint8(a + 0.5)
	}
}

// rowReader returns a function that reads source row y as premultiplied
// RGBA floats in 0–255. The decoders' own pixel types are read directly;
// anything else goes through the generic color interface.
func rowReader(src image.Image) func(y int, dst []float32) {
	b := src.Bounds()
	switch s := src.(type) {
	case *image.YCbCr:
		return func(y int, dst []float32) {
			for x := b.Min.X; x < b.Max.X; x++ {
				yi, ci := s.YOffset(x, y), s.COffset(x, y)
				r, g, bl := color.YCbCrToRGB(s.Y[yi], s.Cb[ci], s.Cr[ci])
				i := 4 * (x - b.Min.X)
				dst[i], dst[i+1], dst[i+2], dst[i+3] = float32(r), float32(g), float32(bl), 255
			}
		}
	case *image.NYCbCrA:
		return func(y int, dst []float32) {
			for x := b.Min.X; x < b.Max.X; x++ {
				yi, ci := s.YOffset(x, y), s.COffset(x, y)
				r, g, bl := color.YCbCrToRGB(s.Y[yi], s.Cb[ci], s.Cr[ci])
				a := float32(s.A[s.AOffset(x, y)])
				i := 4 * (x - b.Min.X)
				dst[i], dst[i+1], dst[i+2], dst[i+3] = float32(r)*a/255, float32(g)*a/255, float32(bl)*a/255, a
			}
		}
	case *image.NRGBA:
		return func(y int, dst []float32) {
			p := s.Pix[s.PixOffset(b.Min.X, y):]
			for i := 0; i < 4*b.Dx(); i += 4 {
				a := float32(p[i+3])
				dst[i], dst[i+1], dst[i+2], dst[i+3] = float32(p[i])*a/255, float32(p[i+1])*a/255, float32(p[i+2])*a/255, a
			}
		}
	case *image.RGBA:
		return func(y int, dst []float32) {
			p := s.Pix[s.PixOffset(b.Min.X, y):]
			for i := 0; i < 4*b.Dx(); i++ {
				dst[i] = float32(p[i])
			}
		}
	case *image.Gray:
		return func(y int, dst []float32) {
			p := s.Pix[s.PixOffset(b.Min.X, y):]
			for x := range b.Dx() {
				v := float32(p[x])
				dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = v, v, v, 255
			}
		}
	case *image.RGBA64:
		return func(y int, dst []float32) {
			p := s.Pix[s.PixOffset(b.Min.X, y):]
			for i := 0; i < 4*b.Dx(); i++ {
				dst[i] = float32(uint16(p[2*i])<<8|uint16(p[2*i+1])) / 257
			}
		}
	case *image.NRGBA64:
		return func(y int, dst []float32) {
			p := s.Pix[s.PixOffset(b.Min.X, y):]
			for i := 0; i < 4*b.Dx(); i += 4 {
				var v [4]float32
				for c := range v {
					v[c] = float32(uint16(p[2*(i+c)])<<8|uint16(p[2*(i+c)+1])) / 257
				}
				a := v[3] / 255
				dst[i], dst[i+1], dst[i+2], dst[i+3] = v[0]*a, v[1]*a, v[2]*a, v[3]
			}
		}
	case *image.Gray16:
		return func(y int, dst []float32) {
			p := s.Pix[s.PixOffset(b.Min.X, y):]
			for x := range b.Dx() {
				v := float32(uint16(p[2*x])<<8|uint16(p[2*x+1])) / 257
				dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = v, v, v, 255
			}
		}
	case *image.Paletted:
		palette := make([][4]float32, len(s.Palette))
		for i, c := range s.Palette {
			r, g, bl, a := c.RGBA()
			palette[i] = [4]float32{float32(r) / 257, float32(g) / 257, float32(bl) / 257, float32(a) / 257}
		}
		return func(y int, dst []float32) {
			p := s.Pix[s.PixOffset(b.Min.X, y):]
			for x := range b.Dx() {
				var c [4]float32 // an index past the palette reads as transparent black
				if int(p[x]) < len(palette) {
					c = palette[p[x]]
				}
				copy(dst[4*x:4*x+4], c[:])
			}
		}
	case *image.CMYK:
		return func(y int, dst []float32) {
			p := s.Pix[s.PixOffset(b.Min.X, y):]
			for i := 0; i < 4*b.Dx(); i += 4 {
				r, g, bl := color.CMYKToRGB(p[i], p[i+1], p[i+2], p[i+3])
				dst[i], dst[i+1], dst[i+2], dst[i+3] = float32(r), float32(g), float32(bl), 255
			}
		}
	}
	return func(y int, dst []float32) {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := src.At(x, y).RGBA()
			i := 4 * (x - b.Min.X)
			dst[i], dst[i+1], dst[i+2], dst[i+3] = float32(r)/257, float32(g)/257, float32(bl)/257, float32(a)/257
		}
	}
}
