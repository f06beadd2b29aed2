package bangsnap_test

import (
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// expectInSnapshot fails t for each of wants that html lacks.
func expectInSnapshot(t *testing.T, html string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(html, want) {
			t.Errorf("snapshot lacks %q:\n%s", want, html)
		}
	}
}

// requestKinds counts a render's requests by kind.
func requestKinds(snap *bangsnap.Snapshot) map[string]int {
	kinds := map[string]int{}
	for _, r := range snap.Report.Requests {
		kinds[r.Kind]++
	}
	return kinds
}
