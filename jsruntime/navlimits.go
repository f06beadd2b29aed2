package jsruntime

import (
	"net/url"
	"time"
)

// Limits on what a page can make its navigables do, as Chromium has them:
// without them a frame that navigates itself on each load, a hashchange
// listener that changes the hash, or an iframe whose src is its own page
// loop at one virtual instant (a frame's load takes no virtual time here)
// and only the wall-time budget ends the render.

const (
	// maxFrames is how many frames a page may have at once (Chromium's
	// Page::MaxNumberOfFrames): a container inserted beyond it gets no
	// browsing context (contentWindow and contentDocument are null).
	maxFrames = 1000
	// navRateLimit navigations of one navigable (location changes,
	// fragment ones included, src changes of its container, pushState,
	// replaceState, history.go) proceed within navRateInterval of virtual
	// time; further ones are dropped with one console warning, as
	// Chromium's NavigationRateLimiter drops them.
	navRateLimit    = 200
	navRateInterval = 10 * time.Second
	// maxHistoryEntries is how many session history entries a navigable
	// keeps (Chromium's): pushing more drops the oldest.
	maxHistoryEntries = 50
	// navThrottledMessage is the warning Chromium logs when it drops a
	// navigation.
	navThrottledMessage = "Throttling navigation to prevent the browser from hanging. See https://crbug.com/1038223. Command line switch --disable-ipc-flooding-protection can be used to bypass the protection"
)

// navRate counts the navigations of one navigable.
type navRate struct {
	count  int
	first  time.Duration // virtual time of the first counted navigation
	warned bool
}

// navCanProceed reports whether n may navigate now, counting the
// navigation.
func (n *navState) navCanProceed() bool {
	r := &n.rate
	now := n.w.loop.Elapsed()
	if r.count == 0 {
		r.first = now
	}
	if r.count++; r.count <= navRateLimit {
		return true
	}
	if now-r.first > navRateInterval {
		r.first, r.count, r.warned = now, 1, false
		return true
	}
	if !r.warned {
		r.warned = true
		n.w.console("warn", navThrottledMessage)
	}
	return false
}

// console hands a message of the browser's own to the page's console
// record (Config.Console), or the logger.
func (w *Window) console(level, msg string) {
	if w.cfg.Console != nil {
		w.cfg.Console(level, msg)
		return
	}
	w.log.Debug("jsruntime: console", "level", level, "message", msg)
}

// liveFrames is how many frames the page has.
func (w *Window) liveFrames() int { return len(w.frames.byEl) }

// selfReferential reports whether loading u into f would be a second level
// of self-reference: two of f's ancestor navigables already show u
// (fragments aside). Chromium allows one level, which some sites depend
// on, and blocks the rest; about: URLs are exempt.
func (w *Window) selfReferential(f *frame, u *url.URL) bool {
	if u.Scheme == "about" {
		return false
	}
	found := 0
	for p := f.parent; ; p = p.parent {
		var pu *url.URL
		if p == nil {
			pu = w.nav.url
		} else if p.nav != nil {
			pu = p.nav.url
		}
		if pu != nil && sameIgnoringFragment(pu, u) {
			if found++; found == 2 {
				return true
			}
		}
		if p == nil {
			return false
		}
	}
}

// sameIgnoringFragment reports whether a and b are the same URL but for
// their fragments, without serializing them.
func sameIgnoringFragment(a, b *url.URL) bool {
	return a.Path == b.Path && a.RawQuery == b.RawQuery && a.Host == b.Host && a.Scheme == b.Scheme &&
		a.Opaque == b.Opaque && a.RawPath == b.RawPath && a.ForceQuery == b.ForceQuery && a.User.String() == b.User.String()
}
