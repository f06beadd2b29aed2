package jsruntime

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"math"
	"strings"
	"sync"

	"github.com/dop251/goja"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/xhr"
)

// netBytes returns a copy of the bytes of an ArrayBuffer, typed array or
// DataView, told apart by the engine's own object kinds (see
// webapi.BufferSourceOf), never by the page's Symbol.toStringTag.
func netBytes(w *netEnv, v goja.Value) ([]byte, bool) {
	src, ok := webapi.BufferSourceOf(w.rt, v)
	if !ok {
		return nil, false
	}
	return append([]byte(nil), src.Bytes...), true
}

// netBodyInit converts a BodyInit (or XMLHttpRequest.send's argument) to
// what xhr.ExtractBody takes.
// https://fetch.spec.whatwg.org/#bodyinit-unions
func netBodyInit(w *netEnv, v goja.Value) any {
	if bind.Nullish(v) {
		return nil
	}
	r := w.realm
	if impl, _, ok := r.Unwrap(v); ok {
		switch b := impl.(type) {
		case *xhr.Blob:
			return b
		case *xhr.File:
			return b
		case *xhr.FormData:
			return b
		}
		if c := r.Class("URLSearchParams"); c != nil {
			if _, ok := r.UnwrapAs(v, c); ok {
				return xhr.URLEncoded(v.String())
			}
		}
		if n := w.toNode(v); n != nil && n.Type == html.DocumentNode {
			// The fragment serialization: XML for an XML document.
			// https://xhr.spec.whatwg.org/#the-send()-method step 4.1
			if d := n.Document(); d != nil && d.IsXML() {
				return xhr.DocumentBody{Data: n.XMLString()}
			}
			var b strings.Builder
			_ = netSerialize(&b, n)
			return xhr.DocumentBody{Data: b.String(), HTML: true}
		}
	}
	if b, ok := netBytes(w, v); ok {
		return b
	}
	return bind.DOMString(v)
}

// clampLongLong converts v to a [Clamp] long long: rounded half to even,
// NaN 0, clamped to the range.
// https://webidl.spec.whatwg.org/#abstract-opdef-converttoint
func clampLongLong(v goja.Value) int64 {
	f := bind.Number(v)
	switch {
	case math.IsNaN(f):
		return 0
	case f >= 1<<63-1024:
		return math.MaxInt64
	case f <= -(1 << 63):
		return math.MinInt64
	}
	return int64(math.RoundToEven(f))
}

func blobOf(this any) *xhr.Blob {
	switch b := this.(type) {
	case *xhr.Blob:
		return b
	case *xhr.File:
		return &b.Blob
	}
	return nil
}

// blobParts converts a sequence<BlobPart>, then the options dictionary
// (endings before type, as WebIDL reads members in order), and processes
// the parts: strings are UTF-8 (USVString: a lone surrogate is U+FFFD) with
// their line breaks made "\n" when endings is "native".
// https://w3c.github.io/FileAPI/#process-blob-parts
func blobParts(w *netEnv, v, opts goja.Value, iface string) (parts [][]byte, typ string) {
	return blobPartsThen(w, v, opts, iface, nil)
}

