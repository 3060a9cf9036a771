package forward

import "testing"

func TestSelectLayer(t *testing.T) {
	all := [NumLayers]bool{true, true, true}
	cases := []struct {
		name  string
		live  [NumLayers]bool
		limit int
		want  int
	}{
		{"all live, no limit", all, QualityHigh, QualityHigh},
		{"limited to medium", all, QualityMedium, QualityMedium},
		{"limited to low", all, QualityLow, QualityLow},
		{"off", all, QualityOff, QualityOff},
		{"high missing", [NumLayers]bool{true, true, false}, QualityHigh, QualityMedium},
		{"only high live, low wanted", [NumLayers]bool{false, false, true}, QualityLow, QualityHigh},
		{"nothing live: wait for the wanted layer", [NumLayers]bool{}, QualityHigh, QualityHigh},
		{"nothing live, limited", [NumLayers]bool{}, QualityLow, QualityLow},
		{"nothing live, off", [NumLayers]bool{}, QualityOff, QualityOff},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := selectLayer(tc.live, tc.limit); got != tc.want {
				t.Fatalf("got %d, want %d", got, tc.want)
			}
		})
	}
}

func TestQualityForSize(t *testing.T) {
	w := [NumLayers]uint32{320, 640, 1280}
	for _, tc := range []struct {
		want uint32
		q    int
	}{{0, QualityHigh}, {100, QualityLow}, {160, QualityLow}, {320, QualityLow}, {321, QualityMedium}, {1000, QualityHigh}, {4000, QualityHigh}} {
		if got := QualityForSize(w, tc.want); got != tc.q {
			t.Errorf("QualityForSize(%d) = %d, want %d", tc.want, got, tc.q)
		}
	}
}

func TestQualityForRID(t *testing.T) {
	for rid, q := range map[string]int{"q": QualityLow, "h": QualityMedium, "f": QualityHigh, "": QualityHigh} {
		if got := QualityForRID(rid); got != q {
			t.Errorf("QualityForRID(%q) = %d, want %d", rid, got, q)
		}
	}
}
