package bangsnap_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/server"
	"github.com/bangsnap/bangsnap/server/demo"
)

// Crawl a site the way an AJAX-crawling crawler does: here the demo shop,
// served behind bangsnap's snapshot middleware, so that each #! state's
// ugly URL answers with a snapshot that shows what a user sees.
func ExampleCrawl() {
	mw := server.New(server.Options{Logger: slog.New(slog.DiscardHandler)})
	site := httptest.NewServer(mw.Middleware(demo.Handler()))
	defer site.Close()

	opts := bangsnap.CrawlOptions{MaxPages: 4, Concurrency: 1}
	err := bangsnap.Crawl(context.Background(), []string{site.URL + "/"}, opts, func(r bangsnap.CrawlResult) error {
		verdict := "ok"
		if r.Failed() {
			verdict = "FAIL"
		}
		fmt.Printf("%-4s %-8s %d %s", verdict, r.Kind, r.Status, strings.TrimPrefix(r.Fetched, site.URL))
		if r.Similarity >= 0 {
			fmt.Printf(" text %.0f%%", r.Similarity*100)
		}
		fmt.Println()
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// ok   robots   404 /robots.txt
	// ok   page     200 /
	// ok   snapshot 200 /shop?_escaped_fragment_=/ text 100%
	// ok   snapshot 200 /shop?_escaped_fragment_=/about text 100%
	// ok   snapshot 200 /?_escaped_fragment_= text 100%
}