// blobPartsThen is blobParts with between, when not nil, called after the
// parts and before the options (File converts its name there).
func blobPartsThen(w *netEnv, v, opts goja.Value, iface string, between func()) (parts [][]byte, typ string) {
	var isString []bool
	if !bind.Absent(v) {
		// Each part is converted as the iterator gives it (a page's toString
		// may change the array the iterator walks).
		bind.Sequence(w.rt, v, func(p goja.Value) {
			if impl, _, ok := w.realm.Unwrap(p); ok {
				if b := blobOf(impl); b != nil {
					parts, isString = append(parts, b.Bytes()), append(isString, false)
					return
				}
			}
			if b, ok := netBytes(w, p); ok {
				parts, isString = append(parts, b), append(isString, false)
				return
			}
			parts, isString = append(parts, []byte(p.String())), append(isString, true)
		})
	}
	if between != nil {
		between()
	}
	native := false
	switch o := opts.(type) {
	case nil:
	case *goja.Object:
		if e := o.Get("endings"); !bind.Absent(e) {
			switch bind.DOMString(e) {
			case "transparent":
			case "native":
				native = true
			default:
				w.realm.ThrowTypeError("Failed to construct '%s': Failed to read the 'endings' property from 'BlobPropertyBag': The provided value '%s' is not a valid enum value of type EndingType.", iface, bind.DOMString(e))
			}
		}
		if t := o.Get("type"); !bind.Absent(t) {
			typ = bind.DOMString(t)
		}
	default:
		if !bind.Nullish(opts) {
			w.realm.ThrowTypeError("Failed to construct '%s': The provided value is not of type 'BlobPropertyBag'.", iface)
		}
	}
	if native {
		// https://w3c.github.io/FileAPI/#convert-line-endings-to-native
		for i, p := range parts {
			if isString[i] && bytes.IndexByte(p, '\r') >= 0 {
				parts[i] = bytes.ReplaceAll(bytes.ReplaceAll(p, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
			}
		}
	}
	return parts, typ
}

func (w *netEnv) netArrayBuffer(b []byte) goja.Value {
	return w.rt.ToValue(w.rt.NewArrayBuffer(append([]byte(nil), b...)))
}

func (w *netEnv) netUint8Array(b []byte) goja.Value {
	arr, err := w.rt.New(w.rt.Get("Uint8Array"), w.netArrayBuffer(b))
	if err != nil {
		panic(err)
	}
	return arr
}

// blobIface declares Blob.
// https://w3c.github.io/FileAPI/#blob-section
var blobIface = &bind.Interface{
	Name: "Blob",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		return xhr.NewBlob(blobParts(netOf(r), bind.Arg(args, 0), bind.Arg(args, 1), "Blob"))
	},
	Attributes: []bind.Attribute{
		{Name: "size", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(float64(blobOf(this).Size())) }},
		{Name: "type", Get: func(r *bind.Realm, this any) goja.Value { return r.String(blobOf(this).Type()) }},
	},
	Methods: []bind.Method{
		{Name: "slice", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			b := blobOf(this)
			start, end := int64(0), b.Size()
			if v := bind.Arg(args, 0); !bind.Absent(v) {
				start = clampLongLong(v)
			}
			if v := bind.Arg(args, 1); !bind.Absent(v) {
				end = clampLongLong(v)
			}
			typ := ""
			if v := bind.Arg(args, 2); !bind.Absent(v) {
				typ = v.String()
			}
			return r.WrapObject(b.Slice(start, end, typ), r.Class("Blob"))
		}},
		{Name: "text", Promise: true, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return netOf(r).resolved(r.String(blobOf(this).Text()))
		}},
		{Name: "arrayBuffer", Promise: true, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			w := netOf(r)
			return w.resolved(w.netArrayBuffer(blobOf(this).Bytes()))
		}},
		{Name: "bytes", Promise: true, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			w := netOf(r)
			return w.resolved(w.netUint8Array(blobOf(this).Bytes()))
		}},
		// https://w3c.github.io/FileAPI/#dom-blob-stream
		{Name: "stream", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			b := blobOf(this)
			return netOf(r).byteStream(func() ([]byte, error) { return b.Bytes(), nil })
		}},
		// https://w3c.github.io/FileAPI/#dom-blob-textstream
		{Name: "textStream", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			b := blobOf(this)
			w := netOf(r)
			s := w.byteStream(func() ([]byte, error) { return b.Bytes(), nil })
			if goja.IsNull(s) {
				return s
			}
			return w.textStream(s)
		}},
	},
}

