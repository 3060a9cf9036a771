package imaging

import (
	"encoding/binary"
	"fmt"
)

// cost is what processing one picture allocates, worked out from its
// header the way the decoders allocate; TestChargeCoversAllocations
// measures each format against it.
type cost struct {
	// decode is what the decoder holds when it finishes: the bitmap it
	// returns plus its scratch (a progressive JPEG keeps every DCT
	// coefficient, 4 bytes a pixel a component, until the last scan).
	decode int64
	// bitmap is the part of decode still alive once the decoder returns.
	bitmap int64
	// output is the rest: the scaled picture, its upright copy, the
	// thumbnail and the encoded files.
	output int64
	// format names the kind of picture in messages.
	format string
}

// withDecoderState adds what a decoder needs besides its pixels: Huffman
// tables, row buffers, a zlib window, chunk copies.
func (c cost) withDecoderState() cost {
	c.decode += c.decode/64 + 256<<10
	return c
}

// peak is the most the picture holds at once, provided the decoder's
// scratch is collected before the output is made.
func (c cost) peak() int64 { return max(c.decode, c.bitmap+c.output) }

// scratch reports whether the decoder leaves enough garbage behind that
// it is worth collecting before the output is made.
func (c cost) scratch() bool { return c.decode-c.bitmap > 8<<20 }

// outputCost: the scaled picture, a possibly rotated copy of it, encoding
// buffers that grow to at most its size again, and the thumbnail; plus
// the compressed input, which WebP copies while decoding.
func outputCost(w, h, inputLen int) int64 {
	if w >= h {
		h, w = max(1, min(h, h*MaxSide/w)), min(w, MaxSide)
	} else {
		w, h = max(1, min(w, w*MaxSide/h)), min(h, MaxSide)
	}
	return 3*4*int64(w)*int64(h) + 3*4*ThumbSide*ThumbSide + int64(inputLen) + 2<<20
}

// jpegCost reads the frame header (SOF) for the components, their
// sampling and whether the file is progressive. The decoder pads each
// plane to whole MCUs, keeps a separate black plane for 4-component
// (CMYK/YCCK) files and converts those and RGB files into a 4-byte-a-pixel
// image at the end.
func jpegCost(b []byte) (cost, error) {
	for i := 2; i+4 <= len(b); {
		if b[i] != 0xFF {
			return cost{}, fmt.Errorf("jpeg: no marker at %d", i)
		}
		marker := b[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		size := int(binary.BigEndian.Uint16(b[i+2 : i+4]))
		if size < 2 || i+2+size > len(b) {
			return cost{}, fmt.Errorf("jpeg: segment overruns the file")
		}
		seg := b[i+4 : i+2+size]
		switch marker {
		case 0xC0, 0xC1, 0xC2:
			c, err := jpegFrameCost(seg, marker == 0xC2)
			return c.withDecoderState(), err
		case 0xDA, 0xD9:
			return cost{}, fmt.Errorf("jpeg: image data before a frame header")
		}
		i += 2 + size
	}
	return cost{}, fmt.Errorf("jpeg: no frame header")
}

func jpegFrameCost(seg []byte, progressive bool) (cost, error) {
	if len(seg) < 6 {
		return cost{}, fmt.Errorf("jpeg: short frame header")
	}
	h, w, n := int64(binary.BigEndian.Uint16(seg[1:3])), int64(binary.BigEndian.Uint16(seg[3:5])), int(seg[5])
	if n < 1 || n > 4 || len(seg) < 6+3*n {
		return cost{}, fmt.Errorf("jpeg: bad component count %d", n)
	}
	var hs, vs [4]int64
	hmax, vmax := int64(1), int64(1)
	rgb := n == 3 && seg[6] == 'R' && seg[9] == 'G' && seg[12] == 'B'
	for c := range n {
		f := seg[6+3*c+1]
		hs[c], vs[c] = max(1, int64(f>>4)), max(1, int64(f&15))
		hmax, vmax = max(hmax, hs[c]), max(vmax, vs[c])
	}
	if n == 1 { // one component is decoded in 8×8 blocks whatever its factors say
		hmax, vmax, hs[0], vs[0] = 1, 1, 1, 1
	}
	mcuW, mcuH := 8*hmax, 8*vmax
	padded := (w + mcuW - 1) / mcuW * mcuW * ((h + mcuH - 1) / mcuH * mcuH)
	var planes int64
	for c := range n {
		planes += padded * hs[c] * vs[c] / (hmax * vmax)
	}
	c := cost{decode: planes, bitmap: planes, format: "JPEG", output: outputCost(int(w), int(h), 0)}
	if n == 4 || rgb {
		// The planes are converted into a new RGBA or CMYK image.
		c.decode += 4 * w * h
		c.bitmap = 4 * w * h
		c.format = "CMYK JPEG"
		if rgb {
			c.format = "RGB JPEG"
		}
	}
	if progressive {
		c.decode += 4 * planes // a 64-int32 block per 8×8 block of every plane
		c.format = "progressive " + c.format
	}
	return c, nil
}

// pngCost reads IHDR: 16-bit samples decode to 8 bytes a pixel, anything
// else to at most 4; an interlaced file is decoded pass by pass into
// images of its own and then copied, so twice that.
func pngCost(b []byte) (cost, error) {
	if len(b) < 29 || string(b[12:16]) != "IHDR" {
		return cost{}, fmt.Errorf("png: no IHDR")
	}
	w, h := int64(binary.BigEndian.Uint32(b[16:20])), int64(binary.BigEndian.Uint32(b[20:24]))
	depth, interlaced := b[24], b[28] == 1
	perPixel := int64(4)
	if depth == 16 {
		perPixel = 8
	}
	bitmap := perPixel * w * h
	c := cost{decode: bitmap, bitmap: bitmap, format: "PNG", output: outputCost(int(w), int(h), 0)}
	if interlaced {
		c.decode *= 2
		c.format = "interlaced PNG"
	}
	return c.withDecoderState(), nil
}

// webpCost reads the first chunk. Lossy (VP8) decodes to 4:2:0 planes
// padded to 16×16 macroblocks. Lossless (VP8L) decodes into 4 bytes a
// pixel and a colour-indexed file expands that into a second buffer of
// the same size. The extended format (VP8X) may carry an alpha plane
// that is itself VP8L-compressed, on top of lossy planes.
func webpCost(b []byte, w, h int64) (cost, error) {
	if len(b) < 16 {
		return cost{}, fmt.Errorf("webp: short header")
	}
	lossy := ((w+15)/16*16)*((h+15)/16*16)*3/2 + w*h // planes, and an alpha plane
	lossless := 2 * 4 * w * h
	c := cost{format: "WebP", output: outputCost(int(w), int(h), len(b))}
	switch string(b[12:16]) {
	case "VP8 ":
		c.decode, c.bitmap = lossy-w*h, lossy-w*h
	case "VP8L":
		c.decode, c.bitmap = lossless, 4*w*h
	case "VP8X":
		c.decode, c.bitmap = max(lossless, lossy+lossless), max(4*w*h, lossy)
	default:
		return cost{}, fmt.Errorf("webp: unknown chunk %q", b[12:16])
	}
	return c.withDecoderState(), nil
}
