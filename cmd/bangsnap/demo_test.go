package main

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/mapping"
)

var (
	demoPrettyRE = regexp.MustCompile(`pretty URL +(\S+)`)
	demoUglyRE   = regexp.MustCompile(`ugly URL +(\S+)`)
	demoCurlRE   = regexp.MustCompile(`curl -i '([^']+)'`)
	demoStatusRE = regexp.MustCompile(`snapshot: (?:FAILED, )?(\d{3}) `)
)

// demo prints a pretty URL, its ugly URL, a curl line and what the server
// answers for it, and serves the site until interrupted.
func TestDemoCommand(t *testing.T) {
	stdout, _, stop := startCommand(t, "Serving until Ctrl-C.", "demo", "-port", "0", "-log-level", "error")
	out := stdout.String()
	pretty, ugly, curl := demoPrettyRE.FindStringSubmatch(out), demoUglyRE.FindStringSubmatch(out), demoCurlRE.FindStringSubmatch(out)
	if pretty == nil || ugly == nil || curl == nil {
		t.Fatalf("output lacks the pretty URL, ugly URL or curl line:\n%s", out)
	}
	if !strings.HasSuffix(pretty[1], "/shop#!/item/1") {
		t.Errorf("pretty URL %q", pretty[1])
	}
	if want, err := mapping.ToUgly(pretty[1]); err != nil || ugly[1] != want || curl[1] != want {
		t.Errorf("ugly URL %q, curl %q; want %q (%v)", ugly[1], curl[1], want, err)
	}
	// What demo printed is what a crawler gets.
	m := demoStatusRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no snapshot status in output:\n%s", out)
	}
	resp, body := get(t, ugly[1], nil)
	if got := resp.Status[:3]; got != m[1] {
		t.Errorf("demo printed status %s, the server answers %s", m[1], got)
	}
	if resp.StatusCode == http.StatusOK && !strings.Contains(out, "  | ") {
		t.Errorf("a 200 snapshot but no snapshot lines printed:\n%s", out)
	}
	if resp.StatusCode >= 500 && !strings.Contains(out, strings.TrimSpace(body)) {
		t.Errorf("the render error %q is not what demo printed:\n%s", body, out)
	}
	// The site itself is served untouched.
	base := strings.TrimSuffix(pretty[1], "/shop#!/item/1")
	if resp, body := get(t, base+"/", nil); resp.StatusCode != 200 || !strings.Contains(body, `<meta name="fragment" content="!">`) {
		t.Errorf("home page: %d %q", resp.StatusCode, body)
	}
	if resp, body := get(t, base+"/api/items/1", nil); resp.StatusCode != 200 || !strings.Contains(body, "Blue teapot") {
		t.Errorf("JSON endpoint: %d %q", resp.StatusCode, body)
	}
	if code := stop(); code != exitOK {
		t.Errorf("exit status %d after interrupt", code)
	}
}

func TestDemoUsage(t *testing.T) {
	for _, args := range [][]string{{"demo", "-port", "70000"}, {"demo", "x"}, {"demo", "-log-level", "nope"}} {
		if r := runArgs(t, args...); r.code != exitUsage {
			t.Errorf("%v: exit %d", args, r.code)
		}
	}
	if r := runArgs(t, "demo", "-h"); r.code != 0 || !strings.Contains(r.stdout, "meta name=\"fragment\"") {
		t.Errorf("demo -h: %d %q", r.code, r.stdout)
	}
}
