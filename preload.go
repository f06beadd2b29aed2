package bangsnap

// The preload scanner: as soon as the document's bytes are in, its external
// scripts are fetched concurrently instead of one after another when the
// script walk reaches each (a parser-blocking script otherwise waits for the
// one before it to load and run before its own request even starts).
// https://html.spec.whatwg.org/multipage/parsing.html#speculative-html-parsing

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/internal/whatwgurl"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/jsruntime"
	"github.com/bangsnap/bangsnap/xhr"
)

// Preload limits: a document with thousands of script tags gets its first
// maxPreloads fetched ahead (the rest load when the walk asks for them), by
// at most preloadWorkers goroutines (the client's per-host connection limit
// still applies to each request). Once the preloaded bodies nobody has used
// yet add up to maxPreloadBytes, no further preload starts (the scripts
// left load when the page asks for them, as without a scanner): a page
// listing a hundred scripts of the maximum response size must not hold
// them all in memory at once.
const (
	maxPreloads     = 128
	preloadWorkers  = 8
	maxPreloadBytes = 32 << 20
)

// A preloadRequest is one URL the scanner found, with its place in the
// start order of the render's requests.
type preloadRequest struct {
	url    string
	ticket uint64
}

// scanPreloads tokenizes the document (no tree) and returns the absolute
// http(s) URLs of the scripts its parser will ask for, in document order,
// each once: <script src> of a classic script (not nomodule, since module
// scripts run) or a module script (its entry; the bundler fetches imports
// itself), and with links, <link rel=modulepreload> and <link rel=preload
// as=script>. URLs are resolved the way dom.Document.ResolveURL resolves
// them (against the first <base href>, itself resolved against docURL), so
// that they are the very strings the script walk asks the loader for.
// Scripts in <template> contents, and raw text (noscript with scripting on,
// iframe, textarea...), are inert and skipped, as Chromium's scanner does.
func scanPreloads(text string, docURL *url.URL, links bool) []string {
	z := html.NewTokenizer(strings.NewReader(text))
	var (
		refs     []string // as written, resolved at the end against the base
		base     string
		hasBase  bool
		template int
	)
	for len(refs) < maxPreloads {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken && tt != html.EndTagToken {
			continue
		}
		if !wantedTag(z.Raw()) {
			continue // TagName allocates: only for the few tags that matter
		}
		name, hasAttr := z.TagName()
		if tt == html.EndTagToken {
			if string(name) == "template" && template > 0 {
				template--
			}
			continue
		}
		switch string(name) {
		case "template":
			template++
		case "base":
			if !hasBase && hasAttr {
				if v, ok := tagAttrs(z, "href")["href"]; ok {
					base, hasBase = v, true
				}
			}
		case "script":
			if template > 0 || !hasAttr {
				continue
			}
			a := tagAttrs(z, "src", "type", "language", "nomodule")
			if src, ok := a["src"]; ok && src != "" && scriptRuns(a) {
				refs = append(refs, src)
			}
		case "link":
			if !links || template > 0 || !hasAttr {
				continue
			}
			a := tagAttrs(z, "rel", "as", "href")
			if href, ok := a["href"]; ok && href != "" && preloadsScript(a["rel"], a["as"]) {
				refs = append(refs, href)
			}
		}
	}
	return resolvePreloads(refs, docURL, base, hasBase)
}

// wantedTag reports whether the raw start or end tag raw ("<name ..." or
// "</name ...") may be one of the tags the scanner reads; names are ASCII
// case-insensitive.
func wantedTag(raw []byte) bool {
	if len(raw) > 0 && raw[0] == '<' {
		raw = raw[1:]
	}
	if len(raw) > 0 && raw[0] == '/' {
		raw = raw[1:]
	}
	for _, name := range [...]string{"script", "link", "base", "template"} {
		if len(raw) >= len(name) && ascii.EqualFoldBytes(raw[:len(name)], name) {
			if len(raw) == len(name) {
				return true
			}
			switch raw[len(name)] {
			case ' ', '\t', '\n', '\f', '\r', '/', '>':
				return true
			}
		}
	}
	return false
}

// tagAttrs returns the wanted attributes of the current tag (the first of
// each name, as the tree builder keeps).
func tagAttrs(z *html.Tokenizer, wanted ...string) map[string]string {
	m := make(map[string]string, len(wanted))
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		for _, w := range wanted {
			if string(k) == w {
				if _, seen := m[w]; !seen {
					m[w] = string(v)
				}
				break
			}
		}
	}
	return m
}