// byteStream returns a ReadableStream of bytes (a byte stream, as fetch
// and Blob make) whose one chunk is what read returns when first pulled,
// or null when the page has no ReadableStream (package webapi is not
// installed). A read error errors the stream.
func (w *netEnv) byteStream(read func() ([]byte, error)) goja.Value {
	rt := w.rt
	source := rt.NewObject()
	source.Set("type", "bytes")
	source.Set("pull", func(call goja.FunctionCall) goja.Value {
		c := call.Argument(0).ToObject(rt)
		data, err := read()
		if err != nil {
			panic(rt.NewTypeError(err.Error()))
		}
		if len(data) > 0 {
			enqueue, _ := goja.AssertFunction(c.Get("enqueue"))
			if _, err := enqueue(c, w.netUint8Array(data)); err != nil {
				panic(err)
			}
		}
		closeFn, _ := goja.AssertFunction(c.Get("close"))
		if _, err := closeFn(c); err != nil {
			panic(err)
		}
		return goja.Undefined()
	})
	if s := webapi.NewReadableStream(rt, rt.GlobalObject(), source); s != nil {
		return s
	}
	return goja.Null()
}

// fileIface declares File.
// https://w3c.github.io/FileAPI/#file-section
var fileIface = &bind.Interface{
	Name:       "File",
	Parent:     "Blob",
	CtorLength: 2,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := netOf(r)
		var name string
		parts, typ := blobPartsThen(w, args[0], bind.Arg(args, 2), "File", func() { name = bind.USVString(args[1]) }) // USVString
		mod := w.loop.Now().UnixMilli()
		if o, ok := bind.Arg(args, 2).(*goja.Object); ok {
			if v := o.Get("lastModified"); !bind.Absent(v) {
				mod = v.ToInteger()
			}
		}
		return xhr.NewFile(parts, name, typ, mod)
	},
	Attributes: bind.AttributesInOrder([]bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*xhr.File).Name) }},
		{Name: "lastModified", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(float64(this.(*xhr.File).LastModified)) }},
		{Name: "webkitRelativePath", Get: func(r *bind.Realm, this any) goja.Value { return r.String("") }},
		// Chromium's legacy lastModifiedDate: a new Date at each read.
		{Name: "lastModifiedDate", Get: func(r *bind.Realm, this any) goja.Value {
			d, err := r.Runtime.New(r.Runtime.Get("Date"), r.Float(float64(this.(*xhr.File).LastModified)))
			if err != nil {
				panic(err)
			}
			return d
		}},
	}, "name lastModified lastModifiedDate webkitRelativePath"),
}

// formValue converts the arguments of FormData's append and set, the
// overloads (USVString name, USVString value) and (USVString name, Blob
// blobValue, optional USVString filename): three arguments choose the
// second, whose value must be a Blob; with two a Blob chooses it.
// https://xhr.spec.whatwg.org/#dom-formdata-append
func formValue(w *netEnv, args []goja.Value) (name, s string, b *xhr.Blob, f *xhr.File, fn string) {
	name = bind.USVString(args[0])
	var blob any
	if impl, _, ok := w.realm.Unwrap(args[1]); ok {
		switch impl.(type) {
		case *xhr.File, *xhr.Blob:
			blob = impl
		}
	}
	if blob == nil {
		if len(args) > 2 {
			panic(bind.TypeError("parameter 2 is not of type 'Blob'."))
		}
		return name, bind.USVString(args[1]), nil, nil, ""
	}
	hasName := len(args) > 2 && !bind.Absent(args[2])
	if hasName {
		fn = bind.USVString(args[2])
	}
	switch x := blob.(type) {
	case *xhr.File:
		return name, "", nil, x, fn
	default:
		if !hasName {
			fn = "blob"
		}
		return name, "", x.(*xhr.Blob), nil, fn
	}
}

func (w *netEnv) formEntryValue(e xhr.FormEntry) goja.Value {
	if e.File != nil {
		return w.realm.WrapObject(e.File, w.realm.Class("File"))
	}
	return w.str(e.Value)
}

