package webapi

import (
	"net"
	"strconv"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/publicsuffix"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The Origin interface: an origin as a value scripts can compare without
// string matching (Origin.from, isSameOrigin, isSameSite, opaque).
// https://html.spec.whatwg.org/multipage/browsers.html#the-origin-interface

// An Origin is a tuple origin (scheme, host, port) or an opaque one. An
// opaque origin is equal only to itself: its id is compared by identity
// (a fresh pointer for each new opaque origin, or the window whose origin
// it is, so that every Origin.from of that window is the same origin).
// https://html.spec.whatwg.org/multipage/browsers.html#concept-origin
type Origin struct {
	Scheme, Host string
	Port         int // -1: the scheme's default
	id           any // non-nil: opaque
}

// NewOpaqueOrigin returns an opaque origin equal to no other made before
// or after it, unless key is not nil: then every opaque origin made with
// the same key is the same origin (a window's, with the window as key).
func NewOpaqueOrigin(key any) Origin {
	if key == nil {
		key = new(int)
	}
	return Origin{id: key}
}

// Opaque reports whether o is an opaque origin.
func (o Origin) Opaque() bool { return o.id != nil }

// OriginOfURL returns u's origin: a tuple for the schemes with one (and
// file:, which Chromium gives its host as a tuple origin), the inner URL's
// for a blob: URL of such a URL, and a new opaque origin otherwise.
// https://url.spec.whatwg.org/#concept-url-origin
func OriginOfURL(u *URL) Origin {
	switch u.Scheme {
	case "http", "https", "ws", "wss", "ftp", "file":
		return Origin{Scheme: u.Scheme, Host: u.Host, Port: u.Port}
	case "blob":
		if inner, err := ParseURL(u.Pathname(), nil); err == nil && (inner.Scheme == "http" || inner.Scheme == "https" || inner.Scheme == "file") {
			return OriginOfURL(inner)
		}
	}
	return NewOpaqueOrigin(nil)
}

// OriginFromSerialized returns the origin that serializes as s ("null"
// gives the opaque origin of key; see NewOpaqueOrigin).
func OriginFromSerialized(s string, key any) Origin {
	if s == "null" || s == "" {
		return NewOpaqueOrigin(key)
	}
	u, err := ParseURL(s, nil)
	if err != nil {
		return NewOpaqueOrigin(key)
	}
	return OriginOfURL(u)
}

// SameOrigin reports whether o and p are the same origin.
// https://html.spec.whatwg.org/multipage/browsers.html#same-origin
func (o Origin) SameOrigin(p Origin) bool {
	if o.id != nil || p.id != nil {
		return o.id == p.id
	}
	return o.Scheme == p.Scheme && o.Host == p.Host && o.Port == p.Port
}

// SameSite reports whether o and p are (schemefully) same site: the same
// opaque origin, or the same scheme and the same registrable
// domain (the host itself for an IP address, a host that is a public
// suffix, or one the public suffix list cannot split).
// https://html.spec.whatwg.org/multipage/browsers.html#same-site
func (o Origin) SameSite(p Origin) bool {
	if o.id != nil || p.id != nil {
		return o.id == p.id
	}
	return o.Scheme == p.Scheme && siteHost(o.Host) == siteHost(p.Host)
}

// siteHost is host's registrable domain, or host when it has none.
// https://url.spec.whatwg.org/#host-registrable-domain
func siteHost(host string) string {
	if host == "" || strings.HasPrefix(host, "[") || net.ParseIP(host) != nil {
		return host
	}
	if d, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return d
	}
	return host
}

// String serializes o ("null" for an opaque origin).
// https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
func (o Origin) String() string {
	if o.id != nil {
		return "null"
	}
	s := o.Scheme + "://" + o.Host
	if o.Port >= 0 {
		s += ":" + strconv.Itoa(o.Port)
	}
	return s
}

// An OriginHost extracts the origin of the platform objects of a realm
// that this package does not know (its windows, its a and area
// elements), for Origin.from. package jsruntime's windows are OriginHosts
// (bind.Realm.Host).
type OriginHost interface {
	// PlatformOrigin returns v's origin; ok is false when v is none of
	// the host's objects that have one, or one whose origin the realm may
	// not read (a cross-origin window).
	PlatformOrigin(v *goja.Object) (o Origin, ok bool)
}

// originObject is the implementation behind a JavaScript Origin.
type originObject struct{ o Origin }

const originNoneMsg = "Failed to execute 'from' on 'Origin': An origin cannot be extracted from the given parameter."

// extractOrigin runs Origin.from's steps on v.
// https://html.spec.whatwg.org/multipage/browsers.html#dom-origin-from
func extractOrigin(r *bind.Realm, v goja.Value) Origin {
	if s, ok := v.(goja.String); ok {
		u, err := ParseURL(s.String(), nil)
		if err != nil {
			r.ThrowTypeError("Failed to execute 'from' on 'Origin': The string provided cannot be parsed as a serialized URL.")
		}
		return OriginOfURL(u)
	}
	obj, ok := v.(*goja.Object)
	if !ok {
		r.ThrowTypeError(originNoneMsg)
	}
	if impl, _, ok := r.Unwrap(obj); ok {
		switch x := impl.(type) {
		case *originObject:
			return x.o
		case *urlObject:
			return OriginOfURL(x.url)
		}
	}
	if oh, ok := r.Host.(OriginHost); ok {
		if o, ok := oh.PlatformOrigin(obj); ok {
			return o
		}
	} else if obj == r.Runtime.GlobalObject() {
		// A realm without an OriginHost (a worker's): its global scope.
		if eh := eventHost(r); eh != nil {
			return OriginFromSerialized(eh.Origin(), obj)
		}
	}
	r.ThrowTypeError(originNoneMsg)
	return Origin{}
}

func originArg(r *bind.Realm, method string, v goja.Value) Origin {
	if cls := r.Class("Origin"); cls != nil {
		if impl, ok := r.UnwrapAs(v, cls); ok {
			return impl.(*originObject).o
		}
	}
	r.ThrowTypeError("Failed to execute '%s' on 'Origin': parameter 1 is not of type 'Origin'.", method)
	return Origin{}
}

// originInterface https://html.spec.whatwg.org/multipage/browsers.html#the-origin-interface
var originInterface = &bind.Interface{
	Name: "Origin",
	// new Origin() is a new opaque origin.
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		return &originObject{NewOpaqueOrigin(nil)}
	},
	Attributes: []bind.Attribute{
		{Name: "opaque", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*originObject).o.Opaque()) }},
	},
	Methods: []bind.Method{
		{Name: "isSameOrigin", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return r.Bool(this.(*originObject).o.SameOrigin(originArg(r, "isSameOrigin", args[0])))
		}},
		{Name: "isSameSite", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return r.Bool(this.(*originObject).o.SameSite(originArg(r, "isSameSite", args[0])))
		}},
	},
	StaticMethods: []bind.Method{
		{Name: "from", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			return r.Wrap(&originObject{extractOrigin(r, args[0])}, r.Class("Origin"))
		}},
	},
}

// InstallOrigin installs the Origin interface on target.
func InstallOrigin(realm *bind.Realm, target *goja.Object) error {
	return realm.Install(target, originInterface)
}