// scriptRuns reports whether a script element with these attributes is a
// classic or module script when module scripts are supported (jsruntime
// decides as it will when the script runs).
func scriptRuns(a map[string]string) bool {
	typ, hasType := a["type"]
	lang, hasLang := a["language"]
	classic, module := jsruntime.ScriptKindOf(typ, hasType, lang, hasLang)
	_, nomodule := a["nomodule"]
	return module || classic && !nomodule
}

// preloadsScript reports whether a link with this rel and as fetches a
// script: rel=modulepreload, or rel=preload with as=script.
// https://html.spec.whatwg.org/multipage/links.html#link-type-modulepreload
// https://html.spec.whatwg.org/multipage/links.html#link-type-preload
func preloadsScript(rel, as string) bool {
	for tok := range ascii.FieldsSeq(rel) {
		switch {
		case ascii.EqualFold(tok, "modulepreload"):
			return true
		case ascii.EqualFold(tok, "preload") && ascii.EqualFold(ascii.TrimSpace(as), "script"):
			return true
		}
	}
	return false
}

// resolvePreloads resolves refs as dom.Document.ResolveURL would with this
// base, keeping the http(s) URLs, each once.
func resolvePreloads(refs []string, docURL *url.URL, base string, hasBase bool) []string {
	if len(refs) == 0 || docURL == nil {
		return nil
	}
	b, err := whatwgurl.Parse(docURL.String(), nil)
	if err != nil {
		return nil
	}
	if hasBase {
		// The frozen base URL (dom.Document.BaseRecord): the fallback when
		// it does not parse or is data: or javascript:.
		if u, err := whatwgurl.Parse(base, b); err == nil && u.Scheme != "data" && u.Scheme != "javascript" {
			b = u
		}
	}
	urls := make([]string, 0, len(refs))
	seen := make(map[string]bool, len(refs))
	for _, r := range refs {
		u, err := whatwgurl.Parse(r, b)
		if err != nil {
			continue
		}
		if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			continue
		}
		s := u.String()
		// net/http takes net/url URLs: one it rejects ("%zz", which the
		// URL standard keeps) cannot be fetched, here or later.
		if _, err := url.Parse(s); err != nil {
			continue
		}
		if !seen[s] {
			seen[s] = true
			urls = append(urls, s)
		}
	}
	return urls
}

// scriptLoads are a page's script fetches, single flight by URL: the
// preloads the scanner started and the loads the page asked for. As in
// Chromium, whose resource fetcher does not load a resource twice for a
// document that is still loading (checked against Chromium: two
// <script src=a.js>, or a.js inserted again before the load event, make
// one request; inserted again after it, two):
//   - a load joins an earlier fetch of its URL, in flight or done, until
//     the window's load event (loadComplete);
//   - after it, a load joins only a preload nobody has used yet (a
//     <link rel=preload> used late) and otherwise fetches again (through
//     the renderer's script cache, which answers fresh bodies);
//   - a failed fetch is forgotten once its waiters have its error, so a
//     later load tries again.
type scriptLoads struct {
	ctx    context.Context // the page's life: preloads end with it
	client *xhr.Client

	scanned chan struct{}  // closed once the scanner's preloads are registered
	wg      sync.WaitGroup // the scanner and the preload workers

	workers  int   // preloadWorkers (tests change it)
	maxBytes int64 // maxPreloadBytes (tests change it)

	mu        sync.Mutex
	loads     map[string]*scriptLoad
	complete  bool  // the window's load event has fired
	unclaimed int64 // bytes of the finished preloads no load has joined
}

// A scriptLoad is one fetch of a script; body and err are set before done
// is closed.
type scriptLoad struct {
	done    chan struct{}
	body    []byte
	ctype   string // the response's Content-Type
	nosniff bool   // the response's X-Content-Type-Options: nosniff
	// timing is the fetch's side of the Resource Timing entry, handed to
	// each load that joins it (xhr.ReportTiming).
	timing  xhr.Timing
	err     error
	preload bool // a preload no load has joined yet (guarded by mu)
	counted bool // its body is counted in unclaimed (guarded by mu)
}

func newScriptLoads(ctx context.Context, c *xhr.Client) *scriptLoads {
	return &scriptLoads{ctx: ctx, client: c, loads: map[string]*scriptLoad{}, scanned: make(chan struct{}),
		workers: preloadWorkers, maxBytes: maxPreloadBytes}
}

// scan tokenizes the document on a goroutine of its own, beside the tree
// builder (a megabyte of markup takes the tokenizer tens of milliseconds),
// and starts its preloads; loads wait until they are registered.
func (p *scriptLoads) scan(text string, docURL *url.URL, links bool) {
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		defer close(p.scanned)
		p.preload(scanPreloads(text, docURL, links))
	}()
}