// formDataIface declares FormData. new FormData(form) collects the form's
// successful controls (inputs, selects, textareas with a name).
// https://xhr.spec.whatwg.org/#interface-formdata
var formDataIface = &bind.Interface{
	Name: "FormData",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := netOf(r)
		fd := xhr.NewFormData()
		if v := bind.Arg(args, 0); !bind.Absent(v) {
			form := w.toNode(v)
			if !isHTMLElement(form) || form.Data != "form" {
				r.ThrowTypeError("Failed to construct 'FormData': parameter 1 is not of type 'HTMLFormElement'.")
			}
			var submitter *dom.Node
			if s := bind.Arg(args, 1); !bind.Nullish(s) {
				submitter = w.toNode(s)
				if submitter == nil || !isSubmitButton(submitter) {
					r.ThrowTypeError("Failed to construct 'FormData': The specified element is not a submit button.")
				}
				if formOwner(submitter) != form {
					r.ThrowDOMException("NotFoundError", "Failed to construct 'FormData': The specified element is not owned by this form element.")
				}
			}
			w.win.appendFormEntries(form, submitter, fd)
		}
		return fd
	},
	Methods: []bind.Method{
		{Name: "append", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, fd := netOf(r), this.(*xhr.FormData)
			name, s, b, f, fn := formValue(w, args)
			if b != nil || f != nil {
				fd.AppendBlob(name, b, f, fn)
			} else {
				fd.Append(name, s)
			}
			return nil
		}},
		{Name: "set", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, fd := netOf(r), this.(*xhr.FormData)
			name, s, b, f, fn := formValue(w, args)
			if b != nil || f != nil {
				fd.SetBlob(name, b, f, fn)
			} else {
				fd.Set(name, s)
			}
			return nil
		}},
		{Name: "delete", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*xhr.FormData).Delete(bind.USVString(args[0]))
			return nil
		}},
		{Name: "get", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			e, ok := this.(*xhr.FormData).Get(bind.USVString(args[0]))
			if !ok {
				return goja.Null()
			}
			return netOf(r).formEntryValue(e)
		}},
		{Name: "getAll", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := netOf(r)
			var out []any
			for _, e := range this.(*xhr.FormData).GetAll(bind.USVString(args[0])) {
				out = append(out, w.formEntryValue(e))
			}
			return w.rt.NewArray(out...)
		}},
		{Name: "has", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return r.Bool(this.(*xhr.FormData).Has(bind.USVString(args[0])))
		}},
	},
	PairIterable: &bind.PairIterable{
		Len: func(r *bind.Realm, this any) int { return len(this.(*xhr.FormData).Entries()) },
		At: func(r *bind.Realm, this any, i int) (goja.Value, goja.Value) {
			e := this.(*xhr.FormData).Entries()[i]
			return r.String(e.Name), netOf(r).formEntryValue(e)
		},
	},
}

func headersOf(this any) *xhr.Headers { return this.(*xhr.Headers) }

// netHeadersInit converts a HeadersInit, (sequence<sequence<ByteString>>
// or record<ByteString, ByteString>), to its lists of strings (a Headers
// is a sequence like any other); headerPairs checks they are pairs, after
// the conversion.
// https://fetch.spec.whatwg.org/#typedefdef-headersinit
func netHeadersInit(w *netEnv, v goja.Value) [][]string {
	r := w.realm
	obj, ok := v.(*goja.Object)
	if !ok {
		panic(bind.TypeError("The provided value is not of type '(record<ByteString, ByteString> or sequence<sequence<ByteString>>)'."))
	}
	// A Headers' entries are read from it directly unless a script
	// changed how it iterates.
	cls := r.Class("Headers")
	if impl, ok := r.UnwrapAs(v, cls); ok && cls.DefaultPairIteration(obj) {
		var lists [][]string
		for _, e := range impl.(*xhr.Headers).Entries() {
			lists = append(lists, []string{e[0], e[1]})
		}
		return lists
	}
	lists := [][]string{}
	// The union's sequence branch: @@iterator is read once, and each
	// item (a sequence<ByteString>) converted as the iterator gives it.
	if iter := bind.IterMethod(w.rt, obj); iter != nil {
		bind.ForOfMethod(w.rt, obj, iter, func(p goja.Value) bool {
			items := []string{}
			bind.Sequence(w.rt, p, func(x goja.Value) { items = append(items, bind.ByteString(x)) })
			lists = append(lists, items)
			return true
		})
		return lists
	}
	for _, e := range r.RecordEntries(obj) {
		lists = append(lists, []string{bind.ByteString(r.String(e.Key)), bind.ByteString(e.Value)})
	}
	return lists
}

