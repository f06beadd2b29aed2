package xpath

import "github.com/bangsnap/bangsnap/dom"

// Pattern is an XSLT pattern
// (https://www.w3.org/TR/1999/REC-xslt-19991116#patterns): location
// paths of child and attribute steps joined by / and //, absolute or
// starting at an id() or key() call, in alternatives joined by |. A node
// matches when some alternative, read right to left, finds the steps
// from the node up.
type Pattern struct {
	alts []*path
}

// CompilePattern parses src as a pattern.
func CompilePattern(src string, o Options) (*Pattern, error) {
	e, err := CompileWith(src, o)
	if err != nil {
		return nil, err
	}
	p := &Pattern{}
	var split func(x expr) bool
	split = func(x expr) bool {
		switch x := x.(type) {
		case *union:
			return split(x.l) && split(x.r)
		case *path:
			if x.filter != nil && !idOrKey(x.filter) {
				return false
			}
			for _, s := range x.steps {
				switch {
				case s.axis == axisChild, s.axis == axisAttribute, s.axis == axisDescendant && len(s.preds) == 0,
					s.axis == axisDescendantOrSelf && s.test.kind == testNode && len(s.preds) == 0:
				default:
					return false
				}
			}
			p.alts = append(p.alts, x)
			return true
		case *call, *extCall:
			if !idOrKey(x) {
				return false
			}
			p.alts = append(p.alts, &path{filter: x})
			return true
		}
		return false
	}
	if !split(e.root) {
		return nil, &Error{Kind: SyntaxError, Msg: "'" + src + "' is not a pattern."}
	}
	return p, nil
}

// idOrKey reports whether x is a call of id() or of a key() function.
func idOrKey(x expr) bool {
	switch x := x.(type) {
	case *call:
		return x.fn == fnID
	case *extCall:
		return x.f.Pattern
	}
	return false
}

// Alternatives is the number of |-separated alternatives.
func (p *Pattern) Alternatives() int { return len(p.alts) }

// Priority is alternative i's default priority
// (https://www.w3.org/TR/1999/REC-xslt-19991116#conflict).
func (p *Pattern) Priority(i int) float64 {
	a := p.alts[i]
	if a.absolute || a.filter != nil || len(a.steps) != 1 || len(a.steps[0].preds) != 0 {
		return 0.5
	}
	s := a.steps[0]
	if s.axis != axisChild && s.axis != axisAttribute {
		return 0.5
	}
	switch s.test.kind {
	case testName:
		return 0
	case testPI:
		if s.test.hasTarget {
			return 0
		}
	case testNamespace:
		return -0.25
	}
	return -0.5
}

// Match reports whether n matches alternative i of p.
func (e *Evaluator) Match(p *Pattern, i int, n Node) (ok bool, err error) {
	defer e.recover(&err)
	e.ev.env = e.Env
	a := p.alts[i]
	return e.ev.matchStep(a, len(a.steps)-1, n.x), nil
}

// MatchAny reports whether n matches some alternative of p.
func (e *Evaluator) MatchAny(p *Pattern, n Node) (bool, error) {
	for i := range p.alts {
		ok, err := e.Match(p, i, n)
		if ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// matchStep reports whether x matches step i of a and the steps before
// it match the nodes x's axis relates it to.
func (ev *evaluator) matchStep(a *path, i int, x xnode) bool {
	if i < 0 {
		switch {
		case a.filter != nil:
			v := a.filter.eval(ev, ctx{node: x, pos: 1, size: 1})
			for _, y := range v.nodes {
				if y == x {
					return true
				}
			}
			return false
		case a.absolute:
			return x.attr < 0 && x.n.Kind() == dom.DocumentNode
		}
		return true
	}
	s := a.steps[i]
	switch s.axis {
	case axisDescendantOrSelf:
		// //: x itself or any ancestor matches the steps before.
		for y, ok := x, true; ok; y, ok = y.parent() {
			if ev.matchStep(a, i-1, y) {
				return true
			}
		}
		return false
	case axisAttribute:
		if !s.test.matches(x, true) {
			return false
		}
	default:
		if !s.test.matches(x, false) {
			return false
		}
	}
	p, hasParent := x.parent()
	if !hasParent && (s.axis == axisChild || s.axis == axisAttribute) {
		return false // the root node is no child
	}
	if len(s.preds) > 0 {
		// Positions count among the parent's children (or attributes)
		// that pass the node test.
		var in []xnode
		if hasParent {
			in = ev.axisNodes(&step{axis: s.axis, test: s.test}, p, nil)
		} else {
			in = []xnode{x}
		}
		for _, pr := range s.preds {
			in = ev.applyPredicate(in, pr)
		}
		found := false
		for _, y := range in {
			if y == x {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if s.axis == axisDescendant {
		for y, ok := p, hasParent; ok; y, ok = y.parent() {
			if ev.matchStep(a, i-1, y) {
				return true
			}
		}
		return false
	}
	if i == 0 && a.filter == nil && !a.absolute {
		return true
	}
	return ev.matchStep(a, i-1, p)
}
