//go:build !linux

package sharedport

import "net"

const gsoControlSize = 32

// gsoSupported is false where UDP segmentation offload is not known.
func gsoSupported(*net.UDPConn) bool { return false }

// putSegmentSize is never called where gsoSupported is false.
func putSegmentSize(dst []byte, _ int) []byte { return dst[:0] }