// headerPairs gives the pairs of a converted HeadersInit: a list that is
// no pair is a TypeError.
// https://fetch.spec.whatwg.org/#concept-headers-fill
func headerPairs(lists [][]string) [][2]string {
	pairs := make([][2]string, 0, len(lists))
	for _, l := range lists {
		if len(l) != 2 {
			panic(bind.TypeError("Invalid value"))
		}
		pairs = append(pairs, [2]string{l[0], l[1]})
	}
	return pairs
}

// headersIface declares Headers.
// https://fetch.spec.whatwg.org/#headers-class
var headersIface = &bind.Interface{
	Name: "Headers",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		h := xhr.NewHeaders(xhr.GuardNone)
		if v := bind.Arg(args, 0); !bind.Absent(v) {
			if err := h.Fill(headerPairs(netHeadersInit(netOf(r), v))); err != nil {
				throwNet(r, err)
			}
		}
		return h
	},
	Methods: []bind.Method{
		{Name: "append", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if err := headersOf(this).Append(bind.ByteString(args[0]), bind.ByteString(args[1])); err != nil {
				throwNet(r, err)
			}
			return nil
		}},
		{Name: "delete", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if err := headersOf(this).Delete(bind.ByteString(args[0])); err != nil {
				throwNet(r, err)
			}
			return nil
		}},
		{Name: "get", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			v, ok, err := headersOf(this).Get(bind.ByteString(args[0]))
			if err != nil {
				throwNet(r, err)
			}
			if !ok {
				return goja.Null()
			}
			return bind.ByteStringValue(r.Runtime, v)
		}},
		{Name: "getSetCookie", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			var out []any
			for _, c := range headersOf(this).GetSetCookie() {
				out = append(out, bind.ByteStringValue(r.Runtime, c))
			}
			return r.Runtime.NewArray(out...)
		}},
		{Name: "has", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			ok, err := headersOf(this).Has(bind.ByteString(args[0]))
			if err != nil {
				throwNet(r, err)
			}
			return r.Bool(ok)
		}},
		{Name: "set", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if err := headersOf(this).Set(bind.ByteString(args[0]), bind.ByteString(args[1])); err != nil {
				throwNet(r, err)
			}
			return nil
		}},
	},
	PairIterable: &bind.PairIterable{
		Len: func(r *bind.Realm, this any) int { return len(headersOf(this).Entries()) },
		At: func(r *bind.Realm, this any, i int) (goja.Value, goja.Value) {
			e := headersOf(this).Entries()[i]
			return r.String(e[0]), bind.ByteStringValue(r.Runtime, e[1])
		},
	},
}

// netSerialize writes the HTML serialization of n.
func netSerialize(b *strings.Builder, n *dom.Node) error {
	return dom.WriteHTML(b, n, dom.SerializeOptions{})
}

// appendFormEntries fills fd with form's entry list, as new
// FormData(form, submitter) does; constructing a form's entry list again
// from a formdata listener throws InvalidStateError.
// https://xhr.spec.whatwg.org/#dom-formdata
func (w *Window) appendFormEntries(form, submitter *dom.Node, fd *xhr.FormData) {
	list, ok := w.constructEntryList(form, submitter, "UTF-8")
	if !ok {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to construct 'FormData': The form is already constructing its entry list.")
	}
	for _, e := range list.Entries() {
		if e.File != nil {
			fd.AppendBlob(e.Name, nil, e.File, "")
			continue
		}
		fd.Append(e.Name, e.Value)
	}
}

