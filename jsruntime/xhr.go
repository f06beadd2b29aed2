package jsruntime

import (
	"slices"
	"strings"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// NetworkExtension returns a Config.Extensions entry that installs
// XMLHttpRequest, fetch, Request, Response, Headers, FormData, Blob, File,
// FileReader, AbortController and AbortSignal, with every request made through c (its
// transport, policy, cookie jar and request record). It gives URL (when
// the global has it: put NetworkExtension after webapi.Install) the
// createObjectURL and revokeObjectURL of a blob URL store that c answers
// blob: requests from.
func NetworkExtension(c *xhr.Client) func(w *Window) error {
	return func(w *Window) error {
		w.frames.net = c // frame documents are fetched with it
		if c.DocumentURL() == nil && w.doc.URL() != nil {
			c.SetDocumentURL(w.doc.URL())
		}
		w.net = newWindowNet(w, c)
		if err := installNetwork(w.net, false); err != nil {
			return err
		}
		if err := w.installObservable(); err != nil {
			return err
		}
		// TaskController and TaskSignal extend AbortController and
		// AbortSignal.
		return installScheduler(w.net)
	}
}

// installNetwork installs the network interfaces and fetch on e's global:
// a window's, or a worker's (inWorker: no FormDataEvent, an
// XMLHttpRequest without responseXML, and FileReaderSync).
func installNetwork(e *netEnv, inWorker bool) error {
	xhrIface := *xmlHTTPRequestIface
	xhrIface.Constructor = func(r *bind.Realm, _ []goja.Value, _ *goja.Object) any {
		return newNetXHR(netOf(r))
	}
	ifaces := []*bind.Interface{abortSignalIface, abortControllerIface, headersIface, blobIface, fileIface,
		fileReaderIface, formDataIface, formDataEventIface, requestIface, responseIface, xhrEventTargetIface, xhrUploadIface, &xhrIface}
	if inWorker {
		// responseXML and documents are the window's only.
		// https://xhr.spec.whatwg.org/#interface-xmlhttprequest ([Exposed=Window] responseXML)
		xhrIface.Attributes = slices.DeleteFunc(slices.Clone(xhrIface.Attributes), func(a bind.Attribute) bool { return a.Name == "responseXML" })
		ifaces = slices.DeleteFunc(ifaces, func(i *bind.Interface) bool { return i == formDataEventIface })
		ifaces = append(ifaces, fileReaderSyncIface)
	}
	if err := e.realm.Install(e.global, ifaces...); err != nil {
		return err
	}
	if err := installBlobURLs(e); err != nil {
		return err
	}
	if err := installCaches(e); err != nil {
		return err
	}
	if err := e.global.DefineDataProperty("fetch", netFetch(e), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
		return err
	}
	// fetchLater is [SecureContext] and the window's only.
	if inWorker || e.win == nil || !isSecureURL(e.win.nav.url) {
		return nil
	}
	if err := e.realm.Install(e.global, fetchLaterResultIface); err != nil {
		return err
	}
	return e.global.DefineDataProperty("fetchLater", netFetchLater(e), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// netXHR is the implementation behind an XMLHttpRequest.
// https://xhr.spec.whatwg.org/#interface-xmlhttprequest
type netXHR struct {
	x      *xhr.XHR
	upload *netXHRUpload
	// response caches the response attribute for the non-text types, so
	// that it is the same object at every read.
	response goja.Value
	// timing is the resource timing entry of the request being sent.
	timing *resourceFetch
}

// netXHRUpload is the upload object: the XHR fires its events through
// OnEvent (xhr.Event.Upload). It has a field so that each XHR's upload is
// a distinct pointer (its event target is looked up by it).
type netXHRUpload struct{ _ byte }

func newNetXHR(w *netEnv) *netXHR {
	nx := &netXHR{x: xhr.NewXHR(w.ctx, w.loop, w.client), upload: &netXHRUpload{}}
	nx.x.Connect = w.connectXHR
	nx.x.OnTiming = func(t xhr.Timing) {
		nx.timing.end(&t, 0, nil)
		nx.timing = nil
	}
	nx.x.OnEvent = func(e xhr.Event) {
		ev := dom.NewEvent(e.Type, false, false)
		ev.IsTrusted = true
		if e.Type != "readystatechange" {
			ev.Detail = &eventData{kind: "ProgressEvent", lengthComp: e.LengthComputable,
				loaded: float64(e.Loaded), total: float64(e.Total), detail: goja.Null(), view: goja.Null()}
		}
		if e.Upload {
			w.dispatch(nx.upload, ev)
			return
		}
		w.dispatch(nx, ev)
	}
	// The upload listener flag: listeners (or handlers) on the upload
	// object when send() is called.
	nx.x.UploadListeners = func() bool {
		return w.hasListeners(nx.upload, "loadstart", "progress", "abort", "error", "load", "timeout", "loadend")
	}
	return nx
}

func xhrOf(this any) *netXHR { return this.(*netXHR) }

func xhrCheck(r *bind.Realm, err error) {
	if err != nil {
		throwNet(r, err)
	}
}

// response returns the response attribute.
// https://xhr.spec.whatwg.org/#the-response-attribute
func (nx *netXHR) responseValue(w *netEnv) goja.Value {
	x := nx.x
	switch t := x.ResponseType(); t {
	case "", "text":
		s, err := x.ResponseText()
		xhrCheck(w.realm, err)
		return w.str(s)
	default:
		if x.ReadyState() != xhr.Done || !x.HasResponse() {
			return goja.Null()
		}
		if nx.response != nil {
			return nx.response
		}
		data := x.ResponseBytes()
		switch t {
		case "arraybuffer":
			nx.response = w.netArrayBuffer(data)
		case "blob":
			nx.response = w.realm.WrapObject(xhr.NewBlob([][]byte{data}, x.MIMEType()), w.realm.Class("Blob"))
		case "json":
			parse := netJSON(w, "parse")
			v, err := parse(goja.Undefined(), w.str(xhr.DecodeUTF8(data)))
			if err != nil {
				v = goja.Null()
			}
			nx.response = v
		case "document":
			nx.response = nx.document(w)
		default:
			return goja.Null()
		}
		return nx.response
	}
}

// document parses the response as a document: HTML, or XML (null when it
// is not well-formed), whose content type is the response's MIME type.
// https://xhr.spec.whatwg.org/#document-response
func (nx *netXHR) document(w *netEnv) goja.Value {
	x := nx.x
	if w.win == nil {
		return goja.Null() // no documents in a worker
	}
	mime := x.MIMEType()
	isHTML := mime == "text/html"
	isXML := mime == "text/xml" || mime == "application/xml" || strings.HasSuffix(mime, "+xml")
	if !isHTML && !isXML || isHTML && x.ResponseType() == "" {
		// HTML is parsed only for responseType "document" (step 4).
		return goja.Null()
	}
	text := xhr.DecodeText(x.ResponseBytes(), x.Charset())
	var d *dom.Document
	var err error
	if isHTML {
		d, err = dom.Parse(strings.NewReader(text))
	} else {
		d, err = dom.ParseXML(strings.NewReader(text))
		if err == nil {
			d.SetContentType(mime)
		}
	}
	if err != nil || d == nil {
		return goja.Null()
	}
	d.Scripting = false
	if u := w.baseURL(); u != nil {
		if ru, err := u.Parse(x.ResponseURL()); err == nil {
			d.SetURL(ru)
		}
	}
	if isHTML {
		return w.win.wrap(&d.Node)
	}
	return w.realm.WrapObject(&d.Node, w.realm.Class("XMLDocument"))
}

func xhrEventHandlers() []bind.Attribute {
	return handlerAttrs([]string{"loadstart", "progress", "abort", "error", "load", "timeout", "loadend"})
}

// xhrEventTargetIface declares XMLHttpRequestEventTarget.
// https://xhr.spec.whatwg.org/#xmlhttprequesteventtarget
var xhrEventTargetIface = &bind.Interface{
	Name:       "XMLHttpRequestEventTarget",
	Parent:     "EventTarget",
	Attributes: xhrEventHandlers(),
}

// xhrUploadIface declares XMLHttpRequestUpload.
var xhrUploadIface = &bind.Interface{Name: "XMLHttpRequestUpload", Parent: "XMLHttpRequestEventTarget"}

// xmlHTTPRequestIface declares XMLHttpRequest; NetworkExtension gives it
// its constructor.
// https://xhr.spec.whatwg.org/#interface-xmlhttprequest
var xmlHTTPRequestIface = &bind.Interface{
	Name:   "XMLHttpRequest",
	Parent: "XMLHttpRequestEventTarget",
	Constants: []bind.Constant{
		{Name: "UNSENT", Value: 0}, {Name: "OPENED", Value: 1}, {Name: "HEADERS_RECEIVED", Value: 2},
		{Name: "LOADING", Value: 3}, {Name: "DONE", Value: 4},
	},
	Attributes: []bind.Attribute{
		handlerAttr("readystatechange"),
		{Name: "readyState", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(int(xhrOf(this).x.ReadyState())) }},
		{Name: "timeout",
			Get: func(r *bind.Realm, this any) goja.Value {
				return r.Float(float64(xhrOf(this).x.Timeout()) / float64(time.Millisecond))
			},
			Set: func(r *bind.Realm, this any, v goja.Value) {
				ms := bind.UnsignedLong(v)
				xhrCheck(r, xhrOf(this).x.SetTimeout(time.Duration(ms)*time.Millisecond))
			}},
		{Name: "withCredentials",
			Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(xhrOf(this).x.WithCredentials()) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				xhrCheck(r, xhrOf(this).x.SetWithCredentials(bind.Boolean(v)))
			}},
		{Name: "upload", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(xhrOf(this).upload, r.Class("XMLHttpRequestUpload"))
		}},
		{Name: "responseURL", Get: func(r *bind.Realm, this any) goja.Value { return r.String(xhrOf(this).x.ResponseURL()) }},
		{Name: "status", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(xhrOf(this).x.Status()) }},
		{Name: "statusText", Get: func(r *bind.Realm, this any) goja.Value {
			return bind.ByteStringValue(r.Runtime, xhrOf(this).x.StatusText())
		}},
		{Name: "responseType",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(xhrOf(this).x.ResponseType()) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				switch t := bind.DOMString(v); t {
				case "", "text", "json", "arraybuffer", "blob", "document":
					xhrCheck(r, xhrOf(this).x.SetResponseType(t))
				}
				// Other values are ignored, as for any enumeration attribute.
			}},
		{Name: "response", Get: func(r *bind.Realm, this any) goja.Value { return xhrOf(this).responseValue(netOf(r)) }},
		{Name: "responseText", Get: func(r *bind.Realm, this any) goja.Value {
			s, err := xhrOf(this).x.ResponseText()
			xhrCheck(r, err)
			return r.String(s)
		}},
		{Name: "responseXML", Get: func(r *bind.Realm, this any) goja.Value {
			nx := xhrOf(this)
			switch nx.x.ResponseType() {
			case "":
				if nx.x.ReadyState() != xhr.Done || !nx.x.HasResponse() {
					return goja.Null()
				}
				if nx.response == nil {
					nx.response = nx.document(netOf(r))
				}
				return nx.response
			case "document":
				return nx.responseValue(netOf(r))
			}
			r.ThrowDOMException("InvalidStateError", "Failed to read the 'responseXML' property from 'XMLHttpRequest': The value is only accessible if the object's 'responseType' is '' or 'document'.")
			return nil
		}},
	},
	Methods: []bind.Method{
		{Name: "open", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// The arguments in order: method a ByteString, url, username
			// and password USVStrings.
			w, nx := netOf(r), xhrOf(this)
			method := bind.ByteString(args[0])
			rawURL := bind.USVString(args[1])
			async := true
			if len(args) > 2 {
				async = bind.Boolean(args[2])
			}
			var user, pass *string
			if v := bind.Arg(args, 3); !bind.Nullish(v) {
				s := bind.USVString(v)
				user = &s
			}
			if v := bind.Arg(args, 4); !bind.Nullish(v) {
				s := bind.USVString(v)
				pass = &s
			}
			nx.x.BaseURL = w.baseURL()
			nx.response = nil
			u, err := xhrParseURL(w, rawURL)
			if err != nil {
				xhrCheck(r, xhr.CheckOpenMethod(method))
				r.ThrowDOMException("SyntaxError", "Failed to execute 'open' on 'XMLHttpRequest': Invalid URL")
			}
			xhrCheck(r, nx.x.Open(method, u, async, user, pass))
			return nil
		}},
		{Name: "setRequestHeader", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			xhrCheck(r, xhrOf(this).x.SetRequestHeader(bind.ByteString(args[0]), bind.ByteString(args[1])))
			return nil
		}},
		{Name: "send", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, nx := netOf(r), xhrOf(this)
			nx.response = nil
			nx.timing = w.timings().begin(w.loop, "xmlhttprequest", "")
			xhrCheck(r, nx.x.Send(netBodyInit(w, bind.Arg(args, 0))))
			return nil
		}},
		{Name: "abort", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			xhrOf(this).x.Abort()
			return nil
		}},
		{Name: "getResponseHeader", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			v, ok := xhrOf(this).x.GetResponseHeader(bind.ByteString(args[0]))
			if !ok {
				return goja.Null()
			}
			return bind.ByteStringValue(r.Runtime, v)
		}},
		{Name: "getAllResponseHeaders", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return bind.ByteStringValue(r.Runtime, xhrOf(this).x.GetAllResponseHeaders())
		}},
		{Name: "overrideMimeType", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			xhrCheck(r, xhrOf(this).x.OverrideMimeType(bind.DOMString(args[0])))
			return nil
		}},
	},
}
