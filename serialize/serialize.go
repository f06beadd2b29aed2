// Package serialize writes a dom tree as the HTML snapshot served to
// crawlers: the HTML standard's serialization algorithm
// (https://html.spec.whatwg.org/multipage/parsing.html#serialising-html-fragments,
// implemented byte-exact in dom.WriteHTML, which innerHTML needs too),
// plus the snapshot policy: scripts dropped except data blocks, the
// <meta name="fragment" content="!"> opt-in dropped, a <style> element
// written with the rules its runtime gives (Options.StyleText), adopted
// style sheets written as <style> elements (Options.AdoptedStyles), shadow
// trees written as declarative shadow roots on request
// (Options.ShadowRoots), everything else kept exactly. Output streams to an io.Writer; no whole-document string is built.
//
// serialize imports only dom (and x/net/html's atoms); never goja, net/http
// or the packages that run pages.
package serialize

import (
	"fmt"
	"io"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html/atom"
)

// Options choose the snapshot policy. The zero value is the default
// snapshot: scripts (except data blocks) and the fragment meta dropped.
type Options struct {
	// KeepScripts keeps every <script> element.
	KeepScripts bool
	// KeepFragmentMeta keeps <meta name="fragment" content="!">.
	KeepFragmentMeta bool
	// StyleText, when set, gives the contents written for a <style>
	// element in place of its text (dom.SerializeOptions.StyleText): the
	// runtime that ran the page supplies the rules script inserted into
	// the element's sheet, so that they apply where the snapshot is shown.
	StyleText func(*dom.Node) (text string, ok bool)
	// FormState writes form controls as they are, not as parsed: a
	// checkedness, selectedness or value script or the user set is written
	// as the checked, selected or value attribute (never a password's
	// value), a textarea's value as its text (dom.SerializeOptions.FormState).
	FormState bool
	// ShadowRoots writes every shadow root, open or closed, as a
	// declarative one (<template shadowrootmode> first in its host), so that
	// what web components rendered in shadow trees is in the snapshot.
	// Browsers attach such roots when they parse the snapshot. By default
	// shadow trees are left out, as outerHTML leaves them out.
	ShadowRoots bool
	// AdoptedStyles, when set, gives the style sheets a document or shadow
	// root adopted (adoptedStyleSheets), which are in no element: the
	// runtime that ran the page supplies them. The document's are written
	// as <style> elements at the end of its body, and those of each shadow
	// root written at the end of its template.
	AdoptedStyles func(root *dom.Node) []dom.AdoptedStyle
}

// Render writes n (a document: the whole document, doctype included) to w
// as a snapshot. A node of an XML document is written as XML (see
// Document).
func Render(w io.Writer, n *dom.Node, opts Options) error {
	so := dom.SerializeOptions{ValidUTF8: true, StyleText: opts.StyleText, FormState: opts.FormState, AllShadowRoots: opts.ShadowRoots, AdoptedStyles: opts.AdoptedStyles}
	if !opts.KeepScripts || !opts.KeepFragmentMeta {
		so.Skip = func(n *dom.Node) bool {
			if !n.IsHTML() {
				return false
			}
			switch n.DataAtom {
			case atom.Script:
				return !opts.KeepScripts && !IsDataBlock(n)
			case atom.Meta:
				return !opts.KeepFragmentMeta && isFragmentMeta(n)
			}
			return false
		}
	}
	if d := n.Document(); d != nil && d.IsXML() || n.AsDocument() != nil && n.AsDocument().IsXML() {
		return writeXML(w, n, so)
	}
	if err := dom.WriteHTML(w, n, so); err != nil {
		return fmt.Errorf("serialize: %w", err)
	}
	return nil
}

// writeXML writes a node of an XML document as XML. A whole document is
// written as Chromium's --dump-dom writes it: its doctype and a line feed,
// then its document element; no XML declaration (the snapshot is UTF-8,
// whatever the page's encoding was), and no comment or processing
// instruction outside the document element.
func writeXML(w io.Writer, n *dom.Node, so dom.SerializeOptions) error {
	d := n.AsDocument()
	if d == nil {
		if err := dom.WriteXML(w, n, so); err != nil {
			return fmt.Errorf("serialize: %w", err)
		}
		return nil
	}
	if dt := d.Doctype(); dt != nil {
		if err := dom.WriteXML(w, dt, so); err != nil {
			return fmt.Errorf("serialize: %w", err)
		}
		if _, err := io.WriteString(w, "\n"); err != nil {
			return fmt.Errorf("serialize: %w", err)
		}
	}
	if root := d.DocumentElement(); root != nil {
		if err := dom.WriteXML(w, root, so); err != nil {
			return fmt.Errorf("serialize: %w", err)
		}
	}
	return nil
}

// Document writes the whole document d to w as a snapshot: HTML, or for
// an XML document (a page served as application/xhtml+xml or another XML
// type) XML, as a browser serializes it.
func Document(w io.Writer, d *dom.Document, opts Options) error {
	return Render(w, &d.Node, opts)
}

// IsDataBlock reports whether script element n is a data block, which a
// browser never runs: its type is neither empty, a JavaScript MIME type,
// "module", "importmap" nor "speculationrules"
// (https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element, step 8-9).
func IsDataBlock(n *dom.Node) bool {
	typ, hasType := n.GetAttribute("type")
	if !hasType || typ == "" {
		lang, hasLang := n.GetAttribute("language")
		if !hasType && hasLang && lang != "" {
			return !isJavaScriptMIME("text/" + lang)
		}
		return false
	}
	typ = ascii.Lower(strings.Trim(typ, " \t\n\f\r"))
	switch typ {
	case "module", "importmap", "speculationrules":
		return false
	}
	return !isJavaScriptMIME(typ)
}

// isJavaScriptMIME reports a JavaScript MIME type essence match
// (https://mimesniff.spec.whatwg.org/#javascript-mime-type-essence-match).
func isJavaScriptMIME(s string) bool {
	switch ascii.Lower(s) {
	case "application/ecmascript", "application/javascript", "application/x-ecmascript",
		"application/x-javascript", "text/ecmascript", "text/javascript", "text/javascript1.0",
		"text/javascript1.1", "text/javascript1.2", "text/javascript1.3", "text/javascript1.4",
		"text/javascript1.5", "text/jscript", "text/livescript", "text/x-ecmascript",
		"text/x-javascript":
		return true
	}
	return false
}

// isFragmentMeta reports <meta name="fragment" content="!">, the AJAX
// crawling scheme's opt-in, which a snapshot must not repeat.
func isFragmentMeta(n *dom.Node) bool {
	name, _ := n.GetAttribute("name")
	content, _ := n.GetAttribute("content")
	return ascii.EqualFold(strings.TrimSpace(name), "fragment") && strings.TrimSpace(content) == "!"
}