// constructEntryList builds form's entry list (formEntries; a _charset_
// hidden input reads charset, the name of the encoding it is built for),
// fires a formdata event carrying a FormData of it at the form, and returns
// the list as the listeners left it; ok is false when the form is already
// constructing its entry list.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
func (w *Window) constructEntryList(form, submitter *dom.Node, charset string) (list *xhr.FormData, ok bool) {
	if w.constructingEntries[form] {
		return nil, false
	}
	list = xhr.NewFormData()
	for _, e := range w.formEntries(form, submitter, charset) {
		if e.blob != nil {
			list.AppendBlob(e.name, nil, e.blob, "")
			continue
		}
		if e.file {
			list.AppendBlob(e.name, nil, xhr.NewFile(nil, "", "application/octet-stream", w.loop.Now().UnixMilli()), "")
			continue
		}
		list.Append(e.name, e.value)
	}
	if w.constructingEntries == nil {
		w.constructingEntries = make(map[*dom.Node]bool)
	}
	w.constructingEntries[form] = true
	defer delete(w.constructingEntries, form)
	w.fireFormData(form, list)
	return list, true
}

// fileReader is the implementation behind a FileReader: each read
// completes in a task queued on the loop, with loadstart, progress, load
// and loadend events.
// https://w3c.github.io/FileAPI/#APIASynch
type fileReader struct {
	state  int // EMPTY, LOADING, DONE
	result goja.Value
	gen    int // bumped by abort and by a new read
}

func (w *netEnv) fileReaderEvent(fr *fileReader, typ string, loaded, total int) {
	ev := dom.NewEvent(typ, false, false)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "ProgressEvent", lengthComp: true, loaded: float64(loaded), total: float64(total), detail: goja.Null(), view: goja.Null()}
	w.dispatch(fr, ev)
}

// fileRead starts a read of the blob in args[0]; convert turns its bytes
// into the result. The whole blob is one chunk: loadstart, then progress
// while LOADING, then DONE with load and loadend, each in its own task as
// the standard queues them. convert runs at once (the arguments are the
// engine's, only valid during the call): the blob's bytes never change.
// https://w3c.github.io/FileAPI/#readOperation
func fileRead(r *bind.Realm, this any, args []goja.Value, method string, convert func(w *netEnv, b *xhr.Blob, args []goja.Value) goja.Value) goja.Value {
	w, fr := netOf(r), this.(*fileReader)
	impl, _, ok := r.Unwrap(bind.Arg(args, 0))
	var b *xhr.Blob
	if ok {
		b = blobOf(impl)
	}
	if b == nil {
		r.ThrowTypeError("Failed to execute '%s' on 'FileReader': parameter 1 is not of type 'Blob'.", method)
	}
	if fr.state == 1 {
		r.ThrowDOMException("InvalidStateError", "Failed to execute '"+method+"' on 'FileReader': The object is already busy reading Blobs.")
	}
	fr.state, fr.result = 1, goja.Null()
	fr.gen++
	gen, n := fr.gen, int(b.Size())
	result := convert(w, b, args)
	w.loop.QueueTask(func() {
		if fr.gen != gen {
			return
		}
		w.fileReaderEvent(fr, "loadstart", 0, n)
		w.loop.QueueTask(func() {
			if fr.gen != gen {
				return
			}
			w.fileReaderEvent(fr, "progress", n, n)
			w.loop.QueueTask(func() {
				if fr.gen != gen {
					return
				}
				fr.state, fr.result = 2, result
				w.fileReaderEvent(fr, "load", n, n)
				if fr.state != 1 {
					w.fileReaderEvent(fr, "loadend", n, n)
				}
			})
		})
	})
	return nil
}

