package jsruntime

import (
	"strconv"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// adoptedStyleSheets of documents and shadow roots: constructed style
// sheets that count after the tree's own sheets in getComputedStyle
// (stylesheet.go, shadowstyle.go). The attribute holds an array the page
// may also push to, as Chromium's ObservableArray allows; assigning it
// checks each item.
// https://drafts.csswg.org/cssom/#dom-documentorshadowroot-adoptedstylesheets
func adoptedSheetsAttr(iface string) bind.Attribute {
	return attr("adoptedStyleSheets", func(w *Window, n *dom.Node) goja.Value { return w.adoptedArray(n) },
		func(w *Window, n *dom.Node, v goja.Value) { w.setAdopted(n, v, iface) })
}

// An adoptedList is the adoptedStyleSheets array of a document or shadow
// root, with the node document it was made for.
type adoptedList struct {
	arr *goja.Object
	doc *dom.Document
}

// adoptedOf returns n's adoptedStyleSheets array, or nil before it is made.
// A shadow root adopted into another document since has an empty one: the
// sheets were constructed for the old document (Chromium clears the list
// when the host's document changes).
func (w *Window) adoptedOf(n *dom.Node) *goja.Object {
	l := w.adopted[n]
	if l == nil {
		return nil
	}
	if d := n.Document(); d != l.doc {
		l.doc = d
		if l.arr.Get("length").ToInteger() > 0 {
			l.arr = w.rt.NewArray()
			w.sheets.cssomEdits++
		}
	}
	return l.arr
}

func (w *Window) adoptedArray(n *dom.Node) *goja.Object {
	if a := w.adoptedOf(n); a != nil {
		return a
	}
	if w.adopted == nil {
		w.adopted = make(map[*dom.Node]*adoptedList)
	}
	a := w.rt.NewArray()
	w.adopted[n] = &adoptedList{arr: a, doc: n.Document()}
	return a
}

func (w *Window) setAdopted(n *dom.Node, v goja.Value, iface string) {
	o, ok := v.(*goja.Object)
	if !ok {
		w.realm.ThrowTypeError("Failed to set the 'adoptedStyleSheets' property on '%s': The provided value cannot be converted to a sequence.", iface)
	}
	cls := w.realm.Class("CSSStyleSheet")
	length := o.Get("length").ToInteger()
	items := make([]any, 0, min(length, 64))
	for i := int64(0); i < length; i++ {
		e := o.Get(strconv.FormatInt(i, 10))
		sheet, ok := w.realm.UnwrapAs(e, cls)
		if !ok {
			w.realm.ThrowTypeError("Failed to set the 'adoptedStyleSheets' property on '%s': Failed to convert value to 'CSSStyleSheet'.", iface)
		}
		if !webapi.AdoptSheet(sheet, func() { w.sheets.cssomEdits++ }) {
			w.realm.ThrowDOMException("NotAllowedError", "Failed to set the 'adoptedStyleSheets' property on '"+iface+"': Can't adopt non-constructed stylesheets.")
		}
		items = append(items, e)
	}
	w.adoptedArray(n)
	w.adopted[n].arr = w.rt.NewArray(items...)
	w.sheets.cssomEdits++
}

// adoptedLen is the length of n's adoptedStyleSheets, so that caches see
// a push.
func (w *Window) adoptedLen(n *dom.Node) int64 {
	if a := w.adoptedOf(n); a != nil {
		return a.Get("length").ToInteger()
	}
	return 0
}

// adoptedTexts returns the text of each sheet n adopted, inside an @media
// rule of its media list when it has one (mediaWrapped), so that a print
// sheet does not apply on screen.
func (w *Window) adoptedTexts(n *dom.Node) []string {
	var texts []string
	w.eachAdopted(n, func(sheet any) {
		texts = append(texts, mediaWrapped(webapi.AdoptedSheetMedia(sheet), webapi.AdoptedSheetText(sheet)))
	})
	return texts
}

// eachAdopted calls f with each sheet n adopted, in order.
func (w *Window) eachAdopted(n *dom.Node, f func(sheet any)) {
	a := w.adoptedOf(n)
	if a == nil {
		return
	}
	cls := w.realm.Class("CSSStyleSheet")
	for i, l := int64(0), a.Get("length").ToInteger(); i < l; i++ {
		if sheet, ok := w.realm.UnwrapAs(a.Get(strconv.FormatInt(i, 10)), cls); ok {
			f(sheet)
		}
	}
}

// AdoptedStyles returns the sheets a document or shadow root adopted
// (adoptedStyleSheets) with their rules as CSS text, leaving out disabled
// and empty ones: what a snapshot writes as <style> elements so that the
// rules apply where it is shown (dom.SerializeOptions.AdoptedStyles).
func (w *Window) AdoptedStyles(root *dom.Node) []dom.AdoptedStyle {
	var out []dom.AdoptedStyle
	w.eachAdopted(root, func(sheet any) {
		if text := webapi.AdoptedSheetText(sheet); text != "" {
			out = append(out, dom.AdoptedStyle{Text: text, Media: webapi.AdoptedSheetMedia(sheet)})
		}
	})
	return out
}
