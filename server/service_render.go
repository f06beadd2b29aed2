package server

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// RenderHandler returns the render service: it answers
//
//	GET /render?url=URL            (URL percent-encoded, or as is when "url=" comes first)
//	GET /https://site/path?query   (the path form prerender middlewares call)
//
// with the snapshot of URL, which may be pretty, ugly or plain. Only http
// and https URLs of origins on Options.Targets.Allow are rendered, and
// private, loopback and link-local addresses are refused unless
// Options.Targets.AllowPrivate: when the host is resolved before the render,
// and for every connection the render makes. Refusals are 403, malformed
// targets 400. Other paths get 404.
func (s *Service) RenderHandler() http.Handler {
	rend := s.opts.Renderer
	if rend == nil {
		o := s.opts.RenderOptions
		o.Handler, o.Transport = nil, s.opts.Targets.Transport()
		o.Header = renderHeader(o.Header)
		rend = bangsnap.NewRenderer(o)
	}
	s.setFallback(rend, true)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target, ok, err := renderTarget(r)
		if !ok {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			plainError(w, http.StatusMethodNotAllowed, "bangsnap: the render service answers GET and HEAD only")
			return
		}
		if err != nil {
			s.badRequest(w, r, err)
			return
		}
		pretty, err := s.checkTarget(r, target)
		if err != nil {
			if errors.Is(err, ErrForbiddenTarget) {
				s.log.Info("render target refused", "url", target, "err", err)
				plainError(w, http.StatusForbidden, "bangsnap: "+strings.TrimPrefix(err.Error(), "server: "))
				return
			}
			s.badRequest(w, r, err)
			return
		}
		s.serveSnapshot(w, r, rend, pretty, "service", nil)
	})
}

// checkTarget maps target to the pretty URL to render and applies the
// target policy.
func (s *Service) checkTarget(r *http.Request, target string) (string, error) {
	pretty, err := prettyOf(target)
	if err != nil {
		return "", err
	}
	u, err := url.Parse(pretty)
	if err != nil {
		return "", fmt.Errorf("bad render target: %w", err)
	}
	if err := s.opts.Targets.Check(r.Context(), u); err != nil {
		return "", err
	}
	return pretty, nil
}

// renderTarget extracts the URL to render from r. ok is false when r is not
// a render service request at all.
func renderTarget(r *http.Request) (target string, ok bool, err error) {
	uri := r.RequestURI
	if uri == "" {
		uri = r.URL.RequestURI()
	}
	if rest, found := strings.CutPrefix(uri, "/"); found && isPathFormTarget(rest) {
		// The path form: everything after the first "/" is the URL,
		// query included. Some proxies merge "//" into "/": put it back.
		for _, scheme := range [...]string{"http:", "https:"} {
			if strings.HasPrefix(rest, scheme) && !strings.HasPrefix(rest, scheme+"//") {
				rest = scheme + "//" + strings.TrimPrefix(rest[len(scheme):], "/")
			}
		}
		return rest, true, nil
	}
	if r.URL.Path != "/render" {
		return "", false, nil
	}
	raw := r.URL.RawQuery
	if v, found := strings.CutPrefix(raw, "url="); found {
		if isPathFormTarget(v) {
			// Not percent-encoded: the rest of the query is the URL's own
			// (its & and %XX included).
			return v, true, nil
		}
		t, err := url.QueryUnescape(v)
		if err != nil {
			return "", true, fmt.Errorf("bad url parameter: %w", err)
		}
		return t, true, nil
	}
	t := r.URL.Query().Get("url")
	if t == "" {
		return "", true, errors.New("missing url parameter: GET /render?url=https%3A%2F%2Fexample.com%2F")
	}
	return t, true, nil
}

// isPathFormTarget reports whether a request path (without its leading "/")
// is a path-form render target.
func isPathFormTarget(rest string) bool {
	lower := ascii.Lower(rest[:min(len(rest), 8)])
	return strings.HasPrefix(lower, "http:/") || strings.HasPrefix(lower, "https:/")
}

// IsRenderServiceRequest reports whether r is addressed to the render
// service (GET /render or the path form), so a server that also proxies a
// site can route it.
func IsRenderServiceRequest(r *http.Request) bool {
	_, ok, _ := renderTarget(r)
	return ok
}
