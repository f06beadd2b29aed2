package dom

import (
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

// QuerySelector returns the first element descendant of n matching
// selectors, or nil (https://dom.spec.whatwg.org/#dom-parentnode-queryselector).
func (n *Node) QuerySelector(selectors string) (*Node, error) {
	g, err := compileSelector(selectors)
	if err != nil {
		return nil, err
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
	g, err := compileSelector(selectors)
	if err != nil {
		return nil, err
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
	g, err := compileSelector(selectors)
	if err != nil {
		return false, err
	}
	return n.Type == html.ElementNode && g.Match(&n.Node), nil
}

// Closest returns the closest inclusive ancestor element of n matching
// selectors, or nil (https://dom.spec.whatwg.org/#dom-element-closest).
func (n *Node) Closest(selectors string) (*Node, error) {
	g, err := compileSelector(selectors)
	if err != nil {
		return nil, err
	}
	for e := n; e != nil; e = e.ParentNode() {
		if e.Type == html.ElementNode && g.Match(&e.Node) {
			return e, nil
		}
	}
	return nil, nil
}
