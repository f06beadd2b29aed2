package bangsnap

import (
	"context"
	"fmt"
	"net/url"
)

// Navigate takes the page to rawURL, resolved against the page's URL (so
// "#!/about" and "/other" work; an ugly _escaped_fragment_ URL is taken as
// its pretty form), and runs it until it is quiet.
//
// A URL of the same document that differs in its fragment (a #! route of
// the app) is a fragment navigation, as a link or location.href makes it:
// location changes, popstate fires, then hashchange as a task, and the
// app's router renders the route. Any other URL loads a new document in
// the Page, as Open does (following redirects), carrying over the cookies
// that apply to it and, when it is of the same origin, localStorage and
// sessionStorage; the old document and its runtime are released, and
// Report starts afresh. What the page itself navigates to (a link to
// another document, a form submission) is not followed: it is listed in
// Report().Navigations, and a test can pass it to Navigate.
//
// The errors are Open's for a new document, and WaitIdle's.
func (p *Page) Navigate(ctx context.Context, rawURL string) error {
	if p.closed {
		return ErrClosed
	}
	base, err := url.Parse(p.URL())
	if err != nil {
		return fmt.Errorf("bangsnap: navigate: the page's URL: %w", err)
	}
	ref, err := base.Parse(rawURL)
	if err != nil {
		return fmt.Errorf("bangsnap: navigate to %q: %w", rawURL, err)
	}
	t, err := resolveTarget(ref.String())
	if err != nil {
		return fmt.Errorf("bangsnap: navigate: %w", err)
	}
	next, err := url.Parse(t.pretty)
	if err != nil {
		return fmt.Errorf("bangsnap: navigate to %q: %w", rawURL, err)
	}
	if sameDocument(base, next) && (next.Fragment != "" || next.RawFragment != "") {
		_, err := p.task(ctx, "navigate", "location.href = "+jsString(next.String()))
		return err
	}
	return p.load(ctx, next)
}

// sameDocument reports whether a and b differ at most in their fragments.
func sameDocument(a, b *url.URL) bool {
	a2, b2 := *a, *b
	a2.Fragment, a2.RawFragment, b2.Fragment, b2.RawFragment = "", "", "", ""
	return a2.String() == b2.String()
}

// load replaces the page's document by the one at u (see Navigate).
func (p *Page) load(ctx context.Context, u *url.URL) error {
	old := p.s
	r := *old.r
	cs := old.client.Jar().Cookies(u)
	for _, c := range cs {
		// The jar gives names and values only: the copies are for the
		// whole host.
		if c.Path == "" {
			c.Path = "/"
		}
	}
	r.opts.Cookies = cs
	if sameOrigin(old.origin.url, u) {
		r.opts.LocalStorage, r.opts.SessionStorage = storageMap(old.local.Keys(), old.local.Get), storageMap(old.sess.Keys(), old.sess.Get)
		// IndexedDB goes along too, as in a browser; what the old
		// document left unfinished is rolled back, as when a browser
		// unloads it.
		if e := old.win.IndexedDB(); e != nil {
			e.AbortAll()
			r.idb = e
		}
	} else {
		r.idb = nil
	}
	np, err := r.Open(ctx, u.String())
	if err != nil {
		return err
	}
	old.close()
	p.s, p.start = np.s, np.start
	p.errSeen, p.consoleSeen = 0, 0
	return nil
}

func sameOrigin(a, b *url.URL) bool {
	return a != nil && a.Scheme == b.Scheme && a.Host == b.Host
}

func storageMap(keys []string, get func(string) (string, bool)) map[string]string {
	m := make(map[string]string, len(keys))
	for _, k := range keys {
		if v, ok := get(k); ok {
			m[k] = v
		}
	}
	return m
}

// Back and Forward move through the page's session history as the
// browser's buttons do (history.back(), history.forward()): entries the
// page pushed with history.pushState and fragment navigations, with
// popstate (and hashchange between fragments), then run the page until it
// is quiet. They stay within the current document: Navigate to another
// document starts a new history. At either end of the history they do
// nothing.
func (p *Page) Back(ctx context.Context) error {
	_, err := p.task(ctx, "back", "history.back()")
	return err
}

// Forward: see Back.
func (p *Page) Forward(ctx context.Context) error {
	_, err := p.task(ctx, "forward", "history.forward()")
	return err
}
