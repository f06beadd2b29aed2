package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Paths of the service's own endpoints on a Server.
const (
	HealthPath     = "/healthz"
	MetricsPath    = "/metrics"
	InvalidatePath = "/_bangsnap/invalidate"
)

// Handler routes a Server's requests: /healthz, /metrics,
// /_bangsnap/invalidate, the render service (/render and the path form
// /https://…) when Options.Targets allows any origin, and everything else to
// site (the middleware-wrapped site or proxy; nil: 404).
func (s *Service) Handler(site http.Handler) http.Handler {
	health, metrics, invalidate := HealthHandler(), s.MetricsHandler(), s.InvalidateHandler()
	var render http.Handler
	if len(s.opts.Targets.Allow) > 0 {
		render = s.RenderHandler()
	}
	if site == nil {
		site = http.NotFoundHandler()
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case HealthPath:
			health.ServeHTTP(w, r)
			return
		case MetricsPath:
			metrics.ServeHTTP(w, r)
			return
		case InvalidatePath:
			invalidate.ServeHTTP(w, r)
			return
		}
		if render != nil && IsRenderServiceRequest(r) && r.Header.Get(RenderHeader) == "" {
			render.ServeHTTP(w, r)
			return
		}
		site.ServeHTTP(w, r)
	})
}

// A Server serves a handler built on a Service, with timeouts suited to
// renders and a graceful shutdown that lets in-flight renders finish.
type Server struct {
	HTTP    *http.Server
	Service *Service
}

// NewServer returns a Server listening on addr (used by ListenAndServe)
// with handler h, typically svc.Handler(site).
func NewServer(addr string, h http.Handler, svc *Service) *Server {
	return &Server{
		Service: svc,
		HTTP: &http.Server{
			Addr:              addr,
			Handler:           h,
			ReadHeaderTimeout: 10 * time.Second,
			IdleTimeout:       2 * time.Minute,
			ErrorLog:          nil,
		},
	}
}

// ListenAndServe listens on the server's address and serves until Shutdown;
// it then returns nil.
func (s *Server) ListenAndServe() error {
	ln, err := net.Listen("tcp", s.HTTP.Addr)
	if err != nil {
		return err
	}
	return s.Serve(ln)
}

// Serve serves on ln until Shutdown; it then returns nil.
func (s *Server) Serve(ln net.Listener) error {
	err := s.HTTP.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// Shutdown stops accepting connections, waits for requests in progress (and
// the renders they wait for) to finish, then for background renders, or for
// ctx to end.
func (s *Server) Shutdown(ctx context.Context) error {
	err := s.HTTP.Shutdown(ctx)
	if serr := s.Service.Shutdown(ctx); err == nil {
		err = serr
	}
	return err
}
