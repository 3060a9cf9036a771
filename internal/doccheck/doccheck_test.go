package doccheck

import (
	"path/filepath"
	"testing"
)

// pendingRewrite lists documents whose problems are reported but do not
// fail the test. Temporary: the media server's documents are being
// rewritten together with the files they describe, and this list goes
// once that lands.
var pendingRewrite = map[string]bool{
	"sfu/README.md": true,
	"sfu/doc.go":    true,
}

func TestDocumentsNameWhatExists(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	problems, err := Check(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		if pendingRewrite[p.Doc] {
			t.Logf("not failing yet: %s", p)
			continue
		}
		t.Error(p)
	}
}
