package webapi

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The source of a rewritten regular expression, as written.
//
// jsruntime rewrites some patterns before goja compiles them (RegExpLiteralLower:
// `.` and \S of a case-insensitive pattern as negated classes, $ of a
// multiline one, classes of surrogates), and goja's source property reads
// the pattern it compiled: /a.b\S/i.source was
// "a[^\n\r\u2028\u2029]b[^\s]". A rewritten pattern ends with an empty
// group, (?:), which matches what nothing matches, and is remembered with
// the text it was written as; RegExp.prototype's source getter gives that
// text back for a pattern so marked. A pattern written with a trailing
// (?:) that was not rewritten is not in the table and reads as it is.
// https://tc39.es/ecma262/#sec-get-regexp.prototype.source

// rewrittenMark ends a rewritten pattern.
const rewrittenMark = "(?:)"

// writtenSources maps each rewritten pattern, its mark included, to its
// text as written; at most maxWrittenSources, after which patterns are
// rewritten unmarked and read as rewritten.
var (
	writtenSources    sync.Map
	writtenCount      atomic.Int64
	maxWrittenSources = int64(1 << 16)
)

// MarkRewrittenPattern returns rewritten, a pattern rewritten from
// written, marked so that its source property reads written.
func MarkRewrittenPattern(rewritten, written string) string {
	if rewritten == written {
		return rewritten
	}
	marked := rewritten + rewrittenMark
	if v, ok := writtenSources.Load(marked); ok {
		if v.(string) == written {
			return marked
		}
		return rewritten // another text made the same pattern
	}
	if writtenCount.Add(1) > maxWrittenSources {
		writtenCount.Add(-1)
		return rewritten
	}
	// A copy: written is a slice of the source the script was parsed from
	// (the AST's literal), and kept as it is it held that whole text for
	// the life of the process, long after the script's program had left
	// the compiled-script cache (antd's 1.5 MB bundle, parsed once more
	// when its first compile fails, pinned a second copy of it).
	if v, loaded := writtenSources.LoadOrStore(marked, strings.Clone(written)); loaded && v.(string) != written {
		writtenCount.Add(-1)
		return rewritten
	}
	return marked
}

// writtenSource is the text pattern was written as.
func writtenSource(pattern string) (string, bool) {
	if len(pattern) <= len(rewrittenMark) || !strings.HasSuffix(pattern, rewrittenMark) {
		return "", false
	}
	v, ok := writtenSources.Load(pattern)
	if !ok {
		return "", false
	}
	return v.(string), true
}

// InstallRegExpSource makes RegExp.prototype's source getter give a
// rewritten pattern's text as written, and its toString read source.
func InstallRegExpSource(realm *bind.Realm) error {
	rt := realm.Runtime
	_, proto, err := regexpIntrinsics(rt)
	if err != nil {
		return err
	}
	object, ok := rt.GlobalObject().Get("Object").(*goja.Object)
	if !ok {
		return fmt.Errorf("webapi: no Object")
	}
	gopd, ok := goja.AssertFunction(object.Get("getOwnPropertyDescriptor"))
	if !ok {
		return fmt.Errorf("webapi: no Object.getOwnPropertyDescriptor")
	}
	desc, err := gopd(object, proto, rt.ToValue("source"))
	if err != nil {
		return fmt.Errorf("webapi: RegExp.prototype.source: %w", err)
	}
	d, ok := desc.(*goja.Object)
	if !ok {
		return fmt.Errorf("webapi: RegExp.prototype.source has no descriptor")
	}
	get, ok := goja.AssertFunction(d.Get("get"))
	if !ok {
		return fmt.Errorf("webapi: RegExp.prototype.source has no getter")
	}
	getter := realm.NewFunction("get source", 0, func(call goja.FunctionCall) goja.Value {
		v, err := get(call.This)
		if err != nil {
			panic(err)
		}
		if goja.IsString(v) {
			if s, ok := writtenSource(v.String()); ok {
				return rt.ToValue(s)
			}
		}
		return v
	})
	if err := proto.DefineAccessorProperty("source", getter, nil, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return err
	}
	// goja's toString reads the compiled pattern, not source: it is
	// written as the standard has it, from the source and flags
	// properties.
	// https://tc39.es/ecma262/#sec-regexp.prototype.tostring
	toString := realm.NewFunction("toString", 0, func(call goja.FunctionCall) goja.Value {
		r, ok := call.This.(*goja.Object)
		if !ok {
			panic(rt.NewTypeError("RegExp.prototype.toString requires that 'this' be an Object"))
		}
		str := func(name string) string {
			v := r.Get(name)
			if v == nil {
				return "undefined"
			}
			if _, sym := v.(*goja.Symbol); sym {
				panic(rt.NewTypeError("Cannot convert a Symbol value to a string"))
			}
			return v.String()
		}
		source := str("source")
		return rt.ToValue("/" + source + "/" + str("flags"))
	})
	return proto.DefineDataProperty("toString", toString, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}
