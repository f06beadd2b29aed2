package dom

import (
	"strings"
	"sync"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// Selectors (https://dom.spec.whatwg.org/#scope-match-a-selectors-string),
// matched by cascadia directly on our tree (see the package doc).

// selectorCacheSize bounds the compiled selector cache; pages use a few
// hundred distinct selectors at most, and a full cache is simply dropped.
const selectorCacheSize = 512

var selectorCache struct {
	sync.Mutex
	m map[string]cascadia.SelectorGroup
}

// compileSelector compiles a selector group once per process; an invalid
// one is a SyntaxError.
func compileSelector(s string) (cascadia.SelectorGroup, error) {
	selectorCache.Lock()
	g, ok := selectorCache.m[s]
	selectorCache.Unlock()
	if ok {
		return g, nil
	}
	g, err := cascadia.ParseGroup(s)
	if err != nil {
		return nil, &DOMError{Name: SyntaxError, Message: "'" + s + "' is not a valid selector: " + err.Error()}
	}
	selectorCache.Lock()
	if selectorCache.m == nil || len(selectorCache.m) >= selectorCacheSize {
		selectorCache.m = make(map[string]cascadia.SelectorGroup)
	}
	selectorCache.m[s] = g
	selectorCache.Unlock()
	return g, nil
}

// scopeAttr stands for :scope, which cascadia does not know: the selector
// is rewritten to test this attribute, set on the scoping element only
// while matching (no script runs meanwhile, and no mutation is reported).
const scopeAttr = "bangsnap-scope-0d1f"

// compileScoped compiles selectors relative to scope element n
// (https://drafts.csswg.org/selectors-4/#the-scope-pseudo). It returns a
// function to undo the temporary marking, or nil.
func (n *Node) compileScoped(selectors string) (cascadia.SelectorGroup, func(), error) {
	if !strings.Contains(selectors, ":scope") {
		g, err := compileSelector(selectors)
		return g, nil, err
	}
	if n.Type != html.ElementNode {
		g, err := compileSelector(replaceOutsideQuotes(selectors, ":scope", ":root"))
		return g, nil, err
	}
	g, err := compileSelector(replaceOutsideQuotes(selectors, ":scope", "["+scopeAttr+"]"))
	if err != nil {
		return nil, nil, err
	}
	saved := n.Attr
	n.Attr = append(n.Attr[:len(n.Attr):len(n.Attr)], html.Attribute{Key: scopeAttr})
	return g, func() { n.Attr = saved }, nil
}

// replaceOutsideQuotes replaces old with new outside quoted strings.
func replaceOutsideQuotes(s, old, new string) string {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' && i+1 < len(s) {
				b.WriteByte(c)
				i++
				c = s[i]
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case strings.HasPrefix(s[i:], old):
			b.WriteString(new)
			i += len(old) - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// QuerySelector returns the first element descendant of n matching
// selectors, or nil (https://dom.spec.whatwg.org/#dom-parentnode-queryselector).
func (n *Node) QuerySelector(selectors string) (*Node, error) {
	g, undo, err := n.compileScoped(selectors)
	if err != nil {
		return nil, err
	}
	if undo != nil {
		defer undo()
	}
	var found *Node
	n.Descendants(func(d *Node) bool {
		if d.Type == html.ElementNode && g.Match(&d.Node) {
			found = d
			return false
		}
		return true
	})
	return found, nil
}

// QuerySelectorAll returns the element descendants of n matching
// selectors, in tree order (https://dom.spec.whatwg.org/#dom-parentnode-queryselectorall).
func (n *Node) QuerySelectorAll(selectors string) ([]*Node, error) {
	g, undo, err := n.compileScoped(selectors)
	if err != nil {
		return nil, err
	}
	if undo != nil {
		defer undo()
	}
	var out []*Node
	n.Descendants(func(d *Node) bool {
		if d.Type == html.ElementNode && g.Match(&d.Node) {
			out = append(out, d)
		}
		return true
	})
	return out, nil
}

// Matches reports whether element n matches selectors
// (https://dom.spec.whatwg.org/#dom-element-matches).
func (n *Node) Matches(selectors string) (bool, error) {
	g, undo, err := n.compileScoped(selectors)
	if err != nil {
		return false, err
	}
	if undo != nil {
		defer undo()
	}
	return n.Type == html.ElementNode && g.Match(&n.Node), nil
}

// Closest returns the closest inclusive ancestor element of n matching
// selectors, or nil (https://dom.spec.whatwg.org/#dom-element-closest).
func (n *Node) Closest(selectors string) (*Node, error) {
	g, undo, err := n.compileScoped(selectors)
	if err != nil {
		return nil, err
	}
	if undo != nil {
		defer undo()
	}
	for e := n; e != nil; e = e.ParentNode() {
		if e.Type == html.ElementNode && g.Match(&e.Node) {
			return e, nil
		}
	}
	return nil, nil
}
