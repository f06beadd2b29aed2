package webapi

import (
	"strconv"
	"sync/atomic"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// urlObject is the implementation behind a JavaScript URL.
// https://url.spec.whatwg.org/#url-class
type urlObject struct {
	url    *URL
	params *searchParams
}

// searchParams is the implementation behind a URLSearchParams; owner is the
// URL whose query it mirrors, if any.
// https://url.spec.whatwg.org/#interface-urlsearchparams
type searchParams struct {
	list  []QueryPair
	owner *urlObject
}

// update runs the URLSearchParams update steps.
// https://url.spec.whatwg.org/#concept-urlsearchparams-update
func (p *searchParams) update() {
	if p.owner == nil {
		return
	}
	s := SerializeForm(p.list)
	p.owner.url.Query, p.owner.url.HasQuery = s, s != ""
}

func newURLObject(u *URL) *urlObject {
	o := &urlObject{url: u}
	o.params = &searchParams{owner: o}
	if u.HasQuery {
		o.params.list = ParseForm(u.Query)
	}
	return o
}

// InstallURL installs URL and URLSearchParams on target (the global
// object).
func InstallURL(realm *bind.Realm, target *goja.Object) error {
	return realm.Install(target, urlInterface, urlSearchParamsInterface)
}

// parseURLArgs parses (url, base) as the URL constructor does.
func parseURLArgs(args []goja.Value) (*URL, error) {
	var base *URL
	if b := bind.Arg(args, 1); !bind.Absent(b) {
		var err error
		if base, err = ParseURL(bind.USVString(b), nil); err != nil {
			return nil, err
		}
	}
	return ParseURL(bind.USVString(bind.Arg(args, 0)), base)
}

func urlOf(this any) *URL { return this.(*urlObject).url }

func urlStringAttr(name string, get func(*URL) string, set func(*URL, string)) bind.Attribute {
	a := bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return r.String(get(urlOf(this))) }}
	if set != nil {
		a.Set = func(r *bind.Realm, this any, v goja.Value) { set(urlOf(this), bind.USVString(v)) }
	}
	return a
}

// urlInterface declares URL.
// https://url.spec.whatwg.org/#url-class
var urlInterface = &bind.Interface{
	Name:       "URL",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		if len(args) == 0 {
			r.ThrowTypeError("Failed to construct 'URL': 1 argument required, but only 0 present.")
		}
		u, err := parseURLArgs(args)
		if err != nil {
			r.ThrowTypeError("Failed to construct 'URL': Invalid URL")
		}
		return newURLObject(u)
	},
	Attributes: []bind.Attribute{
		{Name: "href",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(urlOf(this).String()) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				o := this.(*urlObject)
				n, err := ParseURL(bind.USVString(v), nil)
				if err != nil {
					r.ThrowTypeError("Failed to set the 'href' property on 'URL': Invalid URL")
				}
				*o.url = *n
				o.params.list = nil
				if n.HasQuery {
					o.params.list = ParseForm(n.Query)
				}
			}},
		urlStringAttr("origin", (*URL).Origin, nil),
		urlStringAttr("protocol", (*URL).Protocol, (*URL).SetProtocol),
		urlStringAttr("username", func(u *URL) string { return u.Username }, (*URL).SetUsername),
		urlStringAttr("password", func(u *URL) string { return u.Password }, (*URL).SetPassword),
		urlStringAttr("host", (*URL).HostPort, (*URL).SetHost),
		urlStringAttr("hostname", (*URL).Hostname, (*URL).SetHostname),
		urlStringAttr("port", (*URL).PortString, (*URL).SetPort),
		urlStringAttr("pathname", (*URL).Pathname, (*URL).SetPathname),
		{Name: "search",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(urlOf(this).Search()) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				o := this.(*urlObject)
				o.url.SetSearch(bind.USVString(v))
				o.params.list = nil
				if o.url.HasQuery {
					o.params.list = ParseForm(o.url.Query)
				}
			}},
		{Name: "searchParams", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(this.(*urlObject).params, r.Class("URLSearchParams"))
		}},
		urlStringAttr("hash", (*URL).Hash, (*URL).SetHash),
	},
	Methods: []bind.Method{
		{Name: "toString", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return r.String(urlOf(this).String()) }},
		{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return r.String(urlOf(this).String()) }},
	},
	StaticMethods: []bind.Method{
		{Name: "canParse", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			_, err := parseURLArgs(args)
			return r.Bool(err == nil)
		}},
		{Name: "parse", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			u, err := parseURLArgs(args)
			if err != nil {
				return goja.Null()
			}
			return r.WrapObject(newURLObject(u), r.Class("URL"))
		}},
		// Blob URLs: stand-ins giving a unique URL that nothing answers, for
		// a runtime without the network APIs; jsruntime.NetworkExtension
		// replaces both with a blob URL store its client fetches from.
		{Name: "createObjectURL", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			return r.String("blob:null/" + strconv.Itoa(int(objectURLCounter.Add(1))))
		}},
		{Name: "revokeObjectURL", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value { return nil }},
	},
}

