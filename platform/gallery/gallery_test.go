package gallery

import (
	"sync"
	"testing"

	"souk/platform/imaging"
)

// TestUploadsShareOneMemoryBudget: without a configured Processor every
// upload must still draw on the same budget, so the fallback is made once
// per Service, also when the first uploads arrive together.
func TestUploadsShareOneMemoryBudget(t *testing.T) {
	s := &Service{}
	got := make([]*imaging.Processor, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = s.pictures() })
	}
	wg.Wait()
	for i, p := range got {
		if p == nil || p != got[0] {
			t.Fatalf("upload %d got Processor %p, upload 0 got %p", i, p, got[0])
		}
	}
	configured := imaging.New(imaging.Limits{})
	if p := (&Service{Pictures: configured}).pictures(); p != configured {
		t.Fatalf("a configured Processor was replaced")
	}
}
