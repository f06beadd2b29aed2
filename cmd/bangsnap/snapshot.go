package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/mapping"
	"github.com/bangsnap/bangsnap/server"
)

func init() {
	register(command{name: "snapshot", summary: "render a site's states ahead of time into a directory that serve -snapshot-dir serves", run: runSnapshot})
}

const snapshotDescription = `Snapshot makes a site's snapshots offline, ahead of time: it finds the
site's states the way 'bangsnap crawl' does (robots.txt and its sitemaps,
the <a href> links of plain pages on the start URLs' hosts and -host, #!
links, pages with <meta name="fragment" content="!">), renders each with
bangsnap (as 'bangsnap render' does), follows the links of the rendered
snapshots too, and writes one file per state into -dir, named after its
normalized ugly URL exactly as 'bangsnap serve -snapshot-dir' looks it up
(see server.SnapshotFileName). The directory can also be served by any web
server or CDN that maps ?_escaped_fragment_= requests to those names.

  bangsnap snapshot -dir snapshots -deterministic https://www.example.com/
  bangsnap serve -origin http://127.0.0.1:3000 -snapshot-dir snapshots

The files are keyed by the host and URL that crawlers ask for: give the
site's public URLs (those of its links and sitemaps), not a local address.
To make them from a build served elsewhere (CI before a deploy, a staging
server), map the public origin to it:

  bangsnap snapshot -dir snapshots -map-origin https://www.example.com=http://127.0.0.1:8080 https://www.example.com/

Every request for https://www.example.com (robots.txt, sitemaps, pages,
scripts, XHR, fetch) then goes to http://127.0.0.1:8080, with its Host
(-preserve-host: the public host) and X-Forwarded-Host/-Proto naming the
public ones, while pages are rendered at their public URLs (location,
links built from it, cookies, CORS) and a redirect to the mapped origin is
seen on the public one. Other origins are not mapped; -map-origin is
repeatable (an API host, http:// as well as https:// when the site links
both).

A state served with another status than 200, or with other headers than
Content-Type text/html (a 404 state, a redirect, <meta name="prerender-header">),
gets a sidecar NAME.html.meta (JSON: status, headers, the SHA-256 of its
file) that serve reads with the file. Files are written atomically (a
temporary file renamed); a file whose content is unchanged is not rewritten,
so its modification time (Last-Modified) stays. A state whose render fails,
answers a 5xx, or is partial (a budget ran out; -allow-partial writes it)
fails, and its older file stays. -prune removes the files (named as
snapshots, nothing else) of states the run did not find, unless the crawl
stopped at -max-pages.

-header and -cookie go to the crawled hosts only (the crawler's requests and
the renders': page, scripts, XHR, fetch), never to another host.

Each state gets one line on stdout (with -json, one JSON object: url,
ugly_url, file, status, bytes, action written|unchanged|failed|skipped|pruned,
render_ms, error, warnings); a summary goes to stderr.

Exit status:
  0  every state found was written or unchanged
  1  a state failed, no state was found, the directory is not usable, or
     the run was interrupted
  2  usage error: bad flags, or a start URL that is malformed or not http(s)`

