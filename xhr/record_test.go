package xhr

import (
	"context"
	"testing"
	"time"
)

// TestRecordStart checks that every record knows when its exchange began,
// so that a report can draw the render's waterfall: the hops of a redirect
// chain follow one another, and answers without an exchange (the policy, a
// data: URL) start when they were given.
func TestRecordStart(t *testing.T) {
	tests := []struct {
		name     string
		url      string
		wantRecs int
	}{
		{"one exchange", "http://app.test/hello", 1},
		{"redirect chain", "http://app.test/redirect/2/302", 4},
		{"data URL", "data:text/plain,hi", 1},
		{"blocked", "http://www.google-analytics.com/collect", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newTestClient(t, ClientOptions{})
			before := time.Now()
			_, _ = c.Fetch(context.Background(), get(t, tt.url), KindXHR)
			after := time.Now()
			recs := c.Records()
			if len(recs) != tt.wantRecs {
				t.Fatalf("%d records, want %d: %+v", len(recs), tt.wantRecs, recs)
			}
			for i, r := range recs {
				end := r.Start.Add(r.Duration)
				if r.Start.Before(before) || end.After(after) {
					t.Errorf("record %d (%s) spans %v..%v, outside the call's %v..%v", i, r.URL, r.Start, end, before, after)
				}
				if i > 0 && r.Start.Before(recs[i-1].Start.Add(recs[i-1].Duration)) {
					t.Errorf("hop %d (%s) starts at %v, before hop %d ended at %v", i, r.URL, r.Start, i-1, recs[i-1].Start.Add(recs[i-1].Duration))
				}
			}
		})
	}
}
