package bangsnap_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// lockedBuffer is a log destination safe for the render's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestRenderConnectSrcCSP: connect-src (default-src in its absence) from
// the Content-Security-Policy response headers refuses the page's
// fetches and WebSockets; a report-only policy reports without refusing.
// The order of the lines and the console messages are what Chromium 156
// gives for the same policies and calls (recorded with hosts it could not
// reach; it reports a report-only fetch twice: the page keeps distinct
// lines). The meta element variants are
// testdata/wpt/csp45-connect-src*.html.
func TestRenderConnectSrcCSP(t *testing.T) {
	const page = `<!doctype html><body><p id=out></p><script>
var out = [];
document.addEventListener('securitypolicyviolation', function (e) {
  var line = 'violation ' + e.disposition + ' ' + e.effectiveDirective + ' ' + e.blockedURI;
  if (out.indexOf(line) < 0) out.push(line);
});
fetch('http://other.test/x').then(function (r) { out.push('fetch ' + r.status); }, function (e) { out.push('fetch ' + e.name); });
var ws = new WebSocket('ws://other.test/ws');
out.push('ws ' + ws.readyState);
setTimeout(function () { document.getElementById('out').textContent = out.join(', '); }, 100);
</script>`
	other := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Write([]byte("ok"))
	})
	for _, tt := range []struct {
		name, header, value string
		want, log           string
	}{
		{"default-src", "Content-Security-Policy", "default-src 'self' 'unsafe-inline'",
			"ws 3, fetch TypeError, violation enforce connect-src http://other.test/x, violation enforce connect-src ws://other.test/ws",
			`Connecting to 'http://other.test/x' violates the following Content Security Policy directive: \"default-src 'self' 'unsafe-inline'\". Note that 'connect-src' was not explicitly set, so 'default-src' is used as a fallback. The action has been blocked.`},
		{"report only", "Content-Security-Policy-Report-Only", "connect-src 'none'",
			"ws 0, violation report connect-src http://other.test/x, violation report connect-src ws://other.test/ws, fetch 200",
			`Connecting to 'http://other.test/x' violates the following Content Security Policy directive: \"connect-src 'none'\". The policy is report-only, so the violation has been logged but no further action has been taken.`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Host == "other.test" {
					other(w, r)
					return
				}
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.Header().Set(tt.header, tt.value)
				w.Write([]byte(page))
			})
			var logs lockedBuffer
			r := bangsnap.NewRenderer(bangsnap.Options{Handler: h,
				Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
			snap := render(t, r, "http://page.test/")
			want := `<p id="out">` + tt.want + `</p>`
			if !strings.Contains(string(snap.HTML), want) {
				t.Errorf("snapshot lacks %s:\n%s", want, snap.HTML)
			}
			if !strings.Contains(logs.String(), tt.log) {
				t.Errorf("log lacks %s:\n%s", tt.log, logs.String())
			}
		})
	}
}
