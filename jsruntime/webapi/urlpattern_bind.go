package webapi

import (
	"github.com/bangsnap/bangsnap/internal/whatwgurl"

	"errors"
	"strconv"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// URLPattern's binding: each component's regular expression is a RegExp of
// the page's runtime (the standard matches with RegExpBuiltinExec), made
// with the RegExp constructor and exec method the page had when URLPattern
// was installed.
// https://urlpattern.spec.whatwg.org/#urlpattern-class

type patternComponent struct {
	pattern   string
	re        goja.Value
	names     []string
	hasRegexp bool
}

type urlPatternImpl struct {
	comps [8]patternComponent // in patternComponents order
}

// patternEngine compiles and runs the components' regular expressions.
type patternEngine struct {
	realm  *bind.Realm
	regexp goja.Constructor
	exec   goja.Callable
}

// compile https://urlpattern.spec.whatwg.org/#compile-a-component
func (e *patternEngine) compile(input string, encode encodingCallback, opts patternOptions) (patternComponent, error) {
	parts, err := parsePatternString(input, opts, encode)
	if err != nil {
		return patternComponent{}, err
	}
	src, names := generateRegexp(parts, opts)
	// goja has no v flag; u parses the generated expressions alike.
	flags := "u"
	if opts.ignoreCase {
		flags = "ui"
	}
	re, err := e.regexp(nil, e.realm.Runtime.ToValue(src), e.realm.Runtime.ToValue(flags))
	if err != nil {
		return patternComponent{}, patternErr("invalid regular expression %q", src)
	}
	c := patternComponent{pattern: generatePatternString(parts, opts), re: re, names: names}
	for _, p := range parts {
		if p.typ == partRegexp {
			c.hasRegexp = true
		}
	}
	return c, nil
}

// match runs c's expression on s: the exec result, or nil for no match.
func (e *patternEngine) match(c *patternComponent, s string) (*goja.Object, error) {
	v, err := e.exec(c.re, e.realm.Runtime.ToValue(s))
	if err != nil {
		return nil, err
	}
	o, _ := v.(*goja.Object)
	return o, nil
}

// matchesSpecialScheme https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme
func (e *patternEngine) matchesSpecialScheme(c *patternComponent) bool {
	for _, s := range []string{"ftp", "file", "http", "https", "ws", "wss"} {
		if m, _ := e.match(c, s); m != nil {
			return true
		}
	}
	return false
}

// create https://urlpattern.spec.whatwg.org/#url-pattern-create
func (e *patternEngine) create(input any, baseURL *string, ignoreCase bool) (*urlPatternImpl, error) {
	var init patternInit
	switch in := input.(type) {
	case string:
		var err error
		init, err = parseConstructorString(in, func(proto string) (bool, error) {
			c, err := e.compile(proto, canonicalizeProtocol, defaultPatternOptions)
			if err != nil {
				return false, err
			}
			return e.matchesSpecialScheme(&c), nil
		})
		if err != nil {
			return nil, err
		}
		if baseURL == nil && !init.has("protocol") {
			return nil, patternErr("a relative pattern %q needs a base URL", in)
		}
		if baseURL != nil {
			init["baseURL"] = *baseURL
		}
	case patternInit:
		if baseURL != nil {
			return nil, patternErr("a base URL is given with a URLPatternInit")
		}
		init = in
	}
	pi, err := processInit(init, "pattern", nil)
	if err != nil {
		return nil, err
	}
	for _, k := range patternComponents {
		if !pi.has(k) {
			pi[k] = "*"
		}
	}
	if p, special := whatwgurl.SpecialPort(pi["protocol"]); special && p >= 0 && pi["port"] == strconv.Itoa(p) {
		pi["port"] = ""
	}
	u := &urlPatternImpl{}
	compile := func(i int, encode encodingCallback, opts patternOptions) {
		if err != nil {
			return
		}
		u.comps[i], err = e.compile(pi[patternComponents[i]], encode, opts)
	}
	compile(0, canonicalizeProtocol, defaultPatternOptions)
	compile(1, canonicalizeUsername, defaultPatternOptions)
	compile(2, canonicalizePassword, defaultPatternOptions)
	if hostnameIsIPv6(pi["hostname"]) {
		compile(3, canonicalizeIPv6Hostname, hostnamePatternOptions)
	} else {
		compile(3, canonicalizeHostname, hostnamePatternOptions)
	}
	compile(4, func(v string) (string, error) { return canonicalizePort(v, "") }, defaultPatternOptions)
	if err != nil {
		return nil, err
	}
	opts := defaultPatternOptions
	opts.ignoreCase = ignoreCase
	if e.matchesSpecialScheme(&u.comps[0]) {
		po := pathnamePatternOptions
		po.ignoreCase = ignoreCase
		compile(5, canonicalizePathname, po)
	} else {
		compile(5, canonicalizeOpaquePathname, opts)
	}
	compile(6, canonicalizeSearch, opts)
	compile(7, canonicalizeHash, opts)
	if err != nil {
		return nil, err
	}
	return u, nil
}

// matchURL https://urlpattern.spec.whatwg.org/#url-pattern-match
// It returns nil for no match.
func (e *patternEngine) matchURL(u *urlPatternImpl, input any, inputValue goja.Value, baseURL *string) (goja.Value, error) {
	rt := e.realm.Runtime
	values := make([]string, 8)
	inputs := []any{inputValue}
	switch in := input.(type) {
	case patternInit:
		if baseURL != nil {
			return nil, patternErr("a base URL is given with a URLPatternInit")
		}
		r, err := processInit(in, "url", patternInit{"protocol": "", "username": "", "password": "", "hostname": "",
			"port": "", "pathname": "", "search": "", "hash": ""})
		if err != nil {
			return goja.Null(), nil
		}
		for i, k := range patternComponents {
			values[i] = r[k]
		}
	case string:
		var base *URL
		if baseURL != nil {
			b, err := ParseURL(*baseURL, nil)
			if err != nil {
				return goja.Null(), nil
			}
			base = b
			inputs = append(inputs, *baseURL)
		}
		url, err := ParseURL(in, base)
		if err != nil {
			return goja.Null(), nil
		}
		values[0], values[1], values[2] = url.Scheme, url.Username, url.Password
		if url.HasHost {
			values[3] = url.Host
		}
		if url.Port >= 0 {
			values[4] = strconv.Itoa(url.Port)
		}
		values[5] = url.Pathname()
		values[6], values[7] = url.Query, url.Fragment
	}
	var results [8]*goja.Object
	for i := range u.comps {
		m, err := e.match(&u.comps[i], values[i])
		if err != nil {
			return nil, err
		}
		if m == nil {
			return goja.Null(), nil
		}
		results[i] = m
	}
	out := rt.NewObject()
	_ = out.Set("inputs", rt.NewArray(inputs...))
	for i, k := range patternComponents {
		c := &u.comps[i]
		cr := rt.NewObject()
		_ = cr.Set("input", values[i])
		groups := rt.NewObject()
		n := int(results[i].Get("length").ToInteger())
		for j := 1; j < n && j-1 < len(c.names); j++ {
			_ = groups.Set(c.names[j-1], results[i].Get(strconv.Itoa(j)))
		}
		_ = cr.Set("groups", groups)
		_ = out.Set(k, cr)
	}
	return out, nil
}

// patternInput converts a URLPatternInput argument: a URLPatternInit
// dictionary (an object, undefined or null) or a string.
func patternInput(r *bind.Realm, v goja.Value) (any, goja.Value) {
	o, isObj := v.(*goja.Object)
	if !isObj && !bind.Nullish(v) {
		s := v.String()
		return s, r.String(s)
	}
	init := patternInit{}
	copyObj := r.Runtime.NewObject()
	if isObj {
		// Dictionary members in lexicographic order.
		for _, k := range []string{"baseURL", "hash", "hostname", "password", "pathname", "port", "protocol", "search", "username"} {
			if m := o.Get(k); m != nil && !goja.IsUndefined(m) {
				init[k] = bind.DOMString(m)
				_ = copyObj.Set(k, init[k])
			}
		}
	}
	return init, copyObj
}

func throwPattern(r *bind.Realm, what string, err error) {
	if errors.Is(err, errPattern) {
		r.ThrowTypeError("Failed to %s 'URLPattern': %s", what, err.Error())
	}
	panic(err)
}

func patternURLInterface(e *patternEngine) *bind.Interface {
	attrs := make([]bind.Attribute, 0, 9)
	for i, k := range patternComponents {
		attrs = append(attrs, bind.Attribute{Name: k, Get: func(r *bind.Realm, this any) goja.Value {
			return r.String(this.(*urlPatternImpl).comps[i].pattern)
		}})
	}
	attrs = append(attrs, bind.Attribute{Name: "hasRegExpGroups", Get: func(r *bind.Realm, this any) goja.Value {
		for _, c := range this.(*urlPatternImpl).comps {
			if c.hasRegexp {
				return r.Bool(true)
			}
		}
		return r.Bool(false)
	}})
	// matchArgs converts (input, baseURL) of test and exec.
	run := func(r *bind.Realm, this any, args []goja.Value, what string) goja.Value {
		input, inputValue := patternInput(r, bind.Arg(args, 0))
		var base *string
		if b := bind.Arg(args, 1); !goja.IsUndefined(b) {
			s := bind.DOMString(b)
			base = &s
		}
		res, err := e.matchURL(this.(*urlPatternImpl), input, inputValue, base)
		if err != nil {
			throwPattern(r, "execute '"+what+"' on", err)
		}
		return res
	}
	return &bind.Interface{
		Name: "URLPattern",
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			input, _ := patternInput(r, bind.Arg(args, 0))
			var base *string
			opts := bind.Arg(args, 1)
			// Overloads: (input, baseURL, options) when the second
			// argument is not a dictionary (an object, undefined or null).
			if _, isObj := opts.(*goja.Object); !isObj && !bind.Nullish(opts) {
				s := bind.DOMString(opts)
				base = &s
				opts = bind.Arg(args, 2)
			}
			ignoreCase := false
			if o, ok := opts.(*goja.Object); ok {
				if v := o.Get("ignoreCase"); v != nil {
					ignoreCase = v.ToBoolean()
				}
			}
			u, err := e.create(input, base, ignoreCase)
			if err != nil {
				throwPattern(r, "construct", err)
			}
			return u
		},
		Attributes: attrs,
		Methods: []bind.Method{
			{Name: "test", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				return r.Bool(!goja.IsNull(run(r, this, args, "test")))
			}},
			{Name: "exec", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				return run(r, this, args, "exec")
			}},
		},
	}
}

// InstallURLPattern installs URLPattern on target. It keeps the RegExp
// constructor and exec method target has now (install it before page
// scripts run).
func InstallURLPattern(realm *bind.Realm, target *goja.Object) error {
	rc, ok := realm.Runtime.GlobalObject().Get("RegExp").(*goja.Object)
	if !ok {
		return errors.New("no RegExp")
	}
	ctor, ok := goja.AssertConstructor(rc)
	if !ok {
		return errors.New("RegExp is no constructor")
	}
	proto, ok := rc.Get("prototype").(*goja.Object)
	if !ok {
		return errors.New("no RegExp.prototype")
	}
	exec, ok := goja.AssertFunction(proto.Get("exec"))
	if !ok {
		return errors.New("no RegExp.prototype.exec")
	}
	return realm.Install(target, patternURLInterface(&patternEngine{realm: realm, regexp: ctor, exec: exec}))
}