// fileReaderIface declares FileReader.
var fileReaderIface = &bind.Interface{
	Name:        "FileReader",
	Parent:      "EventTarget",
	Constructor: func(*bind.Realm, []goja.Value, *goja.Object) any { return &fileReader{result: goja.Null()} },
	Constants:   []bind.Constant{{Name: "EMPTY", Value: 0}, {Name: "LOADING", Value: 1}, {Name: "DONE", Value: 2}},
	Attributes: append([]bind.Attribute{
		{Name: "readyState", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*fileReader).state) }},
		{Name: "result", Get: func(r *bind.Realm, this any) goja.Value { return this.(*fileReader).result }},
		{Name: "error", Get: func(r *bind.Realm, this any) goja.Value { return goja.Null() }},
	}, handlerAttrs([]string{"loadstart", "progress", "load", "abort", "error", "loadend"})...),
	Methods: []bind.Method{
		{Name: "readAsArrayBuffer", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return fileRead(r, this, args, "readAsArrayBuffer", func(w *netEnv, b *xhr.Blob, _ []goja.Value) goja.Value { return w.netArrayBuffer(b.Bytes()) })
		}},
		{Name: "readAsText", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return fileRead(r, this, args, "readAsText", func(w *netEnv, b *xhr.Blob, args []goja.Value) goja.Value {
				label := ""
				if v := bind.Arg(args, 1); !bind.Absent(v) {
					label = v.String()
				}
				return w.str(xhr.DecodeText(b.Bytes(), label))
			})
		}},
		{Name: "readAsDataURL", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return fileRead(r, this, args, "readAsDataURL", func(w *netEnv, b *xhr.Blob, _ []goja.Value) goja.Value {
				return w.str(dataURL(b))
			})
		}},
		{Name: "readAsBinaryString", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return fileRead(r, this, args, "readAsBinaryString", func(w *netEnv, b *xhr.Blob, _ []goja.Value) goja.Value {
				return w.str(binaryString(b.Bytes()))
			})
		}},
		{Name: "abort", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			// https://w3c.github.io/FileAPI/#dfn-abort
			w, fr := netOf(r), this.(*fileReader)
			if fr.state != 1 {
				return nil
			}
			fr.state, fr.result = 2, goja.Null()
			fr.gen++
			w.fileReaderEvent(fr, "abort", 0, 0)
			if fr.state != 1 {
				w.fileReaderEvent(fr, "loadend", 0, 0)
			}
			return nil
		}},
	},
}

// fileReaderSyncIface declares FileReaderSync, the workers' synchronous
// reads of a Blob.
// https://w3c.github.io/FileAPI/#FileReaderSync
var fileReaderSyncIface = &bind.Interface{
	Name:        "FileReaderSync",
	Constructor: func(*bind.Realm, []goja.Value, *goja.Object) any { return &fileReaderSync{} },
	Methods: []bind.Method{
		{Name: "readAsArrayBuffer", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			return netOf(r).netArrayBuffer(syncBlob(r, args, "readAsArrayBuffer").Bytes())
		}},
		{Name: "readAsBinaryString", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			return netOf(r).str(binaryString(syncBlob(r, args, "readAsBinaryString").Bytes()))
		}},
		{Name: "readAsText", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			b := syncBlob(r, args, "readAsText")
			label := ""
			if v := bind.Arg(args, 1); !bind.Absent(v) {
				label = v.String()
			}
			return netOf(r).str(xhr.DecodeText(b.Bytes(), label))
		}},
		{Name: "readAsDataURL", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			return netOf(r).str(dataURL(syncBlob(r, args, "readAsDataURL")))
		}},
	},
}

// fileReaderSync is the implementation behind a FileReaderSync: it has
// no state (a field so that each is a distinct pointer).
type fileReaderSync struct{ _ byte }

