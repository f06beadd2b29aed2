package bangsnap_test

import (
	"context"
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

// renderWhole renders url outside deterministic mode and fails t when the
// render ends partial; it returns the snapshot and its HTML.
func renderWhole(t *testing.T, url string) (*bangsnap.Snapshot, string) {
	t.Helper()
	snap, err := bangsnap.Render(context.Background(), url, bangsnap.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if snap.Report.Partial {
		t.Errorf("partial render: %s %v", snap.Report.Reason, snap.Report.Pending)
	}
	return snap, string(snap.HTML)
}
