package httpapi_test

import (
	"bufio"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// peakRSS measures the highest resident set size of this test process
// while run executes: the kernel's high-water mark (VmHWM) is reset first,
// so earlier tests do not count.
func peakRSS(t *testing.T, run func()) (mib int) {
	t.Helper()
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Skipf("cannot reset the peak RSS on this system: %v", err)
	}
	run()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatalf("parse %q: %v", sc.Text(), err)
			}
			return kb >> 10
		}
	}
	t.Fatal("no VmHWM in /proc/self/status")
	return 0
}
