package xhr

import (
	"testing"
	"time"
)

func TestParseHTTPDate(t *testing.T) {
	want := time.Date(1970, 1, 1, 1, 23, 45, 0, time.UTC)
	for _, s := range []string{"Thu, 01 Jan 1970 01:23:45 GMT", "Thu, 1 Jan 1970 01:23:45 GMT", " Thursday, 01-Jan-70 01:23:45 GMT", "Thu Jan  1 01:23:45 1970"} {
		if got, ok := ParseHTTPDate(s); !ok || !got.Equal(want) {
			t.Errorf("ParseHTTPDate(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "yesterday", "Thu, 1 Jan 1970"} {
		if _, ok := ParseHTTPDate(s); ok {
			t.Errorf("ParseHTTPDate(%q) parsed", s)
		}
	}
}
