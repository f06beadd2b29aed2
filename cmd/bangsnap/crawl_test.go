package main

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/server"
	"github.com/bangsnap/bangsnap/server/demo"
)

// TestCrawlCommand crawls the demo shop behind the snapshot middleware (a
// correct site) and the bare shop (which answers ugly URLs with its
// JavaScript shell).
func TestCrawlCommand(t *testing.T) {
	good := httptest.NewServer(server.New(server.Options{Logger: slog.New(slog.DiscardHandler)}).Middleware(demo.Handler()))
	defer good.Close()
	shell := httptest.NewServer(demo.Handler())
	defer shell.Close()

	t.Run("correct site", func(t *testing.T) {
		res := runArgs(t, "crawl", "-max-pages", "5", "-concurrency", "1", good.URL+"/")
		if res.code != exitOK {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", res.code, res.stdout, res.stderr)
		}
		for _, want := range []string{
			"ok   robots   404 " + good.URL + "/robots.txt",
			"ok   page     200 " + good.URL + "/ ",
			" opts-in",
			"ok   snapshot 200 " + good.URL + "/ ",
			"text 100%",
			"5 URLs (",
			": 0 failed, 0 warned, 0 skipped (robots.txt, unmapped origins)\n",
		} {
			if !strings.Contains(res.stdout, want) {
				t.Errorf("stdout lacks %q:\n%s", want, res.stdout)
			}
		}
	})
	t.Run("shell served to crawlers", func(t *testing.T) {
		res := runArgs(t, "crawl", "-max-pages", "4", shell.URL+"/shop#!/about")
		if res.code != exitFail {
			t.Fatalf("exit %d, want 1\n%s%s", res.code, res.stdout, res.stderr)
		}
		for _, want := range []string{
			"FAIL snapshot 200 " + shell.URL + "/shop#!/about",
			"fail no-cloaking: visible text",
			"the answer is the page itself, its JavaScript shell",
			`missing: "About`,
		} {
			if !strings.Contains(res.stdout, want) {
				t.Errorf("stdout lacks %q:\n%s", want, res.stdout)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		res := runArgs(t, "crawl", "-json", "-max-pages", "3", "-no-render", good.URL+"/shop#!/item/1")
		if res.code != exitOK {
			t.Fatalf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
		}
		lines := strings.Split(strings.TrimSuffix(res.stdout, "\n"), "\n")
		var kinds []string
		for _, l := range lines[:len(lines)-1] {
			var r struct {
				Kind, URL, Fetched string
				Similarity         float64
			}
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatalf("line %q: %v", l, err)
			}
			kinds = append(kinds, r.Kind)
			if r.Kind == "snapshot" && r.URL == good.URL+"/shop#!/item/1" && r.Fetched != good.URL+"/shop?_escaped_fragment_=/item/1" {
				t.Errorf("fetched %q", r.Fetched)
			}
		}
		if len(kinds) != 4 || kinds[0] != "robots" || kinds[1] != "snapshot" {
			t.Errorf("kinds %q", kinds)
		}
		var sum struct {
			Summary struct{ URLs, Failed int }
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil || sum.Summary.URLs != 3 {
			t.Errorf("summary line %q: %v", lines[len(lines)-1], err)
		}
	})
}

func TestCrawlUsage(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		errHas string
	}{
		{[]string{"crawl"}, exitUsage, "no start URL given"},
		{[]string{"crawl", "ftp://example.com/"}, exitUsage, "only http and https"},
		{[]string{"crawl", "example.com"}, exitUsage, "not an absolute URL"},
		{[]string{"crawl", "http://h/?_escaped_fragment_=a&b=c"}, exitUsage, "not the last query parameter"},
		{[]string{"crawl", "-max-pages", "0", "http://h/"}, exitUsage, "must be positive"},
		{[]string{"crawl", "-min-similarity", "2", "http://h/"}, exitUsage, "-min-similarity"},
		{[]string{"crawl", "-bogus", "http://h/"}, exitUsage, "flag provided but not defined"},
		{[]string{"crawl", "-h"}, exitOK, ""},
	}
	for _, tt := range tests {
		res := runArgs(t, tt.args...)
		if res.code != tt.code || !strings.Contains(res.stderr, tt.errHas) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tt.args, res.code, res.stderr, tt.code, tt.errHas)
		}
	}
}

// TestCrawlUnreachable: a site that cannot be reached fails clearly.
func TestCrawlUnreachable(t *testing.T) {
	ts := httptest.NewServer(http.NotFoundHandler())
	u := ts.URL
	ts.Close()
	res := runArgs(t, "crawl", u+"/")
	if res.code != exitFail || !strings.Contains(res.stdout, "fail robots: unreachable") || !strings.Contains(res.stdout, "1 failed") {
		t.Errorf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
}
