package imaging

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"runtime"
	"time"

	"github.com/gabriel-vasile/mimetype"
	"golang.org/x/image/webp"
	"golang.org/x/sync/semaphore"

	"souk/config"
	"souk/platform"
)

// Sizes of produced images.
const (
	MaxSide      = 2048 // longest side of the stored image
	ThumbSide    = 320  // longest side of the thumbnail
	jpegQuality  = 85
	AcceptedList = "JPEG, PNG or WebP"
	// collectAbove is the charge from which finishing a picture collects
	// its garbage at once: a collection costs milliseconds, a picture this
	// large hundreds of them.
	collectAbove = 16 << 20
)

// Limits bound what a picture may cost. Dimensions come from the image
// header, so a small file that would decode to a huge bitmap (a
// decompression bomb) is refused before any decoding.
type Limits struct {
	// MaxPixels and MaxInputSide bound an accepted picture.
	MaxPixels    int
	MaxInputSide int
	// Memory bounds, in bytes, what all pictures being processed at once
	// allocate: each is charged what its format's decoder and the
	// resizing really take (from 1.5 bytes a pixel for a baseline JPEG to
	// 17 for a progressive CMYK one, plus the output). Further pictures
	// wait for their share (QueueTime at most); one that needs more than
	// all of it is refused.
	Memory    int64
	QueueTime time.Duration
}

// DefaultLimits are the defaults of platform.uploads (max_image_pixels,
// max_image_side, decode_memory; config.DefaultPlatform), and a wait of
// 10s at most for a share of the memory.
func DefaultLimits() Limits {
	u := config.DefaultPlatform().Uploads
	return Limits{MaxPixels: u.MaxImagePixels, MaxInputSide: u.MaxImageSide, Memory: u.DecodeMemory, QueueTime: 10 * time.Second}
}

// Processor checks and re-encodes pictures within its Limits.
type Processor struct {
	limits Limits
	memory *semaphore.Weighted
}

// New returns a Processor; zero limits take the defaults.
func New(l Limits) *Processor {
	d := DefaultLimits()
	if l.MaxPixels <= 0 {
		l.MaxPixels = d.MaxPixels
	}
	if l.MaxInputSide <= 0 {
		l.MaxInputSide = d.MaxInputSide
	}
	if l.Memory <= 0 {
		l.Memory = d.Memory
	}
	if l.QueueTime <= 0 {
		l.QueueTime = d.QueueTime
	}
	return &Processor{limits: l, memory: semaphore.NewWeighted(l.Memory)}
}

// Result is a re-encoded picture and its thumbnail.
type Result struct {
	Full, Thumb   []byte
	ContentType   string // image/jpeg or image/png
	Ext           string // ".jpg" or ".png"
	Width, Height int
}

func refuse(msg string) error {
	return &platform.Error{Code: platform.EINVALID, Message: msg, Fields: []platform.FieldError{{Field: "file", Message: msg}}}
}

