package imaging_test

import (
	"context"
	"os"
	"testing"

	"souk/platform"
	"souk/platform/imaging"
)

// Untrusted bytes never panic the pipeline: they are accepted as an image
// or refused with a field error.
func FuzzProcess(f *testing.F) {
	for _, name := range []string{"testdata/photo.webp", "testdata/transparent.webp"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add(encodePNGForFuzz())
	f.Add([]byte("\xff\xd8\xff\xe1\x00\x10Exif\x00\x00MM\x00*\x00\x00\x00\x08\xff\xd9"))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := imaging.New(imaging.Limits{}).Process(context.Background(), data)
		if err != nil {
			if platform.ErrorCode(err) != platform.EINVALID {
				t.Fatalf("error code %q: %v", platform.ErrorCode(err), err)
			}
			return
		}
		if len(res.Full) == 0 || len(res.Thumb) == 0 || res.Width > imaging.MaxSide || res.Height > imaging.MaxSide {
			t.Fatalf("result %+v", res)
		}
	})
}