// preload starts fetching urls on a few goroutines, in order. Their
// tickets are taken now, so that the render's request record lists them
// in document order whichever ends first. It returns at once: nothing waits
// for a preload but a load of its URL (a preload nobody asks for neither
// delays the page's quiescence nor fails the render, and ends with ctx).
func (p *scriptLoads) preload(urls []string) {
	if len(urls) == 0 {
		return
	}
	reqs := make([]preloadRequest, 0, len(urls))
	loads := make([]*scriptLoad, 0, len(urls))
	p.mu.Lock()
	for _, u := range urls {
		if _, ok := p.loads[u]; ok {
			continue
		}
		l := &scriptLoad{done: make(chan struct{}), preload: true}
		p.loads[u] = l
		reqs = append(reqs, preloadRequest{url: u, ticket: p.client.Ticket()})
		loads = append(loads, l)
	}
	p.mu.Unlock()
	var next atomic.Int64
	for range min(len(reqs), p.workers) {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(reqs) {
					return
				}
				if p.overBudget(reqs[i].url, loads[i]) {
					continue
				}
				p.fetch(p.ctx, reqs[i].url, reqs[i].ticket, loads[i])
			}
		}()
	}
}

// errNotPreloaded ends a preload given up for the byte budget; no load
// sees it (the preload leaves the loads before anyone could join it).
var errNotPreloaded = errors.New("bangsnap: not preloaded")

// overBudget reports whether the preload l of rawURL is given up because
// the unused preloaded bodies reached the byte budget: it then leaves the
// loads (a load of its URL fetches it itself). A preload a load has
// already joined is always fetched.
func (p *scriptLoads) overBudget(rawURL string, l *scriptLoad) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !l.preload || p.unclaimed < p.maxBytes {
		return false
	}
	if p.loads[rawURL] == l {
		delete(p.loads, rawURL)
	}
	l.err = errNotPreloaded
	close(l.done)
	return true
}

// load returns the body of the script at rawURL: the preload's or an
// earlier load's when the rules of scriptLoads allow (waiting for it while
// it is in flight), else a fetch of its own, recorded at ticket (zero:
// when it starts). A response that is not a success is an error.
// https://html.spec.whatwg.org/multipage/scripting.html#fetch-a-classic-script
func (p *scriptLoads) load(ctx context.Context, rawURL string, ticket uint64) ([]byte, error) {
	res, err := p.loadTyped(ctx, rawURL, ticket)
	return res.Body, err
}

// loadTyped is load with the response's headers the MIME type checks read.
func (p *scriptLoads) loadTyped(ctx context.Context, rawURL string, ticket uint64) (jsruntime.ScriptResponse, error) {
	select {
	case <-p.scanned:
	case <-ctx.Done():
		return jsruntime.ScriptResponse{}, ctx.Err()
	}
	p.mu.Lock()
	l, ok := p.loads[rawURL]
	if ok && p.complete && !l.preload {
		ok = false // a new load once the document has loaded
	}
	if ok {
		l.preload = false
		if l.counted {
			p.unclaimed -= int64(len(l.body))
			l.counted = false
		}
	} else {
		l = &scriptLoad{done: make(chan struct{})}
		p.loads[rawURL] = l
	}
	p.mu.Unlock()
	if !ok {
		p.fetch(ctx, rawURL, ticket, l)
		xhr.ReportTiming(ctx, l.timing)
		return l.response(), l.err
	}
	select {
	case <-l.done:
	case <-ctx.Done():
		return jsruntime.ScriptResponse{}, ctx.Err()
	}
	if l.err != nil {
		p.forget(rawURL, l)
	}
	xhr.ReportTiming(ctx, l.timing)
	return l.response(), l.err
}

// preloadTyped is loadTyped for a preload the page asked for (a <link
// rel=modulepreload>): it joins a load of rawURL under way or done as
// loadTyped would, else fetches it as a preload, which the next load of
// the URL joins, even after the window's load event.
func (p *scriptLoads) preloadTyped(ctx context.Context, rawURL string, ticket uint64) (jsruntime.ScriptResponse, error) {
	select {
	case <-p.scanned:
	case <-ctx.Done():
		return jsruntime.ScriptResponse{}, ctx.Err()
	}
	p.mu.Lock()
	l, ok := p.loads[rawURL]
	if ok && p.complete && !l.preload {
		ok = false
	}
	if !ok {
		l = &scriptLoad{done: make(chan struct{}), preload: true}
		p.loads[rawURL] = l
	}
	p.mu.Unlock()
	if !ok {
		p.fetch(ctx, rawURL, ticket, l)
		return l.response(), l.err
	}
	select {
	case <-l.done:
	case <-ctx.Done():
		return jsruntime.ScriptResponse{}, ctx.Err()
	}
	return l.response(), l.err
}

