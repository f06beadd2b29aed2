package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap"
)

// This file makes a snapshot directory ahead of time: the other half of
// Options.SnapshotDir. It lives here, not in package bangsnap, because the
// directory's layout (SnapshotFileName, the sidecars) is this package's and
// the generator must name files exactly as the server looks them up;
// finding and rendering the states is bangsnap.RenderSite's.

// GenerateOptions configure GenerateSnapshotDir.
type GenerateOptions struct {
	// Crawl says how the states are found and rendered (bangsnap.RenderSite):
	// hosts, robots.txt, sitemaps, MaxPages, MaxDepth, Concurrency, the
	// render options in Crawl.Render, Header and Cookies; Crawl.Origins
	// makes them from a build served elsewhere (a staging or local server)
	// under the site's public URLs, which name the files.
	Crawl bangsnap.CrawlOptions
	// Prune removes the files of the directory named as snapshots (and
	// their sidecars) that belong to no state the run found. It is skipped
	// when the run did not end normally or stopped at Crawl.MaxPages, since
	// the states not reached would look gone. Files of states that failed
	// or that robots.txt keeps out stay.
	Prune bool
	// AllowPartial writes snapshots taken when a render's budget ran out
	// (served with X-Bangsnap-Partial naming it); by default such a state
	// fails and its file is left as it was.
	AllowPartial bool
	// Logger receives diagnostics (nil: slog.Default()).
	Logger *slog.Logger
}

// What GenerateSnapshotDir did with a file.
const (
	FileWritten   = "written"   // new or changed content
	FileUnchanged = "unchanged" // the same content was there: not rewritten, its mtime kept
	FileFailed    = "failed"    // the state did not render, or could not be written; an older file stays
	FileSkipped   = "skipped"   // robots.txt keeps the state's page out, or its origin is not mapped (Crawl.Origins maps another of its host); an older file stays
	FilePruned    = "pruned"    // removed by Prune
)

// A GeneratedFile is what GenerateSnapshotDir did for one state (or, for
// FilePruned, one file).
type GeneratedFile struct {
	URL    string `json:"url,omitempty"`      // the pretty URL (a meta-fragment page: the page's URL)
	Ugly   string `json:"ugly_url,omitempty"` // what crawlers ask for
	File   string `json:"file,omitempty"`     // the file's name in the directory
	Status int    `json:"status,omitempty"`   // the status it is served with
	Bytes  int    `json:"bytes"`
	Action string `json:"action"`
	// RenderMS is the render's wall time in milliseconds.
	RenderMS int64  `json:"render_ms"`
	Error    string `json:"error,omitempty"`
	// Warnings are what is worth a look in a snapshot that was written: the
	// page threw, a budget ran out (with AllowPartial).
	Warnings []string `json:"warnings,omitempty"`
}

// A GenerateSummary counts what GenerateSnapshotDir did.
type GenerateSummary struct {
	States    int `json:"states"`
	Written   int `json:"written"`
	Unchanged int `json:"unchanged"`
	Failed    int `json:"failed"`
	Skipped   int `json:"skipped"`
	Pruned    int `json:"pruned"`
	// Pages are the plain pages read for links; PagesFailed those that
	// could not be read or answered an error.
	Pages       int `json:"pages"`
	PagesFailed int `json:"pages_failed"`
	// PruneSkipped says why Prune removed nothing.
	PruneSkipped string `json:"prune_skipped,omitempty"`
}

// ErrSnapshotDir is the error of a snapshot directory that cannot be used.
var ErrSnapshotDir = errors.New("server: snapshot directory not usable")

