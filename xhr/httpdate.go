package xhr

import (
	"net/http"
	"strings"
	"time"
)

// ParseHTTPDate parses an HTTP date as browsers do: http.ParseTime's
// three formats (IMF-fixdate, RFC 850, asctime), and IMF-fixdate with a
// one-digit day ("Thu, 1 Jan 1970 01:23:45 GMT"), which servers send and
// Chromium reads. It reports false for anything else.
func ParseHTTPDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	if t, err := http.ParseTime(s); err == nil {
		return t, true
	}
	if t, err := time.Parse("Mon, 2 Jan 2006 15:04:05 GMT", s); err == nil {
		return t, true
	}
	return time.Time{}, false
}