// response is l's body and headers, once it is done.
func (l *scriptLoad) response() jsruntime.ScriptResponse {
	return jsruntime.ScriptResponse{Body: l.body, ContentType: l.ctype, NoSniff: l.nosniff}
}

// fetch performs l's request and publishes its result. A failure is
// forgotten (the next load of the URL asks again) once it is published,
// or for a preload, once a load has had it: the page's first load of a
// URL whose preload failed (a blocked host, a 404) gets that failure, not
// a second request.
func (p *scriptLoads) fetch(ctx context.Context, rawURL string, ticket uint64, l *scriptLoad) {
	defer close(l.done)
	var res jsruntime.ScriptResponse
	res, l.err = fetchScript(xhr.WithTiming(ctx, &l.timing), p.client, rawURL, ticket)
	l.body, l.ctype, l.nosniff = res.Body, res.ContentType, res.NoSniff
	p.mu.Lock()
	unclaimed := l.preload
	if unclaimed && l.err == nil {
		l.counted = true
		p.unclaimed += int64(len(l.body))
	}
	p.mu.Unlock()
	if l.err != nil && !unclaimed {
		p.forget(rawURL, l)
	}
}

// forget removes l, a failed fetch, from the loads.
func (p *scriptLoads) forget(rawURL string, l *scriptLoad) {
	p.mu.Lock()
	if p.loads[rawURL] == l {
		delete(p.loads, rawURL)
	}
	p.mu.Unlock()
}

// loadComplete records that the window's load event has fired; call it on
// the loop goroutine from a load listener. The bodies of the loads made so
// far are let go (no later load joins them): a Page living on does not
// keep its scripts' text.
func (p *scriptLoads) loadComplete() {
	p.mu.Lock()
	p.complete = true
	for u, l := range p.loads {
		if !l.preload {
			delete(p.loads, u)
		}
	}
	p.mu.Unlock()
}

// wait waits for the scanner and the preload workers to end (tests: after
// the page's context ends, no goroutine of a preload is left).
func (p *scriptLoads) wait() { p.wg.Wait() }

// fetchScript requests a script (mode no-cors, as for a classic script
// without crossorigin): a response that is not a success is a load failure.
// The headers the MIME type checks read come with the body
// (jsruntime.TypedScriptLoader).
func fetchScript(ctx context.Context, c *xhr.Client, rawURL string, ticket uint64) (jsruntime.ScriptResponse, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return jsruntime.ScriptResponse{}, err
	}
	res, err := c.Do(ctx, req, xhr.Params{Kind: xhr.KindScript, Mode: xhr.ModeNoCORS, Ticket: ticket})
	if err != nil {
		return jsruntime.ScriptResponse{}, err
	}
	if res.Status < 200 || res.Status > 299 {
		return jsruntime.ScriptResponse{}, fmt.Errorf("script %s: HTTP status %d", rawURL, res.Status)
	}
	ct := res.Header.Get("Content-Type")
	return jsruntime.ScriptResponse{Body: scriptUTF8(res.Body, ct), ContentType: ct,
		NoSniff: jsruntime.NoSniff(res.Header.Values("X-Content-Type-Options"))}, nil
}

// scriptUTF8 decodes a script whose bytes say their encoding (a byte order
// mark) or whose response does (a Content-Type charset) into UTF-8; other
// bytes are returned as they are, for the script element's charset
// attribute or the document's encoding to decide.
// https://html.spec.whatwg.org/multipage/webappapis.html#fetch-a-classic-script (step 8)
func scriptUTF8(body []byte, contentType string) []byte {
	label := ""
	if _, params, err := mime.ParseMediaType(contentType); err == nil {
		label = params["charset"]
	}
	bom := bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")) || bytes.HasPrefix(body, []byte("\xFE\xFF")) || bytes.HasPrefix(body, []byte("\xFF\xFE"))
	if !bom && (label == "" || (ascii.EqualFold(label, "utf-8") || ascii.EqualFold(label, "utf8")) && utf8.Valid(body)) {
		return body
	}
	return []byte(xhr.DecodeText(body, label))
}

// startPreloads scans the fetched document and starts fetching its
// scripts. In deterministic mode it leaves out <link> preloads: one the
// page never uses could still be in flight when the page is quiet, and its
// record then in one render's report and not the next's.
func (s *session) startPreloads() {
	s.scripts = newScriptLoads(s.ctx, s.client)
	s.scripts.scan(s.origin.text, s.origin.url, !s.r.opts.Deterministic)
}
