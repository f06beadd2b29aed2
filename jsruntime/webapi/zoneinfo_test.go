package webapi

import (
	"fmt"
	"testing"
)

// TestZoneInfoCachesKnownZones checks zoneInfo's answers and that its
// process-wide cache keeps known zones only: a page naming new unknown
// zones used to grow it for the life of the process.
func TestZoneInfoCachesKnownZones(t *testing.T) {
	const jan2024 = 1704067200000 // 2024-01-01T00:00:00Z
	if off, abbr, ok := zoneInfo("Asia/Tokyo", jan2024); !ok || off != 540 || abbr != "JST" {
		t.Errorf("zoneInfo(Asia/Tokyo) = %d, %q, %v; want 540, JST, true", off, abbr, ok)
	}
	count := func() (n int) {
		zones.Range(func(_, _ any) bool { n++; return true })
		return n
	}
	before := count()
	for i := range 100 {
		if _, _, ok := zoneInfo(fmt.Sprintf("Nowhere/Zone_%d", i), jan2024); ok {
			t.Fatalf("zoneInfo(Nowhere/Zone_%d) is known", i)
		}
	}
	for _, name := range []string{"", "Local"} {
		if _, _, ok := zoneInfo(name, jan2024); ok {
			t.Errorf("zoneInfo(%q) is known", name)
		}
	}
	if n := count(); n != before {
		t.Errorf("unknown zones were cached: %d → %d entries", before, n)
	}
	if off, _, ok := zoneInfo("Asia/Tokyo", jan2024); !ok || off != 540 {
		t.Errorf("zoneInfo(Asia/Tokyo) again = %d, %v", off, ok)
	}
}