// GenerateSnapshotDir finds a site's states from the start URLs and renders
// each (bangsnap.RenderSite), and writes one file per state into dir, named
// by SnapshotFileName of its cache key, as Options.SnapshotDir serves them;
// each (when not nil) is called for every state, one call at a time.
//
// A file holds what the service would serve for the state's render: a
// snapshot served as 200 text/html is the file alone; another status or
// other headers (a 404 state, a redirect, a page's prerender-header, an
// XHTML page) go in a sidecar NAME.html.meta, JSON with the status, the
// headers and the SHA-256 of the file, which the server reads with it. Files
// are written to a temporary file in dir and renamed, so a reader (or a run
// that stops halfway) never sees part of one; a sidecar is written before
// its file and removed after it, and a file whose sidecar does not match it
// is not served (its page is rendered on request), so a state is never
// served with another state's status. A file whose content is already
// there is not rewritten, keeping its modification time (Last-Modified).
//
// A state whose render fails, answers a 5xx, or is partial (unless
// AllowPartial) is FileFailed; its older file, if any, stays. The returned
// error is an error of dir (ErrSnapshotDir), of the start URLs (as
// bangsnap.RenderSite's), ctx's, or each's, which stops the run.
func GenerateSnapshotDir(ctx context.Context, dir string, start []string, opts GenerateOptions, each func(GeneratedFile) error) (GenerateSummary, error) {
	var sum GenerateSummary
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	if err := checkSnapshotDir(dir); err != nil {
		return sum, err
	}
	if opts.Crawl.Logger == nil {
		opts.Crawl.Logger = log
	}
	g := &generator{dir: dir, opts: opts, log: log, keep: map[string]bool{}}
	visited := 0
	err := bangsnap.RenderSite(ctx, start, opts.Crawl, func(r bangsnap.CrawlResult, snap *bangsnap.Snapshot) error {
		switch r.Kind {
		case bangsnap.CrawlPage:
			visited++
			sum.Pages++
			if failedCheck(&r, "fetch", "status") {
				sum.PagesFailed++
			}
			if r.Failed() {
				log.Warn("snapshot: page", "url", r.URL, "status", r.Status, "problem", crawlProblem(&r))
			}
			return nil
		case bangsnap.CrawlSnapshot:
			visited++
		default:
			if r.Failed() {
				log.Warn("snapshot: "+string(r.Kind), "url", r.URL, "problem", crawlProblem(&r))
			}
			return nil
		}
		f := g.state(&r, snap)
		if f.Action == FileFailed || f.Action == FileSkipped {
			f.Warnings = nil // Error says it
		}
		sum.States++
		switch f.Action {
		case FileWritten:
			sum.Written++
		case FileUnchanged:
			sum.Unchanged++
		case FileSkipped:
			sum.Skipped++
		default:
			sum.Failed++
			log.Info("snapshot: state failed", "url", f.URL, "err", f.Error)
		}
		if each != nil {
			return each(f)
		}
		return nil
	})
	if err != nil {
		return sum, err
	}
	if !opts.Prune {
		return sum, nil
	}
	maxPages := opts.Crawl.MaxPages
	if maxPages <= 0 {
		maxPages = bangsnap.DefaultCrawlPages
	}
	if visited >= maxPages {
		sum.PruneSkipped = fmt.Sprintf("the crawl stopped at -max-pages (%d URLs): states beyond it would look gone", maxPages)
		log.Warn("snapshot: not pruning", "why", sum.PruneSkipped)
		return sum, nil
	}
	pruned, err := g.prune(each)
	sum.Pruned = pruned
	return sum, err
}

// checkSnapshotDir makes dir if needed and checks that files can be
// created in it, before anything is rendered.
func checkSnapshotDir(dir string) error {
	if dir == "" {
		return fmt.Errorf("%w: no directory given", ErrSnapshotDir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%w: %w", ErrSnapshotDir, err)
	}
	f, err := os.CreateTemp(dir, ".bangsnap-tmp-*")
	if err != nil {
		return fmt.Errorf("%w: %s is not writable: %w", ErrSnapshotDir, dir, err)
	}
	name := f.Name()
	f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("%w: %w", ErrSnapshotDir, err)
	}
	return nil
}

// failedCheck reports whether a check of r named one of names failed. A
// state fails by its "render" and "status" checks (its render failed or
// answered a server error), a page by "fetch" and "status"; other failed
// checks (links to ugly URLs, say) are the site's defects, and the snapshot
// is written.
func failedCheck(r *bangsnap.CrawlResult, names ...string) bool {
	for _, c := range r.Checks {
		if c.Outcome == bangsnap.CrawlFail && slices.Contains(names, c.Name) {
			return true
		}
	}
	return false
}

// crawlProblem is the first failed check of r, for a log line.
func crawlProblem(r *bangsnap.CrawlResult) string {
	for _, c := range r.Checks {
		if c.Outcome == bangsnap.CrawlFail {
			return c.Name + ": " + c.Detail
		}
	}
	return ""
}

// generator is one GenerateSnapshotDir run's state; its methods run on the
// crawl's visit calls, one at a time.
type generator struct {
	dir  string
	opts GenerateOptions
	log  *slog.Logger
	keep map[string]bool // names of the files of the states found
}

