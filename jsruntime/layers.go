package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Cascade layers: the rules of @layer blocks (and of imports with layer())
// lose to unlayered rules and to those of layers declared after theirs,
// whatever their specificity; important declarations go the other way
// round. A layer's own rules win over its sub-layers'. Layers are ordered
// by where their name first appears in the document's sheets in tree
// order (an @layer statement, a block, an import).
// https://drafts.csswg.org/css-cascade-5/#layering

// anonymousLayer names the nth anonymous layer of a sheet: a name no
// author can write, made unique in the document by globalLayer.
func anonymousLayer(n int) string { return "\x00" + strconv.Itoa(n) }

// joinLayer is the full name of layer name inside layer parent.
func joinLayer(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// declareLayer records a layer name (and the layers it is inside) the
// first time it appears.
func (p *sheetParser) declareLayer(full string) {
	for i := 0; i <= len(full); i++ {
		if i < len(full) && full[i] != '.' {
			continue
		}
		name := full[:i]
		seen := false
		for _, l := range p.layers {
			if l == name {
				seen = true
				break
			}
		}
		if !seen {
			p.layers = append(p.layers, name)
		}
	}
}

// globalLayer is the document-wide name of a layer named in source i:
// anonymous layers are the source's own.
func globalLayer(i int, name string) string {
	if !strings.Contains(name, "\x00") {
		return name
	}
	return strings.ReplaceAll(name, "\x00", "\x00"+strconv.Itoa(i)+"_")
}

// layerRanks ranks the layers the sources name (layers holds each one's
// names in order of appearance): each layer's sub-layers in order, then the
// layer itself, the unlayered rules last at rank 0, so that the ranks of
// layers are below 0. Nil when no source has layers.
func layerRanks(sources []string, layers map[string][]string) map[string]int32 {
	if len(layers) == 0 {
		return nil
	}
	type node struct {
		name     string
		children []*node
	}
	root := &node{}
	byName := map[string]*node{"": root}
	for i, src := range sources {
		for _, local := range layers[src] {
			name := globalLayer(i, local)
			if byName[name] != nil {
				continue
			}
			parent := root
			if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
				parent = byName[name[:dot]] // declared first by declareLayer
			}
			if parent == nil {
				parent = root
			}
			n := &node{name: name}
			parent.children = append(parent.children, n)
			byName[name] = n
		}
	}
	ranks := make(map[string]int32, len(byName))
	next := int32(-len(byName) + 1) // the root gets 0
	var walk func(n *node)
	walk = func(n *node) {
		for _, c := range n.children {
			walk(c)
		}
		ranks[n.name] = next
		next++
	}
	walk(root)
	return ranks
}

// beats reports whether rule r wins over best in the cascade of one
// origin: importance first, then the cascade layer, then specificity,
// then order (the later rule wins). It is a total order, so the winner
// does not depend on the order rules are looked at in (the rule index
// gives them in several lists, ruleindex.go).
func (r *cssRule) beats(best *cssRule) bool {
	switch {
	case r.decl.important != best.decl.important:
		return r.decl.important
	case r.layer != best.layer:
		if r.decl.important {
			return r.layer < best.layer
		}
		return r.layer > best.layer
	case r.sel.spec != best.sel.spec:
		return best.sel.spec.Less(r.sel.spec)
	}
	return r.order > best.order
}

// beatsNear is beats with scope proximity: of two rules of the same
// importance, layer and specificity, the one whose scoping root is fewer
// generations up from the element (rp and bp, noProximity for a rule in
// no scope) wins before the order of appearance decides.
// https://drafts.csswg.org/css-cascade-6/#cascade-proximity
func (r *cssRule) beatsNear(rp int32, best *cssRule, bp int32) bool {
	if rp != bp && r.decl.important == best.decl.important && r.layer == best.layer && r.sel.spec == best.sel.spec {
		return rp < bp
	}
	return r.beats(best)
}

// below reports whether rule r is in a cascade layer, or of an
// importance, that ranks below rule rev's: what `revert-layer` in rev
// rolls back to (normal declarations below important ones, an earlier
// layer's normal declarations below a later one's, a later layer's
// important ones below an earlier one's).
// https://drafts.csswg.org/css-cascade-5/#revert-layer
func (r *cssRule) below(rev *cssRule) bool {
	switch {
	case r.decl.important != rev.decl.important:
		return rev.decl.important
	case r.decl.important:
		return r.layer > rev.layer
	}
	return r.layer < rev.layer
}

// isRevertLayer reports whether a declared value is the revert-layer
// keyword (a custom property keeps its value's case).
func isRevertLayer(v string) bool {
	return len(v) == len("revert-layer") && ascii.EqualFold(v, "revert-layer")
}

// rollBack is the rule of x that wins the cascade for el among those
// matching it below rule rev's layer (below), following further
// revert-layer values down; nil when none is left, where the value
// reverts to the previous origin's.
func (x *ruleIndex) rollBack(el *dom.Node, rev *cssRule) *cssRule {
	for rev != nil && isRevertLayer(rev.decl.value) {
		rev = x.bestBelow(el, rev)
	}
	return rev
}

// bestBelow is the rule of x that wins the cascade for el among those
// matching it below rule rev's layer, or nil.
func (x *ruleIndex) bestBelow(el *dom.Node, rev *cssRule) *cssRule {
	var arr [8][]*cssRule
	doc := el.Document()
	ver := doc.Version()
	var best *cssRule
	for _, rs := range x.candidates(el, arr[:0]) {
		for _, r := range rs {
			if r.below(rev) && (best == nil || r.beats(best)) && r.sel.matches(el, doc, ver) {
				best = r
			}
		}
	}
	return best
}

// revertedLayer is the value prop would have on el without the layer of
// the rule that wins its cascade: what a revert-layer that a var()
// fallback gives acts as (ok is false when no rule of a layer below
// declares it, or an inline declaration wins).
func (w *Window) revertedLayer(el *dom.Node, prop string) (string, bool) {
	if a, ok := el.GetAttribute("style"); ok && styleMentions(a, prop) {
		for _, d := range w.inlineDeclarations(el, a) {
			if d.name == prop {
				return "", false
			}
		}
	}
	x := w.sheetsOf(el.Document()).ruleIndex(prop)
	if x == nil {
		return "", false
	}
	best := x.best(el)
	if best == nil {
		return "", false
	}
	if r := x.rollBack(el, x.bestBelow(el, best)); r != nil {
		return r.decl.value, true
	}
	return "", false
}
