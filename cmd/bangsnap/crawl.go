package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/mapping"
)

func init() {
	register(command{name: "crawl", summary: "crawl your site as an AJAX-crawling crawler would, and check its snapshots", run: runCrawl})
}

const crawlDescription = `Crawl checks that a site implements the AJAX crawling scheme, by crawling
it the way the scheme's crawlers did, from the given start URLs:

  - robots.txt first (RFC 9309, for the -robots-agent token): a 5xx answer
    disallows the whole site, a 4xx allows it; a site that disallows its
    ugly URLs (Disallow: /*_escaped_fragment_) is reported (a warning).
    The sitemaps it names are read (-no-sitemaps): they must list #! URLs,
    not _escaped_fragment_ ones; the URLs they list are checked too.
  - Plain pages are requested without JavaScript. Their <a href> links (and
    <link rel=alternate hreflang>) are
    followed on the start URLs' hosts (and -host): #! links are states; a
    page with <meta name="fragment" content="!"> opts in. A link that holds
    _escaped_fragment_ fails (pages must link #! URLs) and is not followed.
  - Each state is requested at its ugly URL (?_escaped_fragment_=...). The
    answer must be HTML with the status the page itself shows (a 404 state
    answered 404), and its visible text must match what bangsnap renders for
    the pretty URL (the no-cloaking rule: crawlers must see what users see;
    -min-similarity). A site that sends ETag or Last-Modified should answer
    a conditional request with 304. The snapshot's links are followed too.

A 429 or 503 answer with a Retry-After of at most 30s is asked again once
after that wait: the crawler's requests, robots.txt, and each render's page.

To check a site before it is public, from a build served elsewhere, give
its public URLs and map its origin (see 'bangsnap help snapshot'):

  bangsnap crawl -map-origin https://www.example.com=http://127.0.0.1:8080 https://www.example.com/

Each URL gets one line (or, with -json, one JSON object per line and a last
{"summary": ...} line); failed and warned checks are explained below it.

Exit status:
  0  every check passed (warnings allowed)
  1  a check failed, or the crawl was interrupted
  2  usage error: bad flags, or a start URL that is malformed or not http(s)`

func runCrawl(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("crawl", "crawl [flags] URL...", crawlDescription)
	var (
		opts    bangsnap.CrawlOptions
		hosts   listFlag
		headers repeatFlag
		cookies repeatFlag
		origins originFlags
		jsonOut = fs.Bool("json", false, "one JSON object per URL, and a summary object last")
		verbose = fs.Bool("v", false, "explain every check, not only those that failed or warned")
		render  = fs.Duration("render-timeout", bangsnap.DefaultTimeout, "wall-clock budget of each render of a pretty URL")
		logLvl  = fs.String("log-level", "warn", "debug, info, warn or error (logs go to stderr)")
	)
	fs.IntVar(&opts.MaxPages, "max-pages", bangsnap.DefaultCrawlPages, "visit at most `n` URLs (robots.txt and sitemaps not counted)")
	fs.IntVar(&opts.MaxDepth, "max-depth", bangsnap.DefaultCrawlDepth, "follow links at most `n` deep from a start URL")
	fs.IntVar(&opts.Concurrency, "concurrency", bangsnap.DefaultCrawlConcurrency, "check at most `n` URLs at once")
	fs.DurationVar(&opts.Delay, "delay", 0, "least time between two requests to one host (a robots.txt Crawl-delay raises it, up to 30s)")
	fs.DurationVar(&opts.RequestTimeout, "timeout", bangsnap.DefaultCrawlTimeout, "budget of each request, body included")
	fs.Var(&hosts, "host", "also crawl `host[:port]` (repeatable, or comma-separated)")
	fs.StringVar(&opts.UserAgent, "user-agent", bangsnap.DefaultCrawlUserAgent, "User-Agent of the crawler's requests")
	fs.StringVar(&opts.RobotsAgent, "robots-agent", bangsnap.DefaultRobotsAgent, "product `token` whose robots.txt group applies (Googlebot: what the site tells Google)")
	fs.BoolVar(&opts.IgnoreRobots, "ignore-robots", false, "do not read robots.txt")
	fs.BoolVar(&opts.NoSitemaps, "no-sitemaps", false, "do not read the sitemaps robots.txt names")
	fs.Var(&headers, "header", "add `'Name: value'` to the crawl's and renders' requests for the crawled hosts, never to other hosts (repeatable)")
	fs.Var(&cookies, "cookie", "send cookie `name=value` with the crawl's and renders' requests for the crawled hosts only (repeatable)")
	fs.BoolVar(&opts.NoRender, "no-render", false, "do not render pretty URLs: skip the no-cloaking and status comparisons")
	fs.Float64Var(&opts.MinSimilarity, "min-similarity", bangsnap.DefaultMinSimilarity, "least visible-text similarity (0-1) of a snapshot to bangsnap's render")
	origins.register(fs)
	if code, ok := fs.parse(args, stdout, stderr); !ok {
		return code
	}
	switch {
	case fs.NArg() == 0:
		fs.usageError(stderr, "no start URL given")
		return exitUsage
	case opts.MaxPages <= 0 || opts.MaxDepth <= 0 || opts.Concurrency <= 0:
		fs.usageError(stderr, "-max-pages, -max-depth and -concurrency must be positive")
		return exitUsage
	case opts.RequestTimeout <= 0 || *render <= 0 || opts.Delay < 0:
		fs.usageError(stderr, "-timeout and -render-timeout must be positive, -delay not negative")
		return exitUsage
	case opts.MinSimilarity <= 0 || opts.MinSimilarity > 1:
		fs.usageError(stderr, "-min-similarity must be above 0 and at most 1")
		return exitUsage
	}
	log, err := newLogger(stderr, *logLvl)
	if err != nil {
		fs.usageError(stderr, err.Error())
		return exitUsage
	}
	if opts.Header, err = parseHeaderFlags(headers); err != nil {
		fs.usageError(stderr, err.Error())
		return exitUsage
	}
	if opts.Cookies, err = parseCookieFlags(cookies); err != nil {
		fs.usageError(stderr, err.Error())
		return exitUsage
	}
	if opts.Origins, err = origins.originMap(); err != nil {
		fs.usageError(stderr, err.Error())
		return exitUsage
	}
	opts.Hosts = hosts
	opts.Logger = log
	opts.Render = bangsnap.Options{Timeout: *render, Logger: log}

	sum := crawlSummary{start: time.Now()}
	out := &crawlPrinter{w: stdout, json: *jsonOut, verbose: *verbose}
	err = bangsnap.Crawl(ctx, fs.Args(), opts, func(r bangsnap.CrawlResult) error {
		sum.add(&r)
		return out.result(&r)
	})
	sum.Elapsed = time.Since(sum.start)
	var uerr *mapping.URLError
	switch {
	case errors.As(err, &uerr) || errors.Is(err, bangsnap.ErrScheme):
		fs.usageError(stderr, oneLine(err))
		return exitUsage
	case err != nil:
		sum.Interrupted = oneLine(err)
	}
	if perr := out.summary(&sum); perr != nil {
		fmt.Fprintf(stderr, "bangsnap crawl: %s\n", oneLine(perr))
		return exitFail
	}
	if err != nil {
		fmt.Fprintf(stderr, "bangsnap crawl: %s\n", oneLine(err))
		return exitFail
	}
	if sum.Failed > 0 {
		return exitFail
	}
	return exitOK
}

