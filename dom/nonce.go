package dom

// The [[CryptographicNonce]] internal slot of HTML and SVG elements
// (https://html.spec.whatwg.org/multipage/urls-and-fetching.html#nonce-attributes):
// the nonce IDL attribute reads and writes the slot, not the content
// attribute; setting or removing the content attribute sets the slot.
// Until the IDL attribute is set, the slot equals the attribute, so only a
// set slot is stored (in rareData).

// Nonce returns the element's cryptographic nonce.
func (n *Node) Nonce() string {
	if n.rare != nil && n.rare.nonceSet {
		return n.rare.nonce
	}
	v, _ := n.GetAttributeNS("", "nonce")
	return v
}

// SetNonce sets the element's cryptographic nonce, leaving the nonce
// content attribute as it is.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#dom-noncedelement-nonce
func (n *Node) SetNonce(v string) {
	r := n.rareData()
	r.nonce, r.nonceSet = v, true
}

// nonceAttrChanged is the nonce attributes' attribute change steps: the
// slot follows the attribute again ("" once it is removed).
func (n *Node) nonceAttrChanged() {
	if n.rare != nil {
		n.rare.nonce, n.rare.nonceSet = "", false
	}
}