// state writes the file of one state's render.
func (g *generator) state(r *bangsnap.CrawlResult, snap *bangsnap.Snapshot) GeneratedFile {
	f := GeneratedFile{URL: r.URL, Ugly: r.Fetched, Status: r.Status, RenderMS: r.RenderTime.Milliseconds(), Action: FileFailed}
	for _, c := range r.Checks {
		if c.Outcome == bangsnap.CrawlWarn {
			f.Warnings = append(f.Warnings, c.Name+": "+c.Detail)
		}
	}
	key, err := CacheKey(r.Fetched)
	if err != nil {
		f.Error = err.Error()
		return f
	}
	f.File = SnapshotFileName(key)
	// Whatever happens to the state now, its older file is not pruned.
	g.keep[f.File], g.keep[f.File+metaSuffix] = true, true
	switch {
	case r.Skipped != "":
		f.Action, f.Error = FileSkipped, r.Skipped
		return f
	case snap == nil || failedCheck(r, "render", "status"):
		f.Error = crawlProblem(r)
		if f.Error == "" {
			f.Error = "no snapshot"
		}
		return f
	case snap.Report.Partial && !g.opts.AllowPartial:
		f.Error = fmt.Sprintf("partial snapshot, not written: the %s budget ran out", snap.Report.Reason)
		if len(snap.Report.Pending) > 0 {
			f.Error += fmt.Sprintf(" (still pending: %s)", strings.Join(snap.Report.Pending[:min(3, len(snap.Report.Pending))], "; "))
		}
		f.Error += "; raise the render timeout or allow partial snapshots"
		return f
	}
	pretty, err := prettyOf(r.Fetched)
	if err != nil {
		f.Error = err.Error()
		return f
	}
	status, header, body, _ := servedSnapshot(pretty, snap)
	f.Status, f.Bytes = status, len(body)
	meta, err := sidecarFor(status, header, body)
	if err != nil {
		f.Error = err.Error()
		return f
	}
	changed, err := g.write(f.File, body, meta)
	if err != nil {
		f.Error = err.Error()
		return f
	}
	f.Action = FileUnchanged
	if changed {
		f.Action = FileWritten
	}
	return f
}

// sidecarFor returns the sidecar of a file served with status and header,
// or nil when it is served as the file alone is (200 text/html).
func sidecarFor(status int, header http.Header, body []byte) ([]byte, error) {
	// The headers as they are served: what newEntry keeps, less what it
	// computes again from the file.
	h := newEntry("", status, header, body, time.Time{}).header
	for _, k := range [...]string{"Etag", "Last-Modified", "Content-Length"} {
		delete(h, k)
	}
	if status == http.StatusOK && maps.EqualFunc(h, defaultFileHeader(), slices.Equal) {
		return nil, nil
	}
	if len(body) == 0 {
		delete(h, "Content-Type")
	}
	sum := sha256.Sum256(body)
	b, err := json.MarshalIndent(snapshotMeta{Status: status, Header: h, SHA256: hex.EncodeToString(sum[:])}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// write puts body (and meta, nil for none) under name in the directory,
// unless they are there already. The sidecar of a non-200 answer is written
// before its file, and a stale sidecar removed after the file is replaced:
// at every moment the server serves the old answer, the new one, or (while
// a sidecar and its file disagree) none.
func (g *generator) write(name string, body, meta []byte) (changed bool, err error) {
	path := filepath.Join(g.dir, name)
	sameBody := sameFile(path, body)
	metaPath := path + metaSuffix
	oldMeta, err := os.ReadFile(metaPath)
	hasMeta := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, fmt.Errorf("reading %s: %w", metaPath, err)
	}
	sameMeta := (meta == nil && !hasMeta) || (meta != nil && hasMeta && bytes.Equal(oldMeta, meta))
	if sameBody && sameMeta {
		return false, nil
	}
	if meta != nil && !sameMeta {
		if err := writeFileAtomic(g.dir, name+metaSuffix, meta); err != nil {
			return false, err
		}
	}
	if !sameBody {
		if err := writeFileAtomic(g.dir, name, body); err != nil {
			return false, err
		}
	}
	if meta == nil && hasMeta {
		if err := os.Remove(metaPath); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, fmt.Errorf("removing the stale sidecar: %w", err)
		}
	}
	return true, nil
}

// sameFile reports whether the regular file at path holds exactly b.
func sameFile(path string, b []byte) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(b)) {
		return false
	}
	old, err := os.ReadFile(path)
	return err == nil && bytes.Equal(old, b)
}

// writeFileAtomic writes b to dir/name through a temporary file in dir,
// synced and renamed over the old file, so that the name always holds a
// whole file.
func writeFileAtomic(dir, name string, b []byte) (err error) {
	f, err := os.CreateTemp(dir, ".bangsnap-tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
			err = fmt.Errorf("writing %s: %w", name, err)
		}
	}()
	if _, err = f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err = f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, name))
}

// prune removes the snapshot files of the directory that no state of the
// run owns.
func (g *generator) prune(each func(GeneratedFile) error) (int, error) {
	entries, err := os.ReadDir(g.dir)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", ErrSnapshotDir, err)
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || g.keep[name] || !isSnapshotFileName(name) {
			continue
		}
		if err := os.Remove(filepath.Join(g.dir, name)); err != nil {
			g.log.Warn("snapshot: prune", "file", name, "err", err)
			continue
		}
		n++
		if each != nil {
			if err := each(GeneratedFile{File: name, Action: FilePruned}); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}