func runSnapshot(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("snapshot", "snapshot -dir DIR [flags] URL...", snapshotDescription)
	var (
		opts    server.GenerateOptions
		rf      renderFlags
		hosts   listFlag
		dir     = fs.String("dir", "", "write the snapshots into `directory` (made if missing)")
		jsonOut = fs.Bool("json", false, "one JSON object per state on stdout")
		logLvl  = fs.String("log-level", "warn", "debug, info, warn or error (logs go to stderr)")
	)
	c := &opts.Crawl
	fs.BoolVar(&opts.Prune, "prune", false, "remove the snapshot files of states no longer found")
	fs.BoolVar(&opts.AllowPartial, "allow-partial", false, "write partial snapshots (a render budget ran out) instead of failing them")
	fs.IntVar(&c.MaxPages, "max-pages", bangsnap.DefaultCrawlPages, "visit at most `n` URLs, pages and states (robots.txt and sitemaps not counted)")
	fs.IntVar(&c.MaxDepth, "max-depth", bangsnap.DefaultCrawlDepth, "follow links at most `n` deep from a start URL")
	fs.IntVar(&c.Concurrency, "concurrency", bangsnap.DefaultCrawlConcurrency, "render at most `n` states at once")
	fs.DurationVar(&c.Delay, "delay", 0, "least time between two of the crawler's requests to one host (a robots.txt Crawl-delay raises it, up to 30s)")
	fs.DurationVar(&c.RequestTimeout, "request-timeout", bangsnap.DefaultCrawlTimeout, "budget of each of the crawler's requests (robots.txt, sitemaps, plain pages)")
	fs.Var(&hosts, "host", "also crawl `host[:port]` (repeatable, or comma-separated)")
	fs.StringVar(&c.RobotsAgent, "robots-agent", bangsnap.DefaultRobotsAgent, "product `token` whose robots.txt group applies")
	fs.BoolVar(&c.IgnoreRobots, "ignore-robots", false, "do not read robots.txt")
	fs.BoolVar(&c.NoSitemaps, "no-sitemaps", false, "do not read the sitemaps robots.txt names")
	fs.DurationVar(&rf.timeout, "timeout", bangsnap.DefaultTimeout, "wall-clock budget of each render")
	rf.pageFlags(fs, "the crawled hosts")
	if code, ok := fs.parse(args, stdout, stderr); !ok {
		return code
	}
	switch {
	case *dir == "":
		fs.usageError(stderr, "no -dir given")
		return exitUsage
	case fs.NArg() == 0:
		fs.usageError(stderr, "no start URL given")
		return exitUsage
	case c.MaxPages <= 0 || c.MaxDepth <= 0 || c.Concurrency <= 0:
		fs.usageError(stderr, "-max-pages, -max-depth and -concurrency must be positive")
		return exitUsage
	case c.RequestTimeout <= 0 || c.Delay < 0:
		fs.usageError(stderr, "-request-timeout must be positive, -delay not negative")
		return exitUsage
	}
	ro, err := rf.options()
	if err != nil {
		fs.usageError(stderr, err.Error())
		return exitUsage
	}
	log, err := newLogger(stderr, *logLvl)
	if err != nil {
		fs.usageError(stderr, err.Error())
		return exitUsage
	}
	if rf.determ {
		// The page's Date uses the process's time zone: fix it too.
		time.Local = time.UTC
	}
	// The crawl scopes -header and -cookie to its hosts, for its own
	// requests and its renders'.
	c.Header, c.Cookies = ro.Header, ro.Cookies
	ro.Header, ro.Cookies = nil, nil
	// The crawler's requests (robots.txt, sitemaps, pages) are mapped as
	// the renders' are.
	c.Origins = ro.Origins
	ro.Logger = log
	c.Render = ro
	c.Hosts = hosts
	c.Logger = log
	opts.Logger = log

	start := time.Now()
	out := &snapshotPrinter{w: stdout, json: *jsonOut}
	sum, err := server.GenerateSnapshotDir(ctx, *dir, fs.Args(), opts, out.file)
	var uerr *mapping.URLError
	switch {
	case errors.As(err, &uerr) || errors.Is(err, bangsnap.ErrScheme):
		fs.usageError(stderr, oneLine(err))
		return exitUsage
	case err != nil && out.err != nil:
		fmt.Fprintf(stderr, "bangsnap snapshot: writing the results: %s\n", oneLine(out.err))
		return exitFail
	case errors.Is(err, server.ErrSnapshotDir) && sum.States == 0 && sum.Pages == 0:
		fmt.Fprintf(stderr, "bangsnap snapshot: %s\n", oneLine(err))
		return exitFail
	}
	line := fmt.Sprintf("bangsnap snapshot: %d states in %v: %d written, %d unchanged, %d failed, %d skipped (robots.txt, unmapped origins)",
		sum.States, time.Since(start).Round(time.Millisecond), sum.Written, sum.Unchanged, sum.Failed, sum.Skipped)
	if opts.Prune {
		line += fmt.Sprintf(", %d pruned", sum.Pruned)
	}
	line += fmt.Sprintf("; %d pages read for links", sum.Pages)
	if sum.PagesFailed > 0 {
		line += fmt.Sprintf(" (%d failed)", sum.PagesFailed)
	}
	fmt.Fprintln(stderr, line)
	if sum.PruneSkipped != "" {
		fmt.Fprintf(stderr, "bangsnap snapshot: nothing pruned: %s\n", sum.PruneSkipped)
	}
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "bangsnap snapshot: %s\n", oneLine(err))
		return exitFail
	case sum.States == 0:
		fmt.Fprintf(stderr, "bangsnap snapshot: no state found: the start pages link no #! URL and do not opt in with <meta name=\"fragment\" content=\"!\">%s\n", pagesNote(sum))
		return exitFail
	case sum.Failed > 0:
		return exitFail
	}
	return exitOK
}

func pagesNote(sum server.GenerateSummary) string {
	if sum.PagesFailed > 0 {
		return fmt.Sprintf(", or could not be read (%d failed; see the log above)", sum.PagesFailed)
	}
	return ""
}

// snapshotPrinter writes one line per state.
type snapshotPrinter struct {
	w    io.Writer
	json bool
	err  error
}

func (p *snapshotPrinter) file(f server.GeneratedFile) error {
	if p.json {
		b, err := json.Marshal(f)
		if err == nil {
			_, err = fmt.Fprintf(p.w, "%s\n", b)
		}
		p.err = err
		return err
	}
	status := "-"
	if f.Status != 0 {
		status = strconv.Itoa(f.Status)
	}
	line := fmt.Sprintf("%-9s %3s %s", f.Action, status, f.URL)
	if f.Action == server.FilePruned {
		line = fmt.Sprintf("%-9s %3s %s", f.Action, status, f.File)
	} else if f.File != "" {
		line += " -> " + f.File
	}
	if f.RenderMS > 0 {
		line += fmt.Sprintf(" %dms", f.RenderMS)
	}
	if f.Error != "" {
		line += "\n          " + f.Error
	}
	for _, w := range f.Warnings {
		line += "\n          warn " + w
	}
	_, err := fmt.Fprintln(p.w, line)
	p.err = err
	return err
}