// crawlSummary counts the results of a crawl.
type crawlSummary struct {
	start       time.Time
	URLs        int           `json:"urls"`      // pages and states visited
	Snapshots   int           `json:"snapshots"` // states whose ugly URL was requested
	Failed      int           `json:"failed"`
	Warned      int           `json:"warned"`
	Skipped     int           `json:"skipped"` // not requested: robots.txt, or an origin Origins does not map
	Elapsed     time.Duration `json:"elapsed"`
	Interrupted string        `json:"interrupted,omitempty"`
}

func (s *crawlSummary) add(r *bangsnap.CrawlResult) {
	if r.Kind == bangsnap.CrawlPage || r.Kind == bangsnap.CrawlSnapshot {
		s.URLs++
	}
	switch {
	case r.Failed():
		s.Failed++
	case r.Warned():
		s.Warned++
	}
	switch {
	case r.Skipped != "" && (r.Kind == bangsnap.CrawlPage || r.Kind == bangsnap.CrawlSnapshot):
		s.Skipped++
	case r.Kind == bangsnap.CrawlSnapshot && r.Status != 0:
		s.Snapshots++
	}
}

// crawlPrinter writes results as lines for people or as JSON.
type crawlPrinter struct {
	w       io.Writer
	json    bool
	verbose bool
}

func (p *crawlPrinter) result(r *bangsnap.CrawlResult) error {
	if p.json {
		b, err := json.Marshal(r)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(p.w, "%s\n", b)
		return err
	}
	var b strings.Builder
	verdict := "ok"
	switch {
	case r.Failed():
		verdict = "FAIL"
	case r.Warned():
		verdict = "warn"
	case r.Skipped != "":
		verdict = "skip"
	}
	status := "-"
	if r.Status != 0 {
		status = strconv.Itoa(r.Status)
	}
	fmt.Fprintf(&b, "%-4s %-8s %3s %s", verdict, r.Kind, status, r.URL)
	if r.Status != 0 {
		fmt.Fprintf(&b, " %v", r.Duration.Round(100*time.Microsecond))
	}
	if r.Similarity >= 0 {
		fmt.Fprintf(&b, " text %d%%", int(r.Similarity*100+0.5))
	}
	if r.OptsIn {
		b.WriteString(" opts-in")
	}
	if l := r.Links; l != (bangsnap.LinkCounts{}) {
		fmt.Fprintf(&b, " links %d states, %d pages", l.States, l.Pages)
		if l.Other > 0 {
			fmt.Fprintf(&b, ", %d elsewhere", l.Other)
		}
		if l.Ugly > 0 {
			fmt.Fprintf(&b, ", %d _escaped_fragment_", l.Ugly)
		}
	}
	b.WriteByte('\n')
	if r.Skipped != "" {
		fmt.Fprintf(&b, "       skipped: %s\n", r.Skipped)
	}
	shown := false
	for _, c := range r.Checks {
		if c.Outcome == bangsnap.CrawlOK && !p.verbose {
			continue
		}
		fmt.Fprintf(&b, "       %s %s: %s\n", c.Outcome, c.Name, c.Detail)
		shown = shown || c.Name == "no-cloaking"
	}
	if shown || p.verbose {
		for _, d := range r.Differences {
			fmt.Fprintf(&b, "         %s\n", d)
		}
	}
	_, err := io.WriteString(p.w, b.String())
	return err
}

func (p *crawlPrinter) summary(s *crawlSummary) error {
	if p.json {
		b, err := json.Marshal(map[string]*crawlSummary{"summary": s})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(p.w, "%s\n", b)
		return err
	}
	line := fmt.Sprintf("%d URLs (%d snapshots) in %v: %d failed, %d warned, %d skipped (robots.txt, unmapped origins)",
		s.URLs, s.Snapshots, s.Elapsed.Round(time.Millisecond), s.Failed, s.Warned, s.Skipped)
	if s.Interrupted != "" {
		line += "; interrupted: " + s.Interrupted
	}
	_, err := fmt.Fprintln(p.w, line)
	return err
}
