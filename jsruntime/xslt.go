package jsruntime

import (
	"net/url"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xslt"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// XSLTProcessor (https://html.spec.whatwg.org/multipage/infrastructure.html#dom-xsltprocessor,
// whatwg/dom#1238) over package dom/xslt, as Chromium 156 has it: the
// stylesheet node is kept and compiled when a transformation runs; a
// stylesheet that does not compile or a transformation that fails gives
// null and a console message; parameters are strings keyed by local
// name (the namespace is ignored).
type xsltProcessor struct {
	style  *dom.Node
	params map[string]string
	// The compiled stylesheet and the document version it was compiled
	// at, reused while the stylesheet's document is unchanged.
	compiled *xslt.Stylesheet
	version  uint64
	styleOf  *dom.Node
}

func (p *xsltProcessor) stylesheet(w *Window) (*xslt.Stylesheet, error) {
	if p.style == nil {
		return nil, xslt.ErrNotStylesheet
	}
	v := p.style.Document().Version()
	if p.compiled != nil && p.styleOf == p.style && p.version == v {
		return p.compiled, nil
	}
	ss, err := w.compileXSLT(p.style)
	if err != nil {
		return nil, err
	}
	p.compiled, p.styleOf, p.version = ss, p.style, v
	return ss, nil
}

// transform runs the stylesheet on source; nil when there is none or it
// fails (the failure goes to the console).
func (w *Window) xsltTransform(p *xsltProcessor, source *dom.Node) *xslt.Result {
	ss, err := p.stylesheet(w)
	if err != nil {
		if p.style != nil {
			w.console("error", "XSLTProcessor: "+err.Error())
		}
		return nil
	}
	r, err := ss.Apply(source, xslt.Options{Params: p.params, Message: func(s string) { w.console("log", s) }})
	if err != nil {
		w.console("error", "XSLTProcessor: "+err.Error())
		return nil
	}
	return r
}

// transformFrame is a frame's XML document transformed by its
// xml-stylesheet instruction as the page's own is (the root package's
// xslt.go), or an empty document when the stylesheet cannot be applied
// (frameFetched adds the banner to a result). The loads block the loop,
// as Chromium's do.
func (w *Window) transformFrame(text string, u *url.URL, pi xslt.PagePI, mime string) *dom.Document {
	var r *xslt.Result
	err := xslt.ErrPageStylesheet
	if w.cfg.XSLT != nil {
		ctx, cancel := w.loop.BlockingContext(w.ctx)
		r, err = xslt.TransformPage(ctx, text, u, pi, w.cfg.XSLT, func(s string) { w.console("log", s) })
		cancel()
	}
	if err != nil {
		w.log.Debug("jsruntime: a frame's XSLT stylesheet was not applied", "url", u.String(), "err", err)
		d := dom.NewXMLDocument()
		d.SetContentType(mime)
		w.realm.WrapObject(&d.Node, w.realm.Class("XMLDocument"))
		return d
	}
	d := r.Document()
	d.SetCharacterSet("UTF-8")
	if d.IsXML() {
		w.realm.WrapObject(&d.Node, w.realm.Class("XMLDocument"))
	}
	return d
}

// compileXSLT compiles an XSLTProcessor's stylesheet, loading its imports
// and includes with the page's loader (same-origin, synchronously,
// resolved against the stylesheet document's URL, the page's for a
// DOMParser document, as in Chromium 156).
func (w *Window) compileXSLT(style *dom.Node) (*xslt.Stylesheet, error) {
	opts := xslt.CompileOptions{Load: w.cfg.XSLT, Base: w.nav.url}
	if opts.Load != nil {
		ctx, cancel := w.loop.BlockingContext(w.ctx)
		defer cancel()
		opts.Context = ctx
	}
	return xslt.CompileWith(style, opts)
}

func xsltThis(r *bind.Realm, this any) *xsltProcessor {
	p, ok := this.(*xsltProcessor)
	if !ok {
		r.ThrowTypeError("Illegal invocation")
	}
	return p
}

// xsltParamName is the local name argument (the namespace, argument 0,
// is converted and ignored).
func xsltParamName(args []goja.Value) string {
	_ = bind.DOMString(bind.Arg(args, 0))
	return bind.DOMString(bind.Arg(args, 1))
}

var xsltProcessorIface = &bind.Interface{
	Name:        "XSLTProcessor",
	Constructor: func(*bind.Realm, []goja.Value, *goja.Object) any { return &xsltProcessor{} },
	Methods: []bind.Method{
		{Name: "clearParameters", Length: 0, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			xsltThis(r, this).params = nil
			return goja.Undefined()
		}},
		{Name: "getParameter", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := xsltThis(r, this)
			if v, ok := p.params[xsltParamName(args)]; ok {
				return win(r).str(v)
			}
			return goja.Null()
		}},
		{Name: "importStylesheet", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := xsltThis(r, this)
			p.style = win(r).nodeArg(args, 0, "importStylesheet", "XSLTProcessor")
			return goja.Undefined()
		}},
		{Name: "removeParameter", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			delete(xsltThis(r, this).params, xsltParamName(args))
			return goja.Undefined()
		}},
		{Name: "reset", Length: 0, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			p := xsltThis(r, this)
			*p = xsltProcessor{}
			return goja.Undefined()
		}},
		{Name: "setParameter", Length: 3, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := xsltThis(r, this)
			name := xsltParamName(args)
			v := bind.DOMString(bind.Arg(args, 2))
			if p.params == nil {
				p.params = map[string]string{}
			}
			p.params[name] = v
			return goja.Undefined()
		}},
		{Name: "transformToDocument", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := xsltThis(r, this)
			w := win(r)
			src := w.nodeArg(args, 0, "transformToDocument", "XSLTProcessor")
			res := w.xsltTransform(p, src)
			if res == nil {
				return goja.Null()
			}
			d := res.Document()
			d.Scripting = false
			if u := src.Document().URL(); u != nil {
				d.SetURL(u)
			} else {
				d.SetURL(w.nav.url)
			}
			if d.IsXML() {
				w.watchDocument(d)
				return w.realm.WrapObject(&d.Node, w.realm.Class("XMLDocument"))
			}
			return w.wrap(&d.Node)
		}},
		{Name: "transformToFragment", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := xsltThis(r, this)
			w := win(r)
			src := w.nodeArg(args, 0, "transformToFragment", "XSLTProcessor")
			out := w.toNode(bind.Arg(args, 1))
			if out == nil || out.Kind() != dom.DocumentNode {
				r.ThrowTypeError("Failed to execute 'transformToFragment' on 'XSLTProcessor': parameter 2 is not of type 'Document'.")
			}
			res := w.xsltTransform(p, src)
			if res == nil {
				return goja.Null()
			}
			f, err := res.Fragment(out.AsDocument())
			if err != nil {
				w.console("error", "XSLTProcessor: "+err.Error())
				return goja.Null()
			}
			return w.wrap(f)
		}},
	},
}

