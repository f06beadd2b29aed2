package server

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// An InvalidateRequest is the body of a POST to InvalidateHandler.
type InvalidateRequest struct {
	// URLs are pretty, ugly or plain URLs whose snapshots are dropped.
	URLs []string `json:"urls"`
	// Rerender renders them again in the background (each waits for a
	// render slot), so the next crawler gets a fresh snapshot at once.
	Rerender bool `json:"rerender"`
}

// An InvalidateResult is the answer of InvalidateHandler, one item per URL.
type InvalidateResult struct {
	Results []InvalidateItem `json:"results"`
}

// An InvalidateItem tells what happened to one URL.
type InvalidateItem struct {
	URL         string `json:"url"`
	Key         string `json:"key,omitempty"`
	Dropped     bool   `json:"dropped"`               // it was cached
	Rerendering bool   `json:"rerendering,omitempty"` // a background render was started
	Error       string `json:"error,omitempty"`
}

const (
	maxInvalidateBody = 1 << 20
	maxInvalidateURLs = 1000
)

// InvalidateHandler returns the authenticated endpoint that drops, and
// optionally renders again, a list of snapshots:
//
//	POST /_bangsnap/invalidate
//	Authorization: Bearer TOKEN
//	{"urls": ["https://site/#!/item/1", ...], "rerender": true}
//
// It answers 200 with an InvalidateResult. The token is Options.InvalidateToken,
// compared in constant time; with no token set the endpoint answers 404.
func (s *Service) InvalidateHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.opts.InvalidateToken == "" {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			plainError(w, http.StatusMethodNotAllowed, "bangsnap: invalidation takes POST")
			return
		}
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(token)), []byte(s.opts.InvalidateToken)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="bangsnap"`)
			plainError(w, http.StatusUnauthorized, "bangsnap: missing or wrong bearer token")
			return
		}
		var req InvalidateRequest
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxInvalidateBody))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			s.badRequest(w, r, fmt.Errorf("bad invalidation body: %w", err))
			return
		}
		if len(req.URLs) > maxInvalidateURLs {
			s.badRequest(w, r, errors.New("too many URLs in one invalidation (max 1000)"))
			return
		}
		res := InvalidateResult{Results: make([]InvalidateItem, 0, len(req.URLs))}
		var todo []rerenderJob
		for _, raw := range req.URLs {
			item := InvalidateItem{URL: raw}
			key, err := CacheKey(raw)
			if err != nil {
				item.Error = err.Error()
				res.Results = append(res.Results, item)
				continue
			}
			item.Key = key
			e, dropped := s.cache.remove(key)
			item.Dropped = dropped
			if dropped {
				s.metrics.invalidations.Add(1)
			}
			if req.Rerender {
				job, err := s.rerenderJob(r.Context(), raw, key, e)
				if err != nil {
					item.Error = err.Error()
				} else {
					todo = append(todo, job)
					item.Rerendering = true
				}
			}
			res.Results = append(res.Results, item)
		}
		if len(todo) > 0 && !s.closing.Load() {
			s.bg.Add(1)
			go func() {
				defer s.bg.Done()
				for _, j := range todo {
					if s.closing.Load() {
						return
					}
					s.render(context.Background(), j.rend, j.pretty, j.key, true)
				}
			}()
		}
		s.log.Info("invalidate", "urls", len(req.URLs), "rerender", len(todo))
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(res)
	})
}

type rerenderJob struct {
	rend        Renderer
	pretty, key string
}

// rerenderJob finds how to render a URL again: with the renderer of its
// cached entry, else with the service's fallback renderer (checked against
// the target policy when that renderer is the render service's).
func (s *Service) rerenderJob(ctx context.Context, raw, key string, e *entry) (rerenderJob, error) {
	if e != nil && e.renderer != nil {
		return rerenderJob{e.renderer, e.pretty, key}, nil
	}
	s.mu.Lock()
	rend, guarded := s.fallback, s.guarded
	s.mu.Unlock()
	if rend == nil {
		return rerenderJob{}, errors.New("no renderer for this URL")
	}
	pretty := raw
	if p, err := prettyOf(raw); err == nil {
		pretty = p
	}
	if guarded {
		u, err := url.Parse(pretty)
		if err != nil {
			return rerenderJob{}, err
		}
		if err := s.opts.Targets.Check(ctx, u); err != nil {
			return rerenderJob{}, err
		}
	}
	return rerenderJob{rend, pretty, key}, nil
}
