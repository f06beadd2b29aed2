package server

import (
	"context"

	"github.com/bangsnap/bangsnap"
)

// A Renderer renders the page at a URL into a snapshot. *bangsnap.Renderer
// implements it; tests use fakes. Render must honour ctx's cancellation and
// be safe for concurrent use.
type Renderer interface {
	Render(ctx context.Context, url string) (*bangsnap.Snapshot, error)
}

// RenderHeader marks the requests a render makes. The middleware passes
// marked requests straight through, so a render never triggers another
// render, and an origin running prerender-style middleware can do the same.
const RenderHeader = "X-Bangsnap-Render"
