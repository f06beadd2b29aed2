package bangsnap

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/mapping"
)

// This file turns the crawl into a generator of snapshots: the scheme lets a
// site answer ugly URLs with snapshots "made on request or offline ahead of
// time"; RenderSite makes them ahead of time.

// RenderSite finds a site's states as Crawl does, and renders each with
// bangsnap instead of asking the site for its snapshot: the way to make
// snapshots offline, ahead of time (server.GenerateSnapshotDir writes them
// where `bangsnap serve -snapshot-dir` serves them).
//
// It reads robots.txt and the sitemaps it names, requests plain pages without
// JavaScript and follows their <a href> links on the crawled hosts, as Crawl
// does. Each #! state, and each page that opts in with <meta name="fragment"
// content="!">, is rendered at its ugly URL (a meta-fragment page without
// any #!), with opts.Render, at most opts.Concurrency at a time; the links of
// the rendered snapshot are followed too (a page that builds its links with
// JavaScript shows them only there), and a redirect's target. robots.txt
// rules apply to the page a state renders.
//
// visit gets every CrawlResult, one call at a time: for a state (Kind
// CrawlSnapshot) URL is the pretty URL, Fetched the ugly URL a crawler asks
// for, Status and Bytes those of the render, RenderTime its wall time, and
// snap the render (nil when it failed). Its checks are "render" (fail: the
// render returned an error; warn: a budget ran out, the snapshot is
// partial), "script-errors" (warn: the page threw), "status" (fail for a
// 5xx) and "links". opts.NoRender and MinSimilarity are ignored.
//
// Errors are those of Crawl.
func RenderSite(ctx context.Context, start []string, opts CrawlOptions, visit func(r CrawlResult, snap *Snapshot) error) error {
	if len(start) == 0 {
		return ErrNoStart
	}
	c := newCrawler(opts)
	c.renderStates = true
	items, err := c.start(start)
	if err != nil {
		return err
	}
	c.startRenderer()
	return c.run(ctx, items, visit)
}

// renderState renders a state at its ugly URL and returns its result, the
// links of its snapshot and the snapshot.
func (c *crawler) renderState(ctx context.Context, it crawlItem, h *crawlHost) (CrawlResult, []crawlItem, *Snapshot) {
	r := CrawlResult{Kind: CrawlSnapshot, URL: strings.TrimSuffix(it.url, "#!"), From: it.from, Depth: it.depth, Similarity: -1}
	ugly, err := mapping.ToUgly(it.url)
	if err != nil {
		r.check("render", CrawlFail, "no ugly URL: %v", err)
		return r, nil, nil
	}
	r.Fetched = ugly
	if !c.robotsAllow(h, it.u, &r) {
		return r, nil, nil
	}
	// The page's own request waits for the host's politeness slot; the
	// render's other requests do not (see KNOWN_GAPS).
	if err := c.wait(ctx, h); err != nil {
		r.check("render", CrawlFail, "%v", err)
		return r, nil, nil
	}
	start := time.Now()
	snap, err := c.renderer.Render(ctx, ugly)
	r.RenderTime = time.Since(start)
	if err != nil {
		r.check("render", CrawlFail, "%v", err)
		return r, nil, nil
	}
	r.Status, r.Bytes = snap.Status, int64(len(snap.HTML))
	r.ContentType = snap.Header.Get("Content-Type")
	rep := &snap.Report
	if rep.Retried != 0 {
		r.check("retry", CrawlWarn, "%d with Retry-After: asked again after %v", rep.Retried, rep.RetryAfter)
	}
	if rep.Partial {
		pending := ""
		if len(rep.Pending) > 0 {
			pending = fmt.Sprintf(", still pending: %s", strings.Join(rep.Pending[:min(3, len(rep.Pending))], "; "))
		}
		r.check("render", CrawlWarn, "partial snapshot: the %s budget ran out%s", rep.Reason, pending)
	} else {
		r.check("render", CrawlOK, "quiet after %d tasks", rep.Tasks)
	}
	if n := len(rep.Errors); n > 0 {
		r.check("script-errors", CrawlWarn, "the page threw %d uncaught errors; the first: %s", n, crawlClip(rep.Errors[0].Message))
	}
	switch {
	case snap.Status >= 500:
		r.check("status", CrawlFail, "%d: server error", snap.Status)
	case isRedirect(snap.Status):
		r.check("status", CrawlOK, "%d", snap.Status)
		return r, c.redirectTarget(it, &crawlAnswer{status: snap.Status, header: snap.Header}, &r), snap
	default:
		r.check("status", CrawlOK, "%d", snap.Status)
	}
	doc, err := html.Parse(bytes.NewReader(snap.HTML))
	if err != nil {
		return r, nil, snap
	}
	links := c.links(doc, crawlPrettyDoc(it), it, &r)
	checkCanonical(doc, crawlPrettyDoc(it), &r)
	return r, links, snap
}
