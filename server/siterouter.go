package server

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"

	"github.com/bangsnap/bangsnap"
)

// The default renderer of Middleware answers a render's requests in
// process, through bangsnap.Options.Handler. That handler must not send
// every request to the site: a page's scripts from a CDN, or its calls to a
// third-party API, belong to other hosts. A siteRouter sends the requests
// for the hosts of the pages being rendered right now to the site, and the
// others to the network, as a browser would.
//
// Hosts are registered for the duration of each render (activeHosts), not
// learnt from traffic: a Host header a client made up is the site's for as
// long as its render lasts and no longer, so it can neither make a page
// fetch go to the network nor grow a table without bound.

// activeHosts counts the renders in progress per host.
type activeHosts struct {
	mu sync.Mutex
	n  map[string]int
}

func (a *activeHosts) add(host string) {
	a.mu.Lock()
	if a.n == nil {
		a.n = make(map[string]int)
	}
	a.n[host]++
	a.mu.Unlock()
}

func (a *activeHosts) remove(host string) {
	a.mu.Lock()
	if a.n[host]--; a.n[host] <= 0 {
		delete(a.n, host)
	}
	a.mu.Unlock()
}

func (a *activeHosts) has(host string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.n[host] > 0
}

// routeHost is the form hosts are compared in: lower case, without a
// default port.
func routeHost(hostport string) string {
	h := strings.ToLower(hostport)
	if rest, ok := strings.CutSuffix(h, ":80"); ok && (!strings.Contains(rest, ":") || strings.HasSuffix(rest, "]")) {
		return rest
	}
	if rest, ok := strings.CutSuffix(h, ":443"); ok && (!strings.Contains(rest, ":") || strings.HasSuffix(rest, "]")) {
		return rest
	}
	return h
}

// siteRouter is the Handler of a default renderer.
type siteRouter struct {
	site    http.Handler
	foreign http.Handler
	hosts   *activeHosts
}

func (s *siteRouter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.hosts.has(routeHost(r.Host)) {
		s.site.ServeHTTP(w, r)
		return
	}
	s.foreign.ServeHTTP(w, r)
}

// forwardProxy returns a handler that sends the request it gets to the host
// it names, over transport: the way out of process for a render's requests
// to other hosts.
func forwardProxy(transport http.RoundTripper, log *slog.Logger) http.Handler {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			u := *pr.In.URL
			u.Scheme = "http"
			if pr.In.TLS != nil {
				u.Scheme = "https"
			}
			u.Host = pr.In.Host
			pr.Out.URL = &u
			pr.Out.Host = pr.In.Host
		},
		Transport: transport,
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			log.Debug("render request to another host failed", "host", r.Host, "path", r.URL.Path, "err", err)
			plainError(w, http.StatusBadGateway, "bangsnap: "+err.Error())
		},
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelDebug),
	}
}

// siteRenderer registers the host of each page while it renders.
type siteRenderer struct {
	r     *bangsnap.Renderer
	hosts *activeHosts
}

func (s siteRenderer) Render(ctx context.Context, rawURL string) (*bangsnap.Snapshot, error) {
	if u, err := url.Parse(rawURL); err == nil && u.Host != "" {
		h := routeHost(u.Host)
		s.hosts.add(h)
		defer s.hosts.remove(h)
	}
	return s.r.Render(ctx, rawURL)
}

// siteBoundRenderer returns the default renderer for a site handler: the
// site answers the requests for the hosts of the pages being rendered, in
// process; requests for other hosts go out through RenderOptions.Transport,
// or when nil a transport that refuses non-public addresses unless
// Targets.AllowPrivate.
func (s *Service) siteBoundRenderer(site http.Handler) Renderer {
	o := s.opts.RenderOptions
	out := o.Transport
	if out == nil {
		out = (&TargetPolicy{AllowPrivate: s.opts.Targets.AllowPrivate}).Transport()
	}
	hosts := &activeHosts{}
	o.Handler = &siteRouter{site: site, foreign: forwardProxy(out, s.log), hosts: hosts}
	o.Transport = nil
	o.Header = renderHeader(o.Header)
	return siteRenderer{r: bangsnap.NewRenderer(o), hosts: hosts}
}
