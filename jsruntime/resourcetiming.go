package jsruntime

import (
	"context"
	"net/url"
	"time"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/xhr"
)

// resourceTimings hands the fetches of a window or a worker to its
// performance timeline (webapi.ResourceTimingHost): Window and worker
// embed it, InstallPerformance sets add.
type resourceTimings struct {
	add func(webapi.ResourceTiming)
}

// SetResourceTimingSink implements webapi.ResourceTimingHost.
func (t *resourceTimings) SetResourceTimingSink(add func(webapi.ResourceTiming)) { t.add = add }

// timings returns the resource timings of the page, nil for a fetch of
// a frame's document n is in (a frame's fetches go to its own timeline,
// which bangsnap does not keep).
func (w *Window) timings(n *dom.Node) *resourceTimings {
	if n != nil && n.Document() != w.doc {
		return nil
	}
	return &w.resourceTimings
}

// resourceFetch is one fetch on its way to a PerformanceResourceTiming
// entry: begin it on the loop as the fetch starts, and end it on the loop
// when the response has come.
type resourceFetch struct {
	t         *resourceTimings
	loop      interface{ Elapsed() time.Duration }
	initiator string
	url       string // the URL asked for, for a loader that gives no Timing
	start     time.Duration
	blocking  bool
	timing    xhr.Timing // filled by the client (xhr.WithTiming) for a loader
}

// begin starts the entry of a fetch of u (empty when the fetch's Timing
// will tell) by initiator ("script", "link", "fetch"...); nil when there
// is no performance timeline.
func (t *resourceTimings) begin(l interface{ Elapsed() time.Duration }, initiator, u string) *resourceFetch {
	if t == nil || t.add == nil {
		return nil
	}
	return &resourceFetch{t: t, loop: l, initiator: initiator, url: u, start: l.Elapsed()}
}

// context returns ctx carrying the fetch's Timing, for a loader that
// fetches through the page's client.
func (f *resourceFetch) context(ctx context.Context) context.Context {
	if f == nil {
		return ctx
	}
	return xhr.WithTiming(ctx, &f.timing)
}

// end adds the entry, with t when the fetch has a Timing of its own (XHR,
// fetch), else with the one its loader's client filled, else, for a
// loader that went elsewhere (a preloaded script, a test's loader), as a
// 200 response of size bytes, hidden when cross-origin from page.
func (f *resourceFetch) end(t *xhr.Timing, size int, page *url.URL) {
	if f == nil {
		return
	}
	if t == nil {
		t = &f.timing
	}
	if !t.Done {
		t = &xhr.Timing{URL: f.url, Status: 200, BodySize: int64(size), Hidden: crossOrigin(page, f.url)}
	}
	if t.URL == "" {
		t.URL = f.url
	}
	if pu, err := url.Parse(t.URL); err != nil || (pu.Scheme != "http" && pu.Scheme != "https") {
		return // Chromium makes no entry for data: and blob: URLs
	}
	now := f.loop.Elapsed()
	f.t.add(webapi.ResourceTiming{Name: t.URL, InitiatorType: f.initiator, Start: f.start, ResponseStart: now, End: now,
		BodySize: t.BodySize, Status: t.Status, ContentType: t.ContentType, RenderBlocking: f.blocking, Hidden: t.Hidden})
}

// loaded ends the entry of a loader's fetch that gave size bytes or err:
// a failed fetch has an entry when it got a response (a 404).
func (f *resourceFetch) loaded(err error, size int, page *url.URL) {
	if f != nil && (err == nil || f.timing.Done) {
		f.end(nil, size, page)
	}
}

// crossOrigin reports whether u is of another origin than page's (true
// when either is unknown).
func crossOrigin(page *url.URL, u string) bool {
	pu, err := url.Parse(u)
	return page == nil || err != nil || pu.Scheme != page.Scheme || pu.Host != page.Host
}
