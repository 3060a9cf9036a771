package platform

import "testing"

func TestControlCharacterChecks(t *testing.T) {
	for _, tc := range []struct {
		in                string
		control, textCtrl bool
	}{
		{"Blue bicycle", false, false},
		{"بيع دراجة", false, false},
		{"two\nlines", true, false},
		{"tab\tand\r\nbreak", true, false},
		{"nul\x00byte", true, true},
		{"bell\a", true, true},
		{"bad \xff utf-8", false, true},
		{"", false, false},
	} {
		if got := HasControl(tc.in); got != tc.control {
			t.Errorf("HasControl(%q) = %v, want %v", tc.in, got, tc.control)
		}
		if got := HasTextControl(tc.in); got != tc.textCtrl {
			t.Errorf("HasTextControl(%q) = %v, want %v", tc.in, got, tc.textCtrl)
		}
	}
}
