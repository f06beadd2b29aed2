package bangsnap_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// openCounter opens testdata/sites/counter.html in process.
func openCounter(t *testing.T) *bangsnap.Page {
	t.Helper()
	page, err := bangsnap.Open(context.Background(), sitesOrigin+"/counter.html", bangsnap.Options{Handler: sitesHandler()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.Close() })
	return page
}

// TestPageClick is a page test as a user of the package would write it:
// open the page, click the button, check what the page shows.
func TestPageClick(t *testing.T) {
	ctx := context.Background()
	page := openCounter(t)

	if got := page.Query("#count").Text(); got != "0" {
		t.Fatalf("count before clicking = %q, want 0", got)
	}
	for range 3 {
		if err := page.Click(ctx, "#inc"); err != nil {
			t.Fatal(err)
		}
	}
	if got := page.Query("#count").Text(); got != "3" {
		t.Errorf("count after three clicks = %q, want 3", got)
	}
}

func TestPageTypeAndSubmit(t *testing.T) {
	ctx := context.Background()
	page := openCounter(t)
	if err := page.Type(ctx, "#name", "Ada"); err != nil {
		t.Fatal(err)
	}
	if got := page.Query("#preview").Text(); got != "Typing: Ada" {
		t.Errorf("preview = %q after typing", got)
	}
	if got := page.Query("#name").Value(); got != "Ada" {
		t.Errorf("input value = %q", got)
	}
	if err := page.Submit(ctx, "#greet"); err != nil {
		t.Fatal(err)
	}
	if got := page.Query("#greeting").Text(); got != "Hello, Ada!" {
		t.Errorf("greeting = %q after submitting", got)
	}
	if nav := page.Report().Navigations; len(nav) != 0 {
		t.Errorf("a canceled submission navigated: %v", nav)
	}
}

func TestPageEval(t *testing.T) {
	ctx := context.Background()
	page := openCounter(t)
	tests := []struct {
		js   string
		want any
	}{
		{`1 + 2`, int64(3)},
		{`document.title`, "Counter"},
		{`[1, "a"]`, []any{int64(1), "a"}},
		{`new Promise(function (resolve) { setTimeout(function () { resolve("later") }, 5000) })`, "later"},
		{`undefined`, nil},
	}
	for _, tt := range tests {
		got, err := page.Eval(ctx, tt.js)
		if err != nil {
			t.Errorf("Eval(%s): %v", tt.js, err)
			continue
		}
		if s, ok := got.([]any); ok {
			if len(s) != 2 || s[0] != int64(1) || s[1] != "a" {
				t.Errorf("Eval(%s) = %#v", tt.js, got)
			}
			continue
		}
		if got != tt.want {
			t.Errorf("Eval(%s) = %#v, want %#v", tt.js, got, tt.want)
		}
	}
	if _, err := page.Eval(ctx, `throw new TypeError("boom")`); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("a throwing Eval returned %v", err)
	}
	if _, err := page.Eval(ctx, `Promise.reject(new Error("no"))`); err == nil || !strings.Contains(err.Error(), "no") {
		t.Errorf("a rejected promise returned %v", err)
	}
}

func TestPageErrors(t *testing.T) {
	ctx := context.Background()
	page := openCounter(t)
	if page.Query("#missing") != nil {
		t.Error("Query of a missing element is not nil")
	}
	if err := page.Click(ctx, "#missing"); err == nil {
		t.Error("clicking a missing element succeeded")
	}
	if _, err := page.QueryAll("p["); err == nil {
		t.Error("an invalid selector was accepted")
	}
	page.Close()
	if err := page.Click(ctx, "#inc"); !errors.Is(err, bangsnap.ErrClosed) {
		t.Errorf("Click after Close: %v", err)
	}
	if _, err := page.HTML(); !errors.Is(err, bangsnap.ErrClosed) {
		t.Errorf("HTML after Close: %v", err)
	}
}

// TestPageRunaway: a runaway script started by an action is stopped by the
// wall budget; the page is still usable afterwards.
func TestPageRunaway(t *testing.T) {
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, sitesOrigin+"/counter.html", bangsnap.Options{Handler: sitesHandler(), Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	_, err = page.Eval(ctx, `for (;;) {}`)
	if err == nil {
		t.Fatal("a runaway Eval returned no error")
	}
	got, err := page.Eval(ctx, `document.querySelectorAll("p").length`)
	if err != nil || got != int64(3) {
		t.Errorf("after the runaway: %v, %v", got, err)
	}
}

func TestPageSnapshot(t *testing.T) {
	ctx := context.Background()
	page := openCounter(t)
	if err := page.Click(ctx, "#inc"); err != nil {
		t.Fatal(err)
	}
	snap, err := page.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	html := string(snap.HTML)
	if !strings.Contains(html, `<span id="count">1</span>`) || strings.Contains(html, "<script") {
		t.Errorf("snapshot:\n%s", html)
	}
	live, err := page.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(live, "<script>") {
		t.Errorf("HTML dropped the scripts:\n%s", live)
	}
}

// TestPageNavigations: a page does not leave its document; where it tried
// to go is in the report.
func TestPageNavigations(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><form id="f" action="/search"><input name="q" value="moss"></form>
			<button id="go" onclick="location.href = '/elsewhere?x=1'">go</button>
			<a id="frag" href="#!/other">frag</a>`)
	})
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, "http://nav.test/start", bangsnap.Options{Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	for _, sel := range []string{"#go", "#frag"} {
		if err := page.Click(ctx, sel); err != nil {
			t.Fatal(err)
		}
	}
	if got := page.URL(); got != "http://nav.test/start#!/other" {
		t.Errorf("URL after a fragment link = %q", got)
	}
	nav := page.Report().Navigations
	// Clicks only: form submissions are TestPageFormSubmission's.
	want := []string{"http://nav.test/elsewhere?x=1"}
	if strings.Join(nav, " ") != strings.Join(want, " ") {
		t.Errorf("navigations %q, want %q", nav, want)
	}
}

// TestPageFollowsRedirects: Open follows a redirect of the page as a
// browser does, keeping the #! state.
func TestPageFollowsRedirects(t *testing.T) {
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, sitesOrigin+"/moved?_escaped_fragment_=/about", bangsnap.Options{Handler: sitesHandler()})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	if got := page.URL(); got != sitesOrigin+"/hashbang.html#!/about" {
		t.Errorf("URL = %q", got)
	}
	if h1 := page.Query("h1"); h1 == nil || h1.Text() != "About us" {
		t.Errorf("the redirected page did not render its #! state: %v", h1)
	}
}
