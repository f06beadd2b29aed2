package dom

import (
	"strings"
)

// A TokenList is a DOMTokenList (https://dom.spec.whatwg.org/#interface-domtokenlist)
// over one attribute of an element (class for classList, rel for relList...).
// It holds no state of its own: every call reads the attribute, so it is
// always in sync with setAttribute.
type TokenList struct {
	el   *Node
	attr string
}

// ClassList returns the element's classList, the same one each time.
func (n *Node) ClassList() *TokenList {
	r := n.rareData()
	if r.classList == nil {
		r.classList = &TokenList{el: n, attr: "class"}
	}
	return r.classList
}

// TokenList returns a DOMTokenList over attribute attr of n.
func (n *Node) TokenList(attr string) *TokenList { return &TokenList{el: n, attr: attr} }

// tokens parses the attribute as an ordered set
// (https://dom.spec.whatwg.org/#concept-ordered-set-parser).
func (t *TokenList) tokens() []string {
	v, ok := t.el.GetAttributeNS("", t.attr)
	if !ok {
		return nil
	}
	fields := strings.FieldsFunc(v, isASCIIWhitespace)
	out := fields[:0]
	for _, f := range fields {
		dup := false
		for _, o := range out {
			if o == f {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, f)
		}
	}
	return out
}

// Tokens returns the tokens in order, without duplicates.
func (t *TokenList) Tokens() []string { return t.tokens() }

// Len returns the number of tokens.
func (t *TokenList) Len() int { return len(t.tokens()) }

// Item returns the i-th token.
func (t *TokenList) Item(i int) (string, bool) {
	ts := t.tokens()
	if i < 0 || i >= len(ts) {
		return "", false
	}
	return ts[i], true
}

// Contains reports whether tok is in the list.
func (t *TokenList) Contains(tok string) bool {
	v, ok := t.el.GetAttributeNS("", t.attr)
	return ok && hasToken(v, tok)
}

// Value returns the attribute's value.
func (t *TokenList) Value() string {
	v, _ := t.el.GetAttributeNS("", t.attr)
	return v
}

// SetValue sets the attribute's value.
func (t *TokenList) SetValue(v string) { _ = t.el.SetAttributeNS("", t.attr, v) }

func checkToken(tok string) error {
	if tok == "" {
		return newError(SyntaxError, "The token provided must not be empty.")
	}
	if strings.ContainsFunc(tok, isASCIIWhitespace) {
		return newError(InvalidCharacterError, "The token provided ('%s') contains HTML space characters, which are not valid in tokens.", tok)
	}
	return nil
}

// update implements https://dom.spec.whatwg.org/#concept-dtl-update.
func (t *TokenList) update(ts []string) {
	if !t.el.HasAttributeNS("", t.attr) && len(ts) == 0 {
		return
	}
	_ = t.el.SetAttributeNS("", t.attr, strings.Join(ts, " "))
}

// Add adds tokens (https://dom.spec.whatwg.org/#dom-domtokenlist-add).
func (t *TokenList) Add(tokens ...string) error {
	for _, tok := range tokens {
		if err := checkToken(tok); err != nil {
			return err
		}
	}
	ts := t.tokens()
	for _, tok := range tokens {
		if !contains(ts, tok) {
			ts = append(ts, tok)
		}
	}
	// Chromium sets the attribute even when nothing is added (add() on an
	// element without class gives class=""), unlike the update steps.
	_ = t.el.SetAttributeNS("", t.attr, strings.Join(ts, " "))
	return nil
}

// Remove removes tokens (https://dom.spec.whatwg.org/#dom-domtokenlist-remove).
func (t *TokenList) Remove(tokens ...string) error {
	for _, tok := range tokens {
		if err := checkToken(tok); err != nil {
			return err
		}
	}
	ts := t.tokens()
	out := ts[:0]
	for _, x := range ts {
		if !contains(tokens, x) {
			out = append(out, x)
		}
	}
	t.update(out)
	return nil
}

// Toggle toggles tok; with hasForce, force says whether it must end up
// present. It reports whether tok is present after
// (https://dom.spec.whatwg.org/#dom-domtokenlist-toggle).
func (t *TokenList) Toggle(tok string, force, hasForce bool) (bool, error) {
	if err := checkToken(tok); err != nil {
		return false, err
	}
	ts := t.tokens()
	if contains(ts, tok) {
		if !hasForce || !force {
			out := ts[:0]
			for _, x := range ts {
				if x != tok {
					out = append(out, x)
				}
			}
			t.update(out)
			return false, nil
		}
		return true, nil
	}
	if !hasForce || force {
		t.update(append(ts, tok))
		return true, nil
	}
	return false, nil
}

// Replace replaces old with new, reporting whether old was there
// (https://dom.spec.whatwg.org/#dom-domtokenlist-replace).
func (t *TokenList) Replace(old, new string) (bool, error) {
	// Both tokens are checked for emptiness before either for white
	// space: replace(" ", "") throws SyntaxError.
	if old == "" || new == "" {
		return false, newError(SyntaxError, "The token provided must not be empty.")
	}
	if err := checkToken(old); err != nil {
		return false, err
	}
	if err := checkToken(new); err != nil {
		return false, err
	}
	ts := t.tokens()
	if !contains(ts, old) {
		return false, nil
	}
	out := make([]string, 0, len(ts))
	placed := false
	for _, x := range ts {
		switch {
		case x == old || x == new:
			if !placed {
				out = append(out, new)
				placed = true
			}
		default:
			out = append(out, x)
		}
	}
	t.update(out)
	return true, nil
}

func contains(ts []string, s string) bool {
	for _, x := range ts {
		if x == s {
			return true
		}
	}
	return false
}