// AddXSLTBanner has the window insert, when its parser first stops (at a
// script it must wait for, or at the end of the document), the
// <xslt-warning-banner> Chromium 156 puts in a document an
// xml-stylesheet instruction transformed as it loaded: first in the body,
// or in the document element when there is no body yet, with an open
// shadow root holding the deprecation message, and shown as a manual
// popover. In Chromium the parser of such a document (its source given
// whole) often reaches the end, firing DOMContentLoaded and load, before
// the banner goes in; here it goes in before those events.
func (w *Window) AddXSLTBanner() { w.scripts.onYield = func() { w.insertXSLTBanner(w.doc) } }

const (
	xsltBannerStyle = "background-color: #d9534f; color: white; padding: 12px 44px; font-size: 16px; font-weight: bold; text-align: center; font-family: sans-serif; line-height: normal; bottom: auto; width: auto; border: none;"
	xsltBannerLink  = ` target="_blank" rel="noopener noreferrer" style="color: white; text-decoration: underline;"`
	// The banner's shadow tree, as Chromium 156 builds it (en-US).
	xsltBannerShadow = `This site uses XSLT; that functionality is being <a href="https://chromestatus.com/feature/4709671889534976"` + xsltBannerLink + `>removed from this browser very soon</a>. When that happens, this page will likely no longer display correctly. You might be able to <a href="https://chromewebstore.google.com/search/XSLT%20Polyfill"` + xsltBannerLink + `>install a browser extension</a> that allows you to continue viewing it. Otherwise, you should contact the maintainer of the site for further information.` +
		`<label style="display: block; margin-top: 8px; font-size: 14px; font-weight: normal; cursor: pointer;"><input type="checkbox" style="vertical-align: middle; margin-right: 6px;"/>Never show this warning</label>` +
		`<button type="button" style="position: absolute; top: 6px; right: 8px; background: transparent; border: none; color: inherit; font: inherit; font-size: 20px; line-height: 1; padding: 4px 8px; cursor: pointer;" aria-label="Close" title="Close" onclick="this.getRootNode().host.remove();">×</button>`
)

func (w *Window) insertXSLTBanner(d *dom.Document) {
	target := d.Body()
	if target == nil {
		target = d.DocumentElement()
	}
	if target == nil {
		return
	}
	banner, err := d.CreateElementNS(dom.HTMLNamespace, "xslt-warning-banner")
	if err != nil {
		return
	}
	_ = banner.SetAttribute("style", xsltBannerStyle)
	_ = banner.SetAttribute("popover", "manual")
	root, err := banner.AttachShadow(dom.ShadowRootInit{Mode: "open", Clonable: true})
	if err != nil {
		return
	}
	if f, err := banner.ParseFragment(xsltBannerShadow); err == nil {
		_, _ = root.AppendChild(f)
	}
	if _, err := target.InsertBefore(banner, target.First()); err != nil {
		return
	}
	w.showPopover(banner, false, nil)
}