// Process checks data and re-encodes it. Decoding waits for its share of
// the memory bound; a picture that waits longer than QueueTime gets an
// EUNAVAILABLE error.
func (p *Processor) Process(ctx context.Context, data []byte) (*Result, error) {
	kind := mimetype.Detect(data).String()
	var decode func([]byte) (image.Image, error)
	var config func([]byte) (image.Config, error)
	var complete func([]byte) bool
	var charge func([]byte, image.Config) (cost, error)
	switch kind {
	case "image/jpeg":
		decode = func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }
		config = func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
		complete = jpegComplete
		charge = func(b []byte, _ image.Config) (cost, error) { return jpegCost(b) }
	case "image/png":
		decode = func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }
		config = func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) }
		complete = pngComplete
		charge = func(b []byte, _ image.Config) (cost, error) { return pngCost(b) }
	case "image/webp":
		decode = func(b []byte) (image.Image, error) { return webp.Decode(bytes.NewReader(b)) }
		config = func(b []byte) (image.Config, error) { return webp.DecodeConfig(bytes.NewReader(b)) }
		complete = webpComplete
		charge = func(b []byte, cfg image.Config) (cost, error) {
			return webpCost(b, int64(cfg.Width), int64(cfg.Height))
		}
	default:
		return nil, refuse("the file is not a " + AcceptedList + " image (its content looks like " + kind + ")")
	}
	if !complete(data) {
		return nil, refuse("the file carries data after the end of the image; upload a plain " + AcceptedList + " image")
	}
	cfg, err := config(data)
	if err != nil {
		return nil, refuse("the image is damaged and cannot be read")
	}
	l := p.limits
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, refuse("the image is damaged and cannot be read")
	}
	if cfg.Width > l.MaxInputSide || cfg.Height > l.MaxInputSide || cfg.Width*cfg.Height > l.MaxPixels {
		return nil, refuse(fmt.Sprintf("the image is too large (%d×%d): at most %d pixels a side and %d megapixels",
			cfg.Width, cfg.Height, l.MaxInputSide, l.MaxPixels/1_000_000))
	}
	c, err := charge(data, cfg)
	if err != nil {
		return nil, refuse("the image is damaged and cannot be read")
	}
	if c.peak() > l.Memory {
		// Waiting would not help: it does not fit even alone.
		fits := float64(cfg.Width) * float64(cfg.Height) * float64(l.Memory) / float64(c.peak())
		return nil, refuse(fmt.Sprintf("this %d×%d %s needs %d MiB to process, more than the %d MiB the server sets aside for images; "+
			"upload it at most %.1f megapixels, or as a baseline (not progressive) RGB JPEG or a PNG",
			cfg.Width, cfg.Height, c.format, c.peak()>>20, l.Memory>>20, fits/1e6))
	}
	release, err := p.reserve(ctx, c.peak())
	if err != nil {
		return nil, err
	}
	defer release()
	img, err := decode(data)
	if err != nil {
		return nil, refuse("the image is damaged and cannot be read")
	}
	if c.scratch() {
		// The charge counts the decoder's scratch and the output as taking
		// turns; collect the scratch now so they really do.
		runtime.GC()
	}
	orientation := 1
	if kind == "image/jpeg" {
		orientation = jpegOrientation(data)
	}
	full := orient(fit(img, MaxSide), orientation)
	thumb := fit(full, ThumbSide)
	res := &Result{Width: full.Bounds().Dx(), Height: full.Bounds().Dy()}
	if opaque(full) {
		res.ContentType, res.Ext = "image/jpeg", ".jpg"
		if res.Full, err = encodeJPEG(full); err == nil {
			res.Thumb, err = encodeJPEG(thumb)
		}
	} else {
		res.ContentType, res.Ext = "image/png", ".png"
		if res.Full, err = encodePNG(full); err == nil {
			res.Thumb, err = encodePNG(thumb)
		}
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// fit scales img down so that its longer side is at most side.
func fit(img image.Image, side int) *image.NRGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= side && h <= side {
		out := image.NewNRGBA(image.Rect(0, 0, w, h))
		draw.Draw(out, out.Bounds(), img, b.Min, draw.Src)
		return out
	}
	if w >= h {
		h = max(1, h*side/w)
		w = side
	} else {
		w = max(1, w*side/h)
		h = side
	}
	return resize(img, w, h)
}

func opaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}

func encodeJPEG(img *image.NRGBA) ([]byte, error) {
	// An opaque NRGBA has the same bytes as an RGBA; the encoder reads
	// RGBA directly, where other types cost an allocation per pixel.
	rgba := &image.RGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
	var buf bytes.Buffer
	err := jpeg.Encode(&buf, rgba, &jpeg.Options{Quality: jpegQuality})
	return buf.Bytes(), err
}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	err := enc.Encode(&buf, img)
	return buf.Bytes(), err
}

// jpegComplete reports whether the file ends at the End Of Image marker;
// zero padding, which some cameras add, is tolerated.
func jpegComplete(b []byte) bool {
	b = bytes.TrimRight(b, "\x00")
	return len(b) >= 4 && b[len(b)-2] == 0xFF && b[len(b)-1] == 0xD9
}

// pngComplete reports whether the file ends with the IEND chunk.
func pngComplete(b []byte) bool {
	iend := []byte{0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82}
	return bytes.HasSuffix(b, iend)
}

// webpComplete reports whether the RIFF size covers exactly the file
// (plus the pad byte RIFF allows for odd sizes).
func webpComplete(b []byte) bool {
	if len(b) < 12 {
		return false
	}
	size := int(binary.LittleEndian.Uint32(b[4:8])) + 8
	return size == len(b) || (size%2 == 1 && size+1 == len(b))
}

// reserve takes n bytes of the decoding memory bound.
func (p *Processor) reserve(ctx context.Context, n int64) (release func(), err error) {
	ctx, cancel := context.WithTimeout(ctx, p.limits.QueueTime)
	defer cancel()
	if err := p.memory.Acquire(ctx, n); err != nil {
		return nil, platform.Errorf(platform.EUNAVAILABLE, "the server is busy processing other images; try again in a few seconds")
	}
	return func() {
		if n >= collectAbove {
			// Collect this picture's bitmaps before the next picture is let
			// in, so it reuses their memory instead of the heap growing
			// past the budget until the collector's own pace catches up.
			runtime.GC()
		}
		p.memory.Release(n)
	}, nil
}
