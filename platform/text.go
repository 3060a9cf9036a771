package platform

import (
	"unicode"
	"unicode/utf8"
)

// HasTextControl reports control characters other than line breaks and
// tabs, and invalid UTF-8, which no text field (single- or multi-line)
// may carry: a NUL byte, for one, cannot be stored in PostgreSQL.
func HasTextControl(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t' {
			return true
		}
	}
	return false
}

// HasControl reports control characters (line breaks included), which no
// single-line field may carry.
func HasControl(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) {
			return true
		}
	}
	return false
}
