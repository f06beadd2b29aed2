package server

import (
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
)

// ProxyOptions configure NewProxy.
type ProxyOptions struct {
	// PreserveHost sends the client's Host header to the origin instead of
	// the origin's own host (as nginx's proxy_set_header Host $host).
	PreserveHost bool
	// Transport carries requests to the origin (nil:
	// http.DefaultTransport).
	Transport http.RoundTripper
}

// NewProxy returns a reverse proxy to origin (httputil.ReverseProxy, with
// X-Forwarded-For/-Host/-Proto set) wrapped in the service's Middleware, so
// that any site, in any language, gets snapshots for ugly URLs and, with
// dynamic rendering, for crawlers. A render's requests for the page's own
// host reach the origin in process through the same proxy, marked with
// RenderHeader; its requests for other hosts go to the network (see
// Options.Renderer).
func (s *Service) NewProxy(origin *url.URL, po ProxyOptions) http.Handler {
	log := s.log
	rp := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(origin)
			pr.SetXForwarded()
			if po.PreserveHost {
				pr.Out.Host = pr.In.Host
			}
		},
		Transport: po.Transport,
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			log.Warn("proxy", "method", r.Method, "uri", r.RequestURI, "err", err)
			if r.Context().Err() != nil {
				return
			}
			plainError(w, http.StatusBadGateway, "bangsnap: origin unreachable")
		},
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	return s.Middleware(rp)
}