// syncBlob is FileReaderSync's blob argument.
func syncBlob(r *bind.Realm, args []goja.Value, method string) *xhr.Blob {
	if impl, _, ok := r.Unwrap(bind.Arg(args, 0)); ok {
		if b := blobOf(impl); b != nil {
			return b
		}
	}
	r.ThrowTypeError("Failed to execute '%s' on 'FileReaderSync': parameter 1 is not of type 'Blob'.", method)
	return nil
}

// dataURL is readAsDataURL's result for b.
// https://w3c.github.io/FileAPI/#readAsDataURL
func dataURL(b *xhr.Blob) string {
	typ := b.Type()
	if typ == "" {
		typ = "application/octet-stream"
	}
	return "data:" + typ + ";base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

// binaryString is readAsBinaryString's result: each byte a code unit.
func binaryString(data []byte) string {
	var sb strings.Builder
	for _, c := range data {
		sb.WriteRune(rune(c))
	}
	return sb.String()
}

// blobURLStore is a page's blob URL store: the URLs URL.createObjectURL
// made and the blobs they stand for, until revokeObjectURL. The network
// client resolves blob: requests from it, from its own goroutines.
// https://w3c.github.io/FileAPI/#BlobURLStore
type blobURLStore struct {
	mu sync.Mutex
	m  map[string]*xhr.Blob
}

func (s *blobURLStore) resolve(raw string) (*xhr.Blob, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.m[raw]
	return b, ok
}

// installBlobURLs gives URL its createObjectURL and revokeObjectURL over a
// store of the page's, which c answers blob: requests from.
func installBlobURLs(w *netEnv) error {
	ctor, ok := w.global.Get("URL").(*goja.Object)
	if !ok {
		return nil
	}
	if w.blobs == nil {
		w.blobs = &blobURLStore{m: map[string]*xhr.Blob{}}
		w.client.SetBlobResolver(w.blobs.resolve)
	}
	store := w.blobs
	// The page's origin: a worker's is its page's (its script is same
	// origin, or a blob: or data: URL of the page).
	origin := func() string {
		u := w.client.DocumentURL()
		if w.win != nil {
			u = w.win.doc.URL()
		}
		if u != nil {
			if wu, err := webapi.ParseURL(u.String(), nil); err == nil {
				return wu.Origin()
			}
		}
		return "null"
	}
	// https://w3c.github.io/FileAPI/#dfn-createObjectURL
	create := w.realm.NewFunction("createObjectURL", 1, func(call goja.FunctionCall) goja.Value {
		var b *xhr.Blob
		if impl, _, ok := w.realm.Unwrap(call.Argument(0)); ok {
			b = blobOf(impl)
		}
		if b == nil {
			w.realm.ThrowTypeError("Failed to execute 'createObjectURL' on 'URL': Overload resolution failed.")
		}
		var id [16]byte
		rnd := w.loop.Rand()
		binary.LittleEndian.PutUint64(id[:8], rnd.Uint64())
		binary.LittleEndian.PutUint64(id[8:], rnd.Uint64())
		id[6] = id[6]&0x0f | 0x40 // a version 4 UUID
		id[8] = id[8]&0x3f | 0x80
		h := hex.EncodeToString(id[:])
		u := "blob:" + origin() + "/" + h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		store.mu.Lock()
		store.m[u] = b
		store.mu.Unlock()
		return w.str(u)
	})
	// https://w3c.github.io/FileAPI/#dfn-revokeObjectURL
	revoke := w.realm.NewFunction("revokeObjectURL", 1, func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) == 0 {
			w.realm.ThrowTypeError("Failed to execute 'revokeObjectURL' on 'URL': 1 argument required, but only 0 present.")
		}
		u, err := webapi.ParseURLString(call.Arguments[0].String(), "")
		if err != nil || u.Scheme != "blob" {
			return goja.Undefined()
		}
		u.SetHash("")
		store.mu.Lock()
		delete(store.m, u.String())
		store.mu.Unlock()
		return goja.Undefined()
	})
	if err := ctor.Set("createObjectURL", create); err != nil {
		return err
	}
	return ctor.Set("revokeObjectURL", revoke)
}