var objectURLCounter atomic.Int64

func paramsOf(this any) *searchParams { return this.(*searchParams) }

// urlSearchParamsInterface declares URLSearchParams.
// https://url.spec.whatwg.org/#interface-urlsearchparams
var urlSearchParamsInterface = &bind.Interface{
	Name: "URLSearchParams",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		p := &searchParams{}
		init := bind.Arg(args, 0)
		if bind.Absent(init) {
			return p
		}
		if obj, ok := init.(*goja.Object); ok {
			rt := r.Runtime
			if m := obj.GetSymbol(goja.SymIterator); m != nil && !goja.IsUndefined(m) && !goja.IsNull(m) {
				if _, ok := goja.AssertFunction(m); !ok {
					r.ThrowTypeError("Failed to construct 'URLSearchParams': @@iterator must be a callable.")
				}
				// sequence<sequence<USVString>>, by the iteration protocol.
				rt.ForOf(obj, func(pairV goja.Value) bool {
					pairO, ok := pairV.(*goja.Object)
					if !ok || bind.Absent(pairO.GetSymbol(goja.SymIterator)) {
						r.ThrowTypeError("Failed to construct 'URLSearchParams': The provided value cannot be converted to a sequence.")
					}
					var pair []goja.Value
					rt.ForOf(pairO, func(v goja.Value) bool {
						pair = append(pair, v)
						return true
					})
					if len(pair) != 2 {
						r.ThrowTypeError("Failed to construct 'URLSearchParams': Sequence initializer must only contain pair elements")
					}
					p.list = append(p.list, QueryPair{bind.USVString(pair[0]), bind.USVString(pair[1])})
					return true
				})
				return p
			}
			// record<USVString, USVString>
			for _, e := range r.RecordEntries(obj) {
				p.list = append(p.list, QueryPair{e.Key, bind.USVString(e.Value)})
			}
			return p
		}
		s := bind.USVString(init)
		if len(s) > 0 && s[0] == '?' {
			s = s[1:]
		}
		p.list = ParseForm(s)
		return p
	},
	Attributes: []bind.Attribute{
		{Name: "size", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(paramsOf(this).list)) }},
	},
	Methods: []bind.Method{
		{Name: "append", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := paramsOf(this)
			p.list = append(p.list, QueryPair{bind.USVString(args[0]), bind.USVString(args[1])})
			p.update()
			return nil
		}},
		{Name: "delete", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := paramsOf(this)
			name := bind.USVString(args[0])
			value, hasValue := "", !bind.Absent(bind.Arg(args, 1))
			if hasValue {
				value = bind.USVString(args[1])
			}
			out := p.list[:0]
			for _, q := range p.list {
				if q.Name == name && (!hasValue || q.Value == value) {
					continue
				}
				out = append(out, q)
			}
			p.list = out
			p.update()
			return nil
		}},
		{Name: "get", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			name := bind.USVString(args[0])
			for _, q := range paramsOf(this).list {
				if q.Name == name {
					return r.String(q.Value)
				}
			}
			return goja.Null()
		}},
		{Name: "getAll", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			name := bind.USVString(args[0])
			var out []any
			for _, q := range paramsOf(this).list {
				if q.Name == name {
					out = append(out, q.Value)
				}
			}
			return r.Runtime.NewArray(out...)
		}},
		{Name: "has", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			name := bind.USVString(args[0])
			value, hasValue := "", !bind.Absent(bind.Arg(args, 1))
			if hasValue {
				value = bind.USVString(args[1])
			}
			for _, q := range paramsOf(this).list {
				if q.Name == name && (!hasValue || q.Value == value) {
					return r.Bool(true)
				}
			}
			return r.Bool(false)
		}},
		{Name: "set", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := paramsOf(this)
			name, value := bind.USVString(args[0]), bind.USVString(args[1])
			found := false
			out := p.list[:0]
			for _, q := range p.list {
				if q.Name == name {
					if found {
						continue
					}
					found = true
					q.Value = value
				}
				out = append(out, q)
			}
			p.list = out
			if !found {
				p.list = append(p.list, QueryPair{name, value})
			}
			p.update()
			return nil
		}},
		{Name: "sort", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			p := paramsOf(this)
			SortForm(p.list)
			p.update()
			return nil
		}},
		{Name: "toString", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return r.String(SerializeForm(paramsOf(this).list))
		}},
	},
	PairIterable: &bind.PairIterable{
		Len: func(r *bind.Realm, this any) int { return len(paramsOf(this).list) },
		At: func(r *bind.Realm, this any, i int) (goja.Value, goja.Value) {
			q := paramsOf(this).list[i]
			return r.String(q.Name), r.String(q.Value)
		},
	},
}
