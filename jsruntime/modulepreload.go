package jsruntime

import (
	"context"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"hash"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// <link rel=modulepreload>: the link fetches its module (one module, not
// its imports) as a module script would be fetched and fires load when a
// module script came of it, error when the fetch failed: a network error
// or a status that is not a success, a MIME type the destination does not
// take (a JavaScript module for as=script, a JSON one for as=json, CSS for
// as=style), a body its integrity metadata does not match, or an as= that
// is no module destination (image, xslt...: error without a fetch). A
// module that does not parse still fires load, as in Chromium: its error
// comes when it is imported. The fetch goes through a ScriptPreloader when
// the loader is one, which keeps it for the page's next load of the URL,
// so that the import or <script type=module> it was for does not fetch the
// module again. An empty href or a media query that does not match fetches
// nothing and fires nothing.
// https://html.spec.whatwg.org/multipage/links.html#link-type-modulepreload

// A ScriptPreloader is a TypedScriptLoader that can fetch a script for a
// <link rel=modulepreload>: the response is kept for the next load of the
// URL (LoadScriptTyped joins it rather than fetching again).
type ScriptPreloader interface {
	TypedScriptLoader
	PreloadScriptTyped(ctx context.Context, url string, ticket uint64) (ScriptResponse, error)
}

// errIntegrity fails a modulepreload whose body does not match its
// integrity metadata.
var errIntegrity = errors.New("the resource does not match its integrity metadata")

// isModulePreload reports whether link n's rel has the modulepreload
// token (and no stylesheet one, which linkKind prefers).
func isModulePreload(n *dom.Node) bool {
	for t := range ascii.FieldsSeq(n.Attribute("rel")) {
		if ascii.EqualFold(t, "modulepreload") {
			return true
		}
	}
	return false
}

// modulePreloadCheck is the MIME type check of a modulepreload whose as
// attribute is as, and whether as names a module destination at all.
// https://html.spec.whatwg.org/multipage/links.html#link-type-modulepreload
func modulePreloadCheck(as string) (int, bool) {
	switch ascii.Lower(ascii.TrimSpace(as)) {
	case "", "script", "audioworklet", "paintworklet", "serviceworker", "sharedworker", "worker":
		return checkModule, true
	case "json":
		return checkJSON, true
	case "style":
		return checkCSS, true
	}
	return 0, false
}

// fetchModulePreload fetches the module link n (its update gen) asks for
// at u and queues load or error. The window's load event waits for it.
func (w *Window) fetchModulePreload(n *dom.Node, gen int, u string) {
	if !w.linkMediaMatches(n) {
		return
	}
	check, ok := modulePreloadCheck(n.Attribute("as"))
	fire := func(typ string) {
		w.queueResourceTask(func() {
			if g, _ := w.res.gens.get(n); g == gen && n.IsConnected() {
				w.fire(n, typ, false, false)
			}
		})
	}
	if !ok {
		fire("error")
		return
	}
	integrity := n.Attribute("integrity")
	w.scripts.delaying++
	start := func() {
		op := w.loop.Begin("modulepreload " + u)
		loader, ctx, log := w.cfg.Loader, w.ctx, w.log
		var ticket uint64
		if ordered, isOrdered := loader.(OrderedScriptLoader); isOrdered {
			ticket = ordered.ScriptTicket()
		}
		go func() {
			err := offLoop(log, "modulepreload "+u, func() error {
				body, err := preloadScript(ctx, loader, u, ticket, check)
				if err == nil && !integrityMatches(body, integrity) {
					err = errIntegrity
				}
				return err
			})
			op.Complete(func() {
				w.scripts.delaying--
				if err != nil {
					w.log.Debug("jsruntime: modulepreload failed", "url", u, "err", err)
					fire("error")
				} else {
					fire("load")
				}
				w.scripts.maybeLoad()
			})
		}()
	}
	if w.scripts.started {
		start()
	} else {
		w.loop.QueueTask(start) // before Start the page's context is not known yet
	}
}

// preloadScript fetches url for a modulepreload through loader, kept for
// the next load when loader is a ScriptPreloader, and checks its MIME
// type.
func preloadScript(ctx context.Context, loader ScriptLoader, url string, ticket uint64, check int) ([]byte, error) {
	if loader == nil {
		return nil, errNoLoader
	}
	pre, ok := loader.(ScriptPreloader)
	if !ok {
		return loadScript(ctx, loader, url, ticket, check)
	}
	res, err := pre.PreloadScriptTyped(ctx, url, ticket)
	if err != nil {
		return nil, err
	}
	if err := checkScriptMIME(url, res, check); err != nil {
		return nil, err
	}
	return res.Body, nil
}

// integrityMatches reports whether body matches the integrity metadata
// meta: true when meta has no valid item (a hash algorithm it knows with
// a base64 digest), else when one item of the strongest algorithm in it
// has body's digest.
// https://w3c.github.io/webappsec-subresource-integrity/#does-response-match-metadatalist
func integrityMatches(body []byte, meta string) bool {
	best, matched := 0, false
	for item := range ascii.FieldsSeq(meta) {
		alg, digest, ok := strings.Cut(item, "-")
		if !ok {
			continue
		}
		digest, _, _ = strings.Cut(digest, "?") // options are ignored
		var strength int
		var h hash.Hash
		switch ascii.Lower(alg) {
		case "sha256":
			strength, h = 1, sha256.New()
		case "sha384":
			strength, h = 2, sha512.New384()
		case "sha512":
			strength, h = 3, sha512.New()
		default:
			continue
		}
		want, err := decodeDigest(digest)
		if err != nil {
			continue
		}
		if strength < best {
			continue
		}
		if strength > best {
			best, matched = strength, false
		}
		h.Write(body)
		if string(h.Sum(nil)) == string(want) {
			matched = true
		}
	}
	return best == 0 || matched
}

// decodeDigest decodes an integrity digest, base64 or base64url.
func decodeDigest(s string) ([]byte, error) {
	if strings.ContainsAny(s, "-_") {
		return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	}
	return base64.StdEncoding.DecodeString(s)
}
