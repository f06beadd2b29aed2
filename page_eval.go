package bangsnap

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"time"

	"github.com/dop251/goja"
)

// Limits of what Eval exports from the page. A page-made value past them
// (an array of length 2**32-1, a tree a million nodes wide) gives an
// *ExportError instead of filling the test process's memory.
const (
	maxExportDepth = 100      // nesting of arrays and objects
	maxExportLen   = 1 << 20  // elements of one array, keys of one object
	maxExportNodes = 1 << 21  // values in all
	maxExportBytes = 64 << 20 // bytes of strings and binary data in all
)

// An ExportError reports a value Eval cannot turn into a Go value: a cycle,
// a Proxy, a function, a Map or Set, or a value past the limits on depth
// (100), length (1,048,576 elements per array or keys per object), values
// (2,097,152) or bytes (64 MiB) of the export.
type ExportError struct {
	Path   string // where in the value, as a JavaScript access path ("result.items[3]")
	Reason string
}

func (e *ExportError) Error() string {
	return fmt.Sprintf("bangsnap: eval: cannot export %s: %s", e.Path, e.Reason)
}

// exporter turns a page value into JSON-like Go values within the limits.
// Getters it meets run page code, so it runs as a task of the page's loop,
// where the wall budget can interrupt them.
type exporter struct {
	nodes, bytes int
	path         []*goja.Object // the objects being exported, for cycles
}

var (
	typeProxy       = reflect.TypeFor[goja.Proxy]()
	typeArrayBuffer = reflect.TypeFor[goja.ArrayBuffer]()
	typeMap         = reflect.TypeFor[map[string]any]()
	typePromise     = reflect.TypeFor[*goja.Promise]()
)

// typedArray reports whether t is what goja exports a typed array as.
func typedArray(t reflect.Type) bool {
	if t.Kind() != reflect.Slice {
		return false
	}
	switch t.Elem().Kind() {
	case reflect.Int8, reflect.Uint8, reflect.Int16, reflect.Uint16, reflect.Int32, reflect.Uint32,
		reflect.Int64, reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

func (e *exporter) value(v goja.Value, at string) (any, error) {
	if e.nodes++; e.nodes > maxExportNodes {
		return nil, &ExportError{at, fmt.Sprintf("more than %d values", maxExportNodes)}
	}
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil, nil
	}
	o, ok := v.(*goja.Object)
	if !ok {
		x := v.Export()
		switch x := x.(type) {
		case string:
			if e.bytes += len(x); e.bytes > maxExportBytes {
				return nil, &ExportError{at, fmt.Sprintf("more than %d bytes of strings", maxExportBytes)}
			}
		case *big.Int:
			return x, nil
		}
		return x, nil
	}
	for _, p := range e.path {
		if p == o {
			return nil, &ExportError{at, "the value is cyclic"}
		}
	}
	if len(e.path) >= maxExportDepth {
		return nil, &ExportError{at, fmt.Sprintf("nested more than %d deep", maxExportDepth)}
	}
	e.path = append(e.path, o)
	defer func() { e.path = e.path[:len(e.path)-1] }()

	typ := o.ExportType()
	switch {
	case typ == typeProxy:
		return nil, &ExportError{at, "a Proxy (its traps are page code)"}
	case typ == typeArrayBuffer:
		n := o.Get("byteLength").ToInteger()
		if e.bytes += int(n); n > maxExportBytes || e.bytes > maxExportBytes {
			return nil, &ExportError{at, fmt.Sprintf("more than %d bytes of binary data", maxExportBytes)}
		}
		return append([]byte(nil), o.Export().(goja.ArrayBuffer).Bytes()...), nil
	}
	switch o.ClassName() {
	case "Array":
		n := o.Get("length").ToInteger()
		if n > maxExportLen {
			return nil, &ExportError{at, fmt.Sprintf("an array of %d elements (more than %d)", n, maxExportLen)}
		}
		out := make([]any, n)
		for i := range out {
			x, err := e.value(o.Get(strconv.Itoa(i)), at+"["+strconv.Itoa(i)+"]")
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	case "Date":
		return o.Export().(time.Time), nil
	case "Function":
		return nil, &ExportError{at, "a function"}
	case "Error":
		return o.String(), nil
	case "Object", "String", "Number", "Boolean", "Arguments":
	default:
		return nil, &ExportError{at, "a " + o.ClassName()}
	}
	if typedArray(typ) {
		// A typed array: numbers.
		n := o.Get("length").ToInteger()
		if n > maxExportLen {
			return nil, &ExportError{at, fmt.Sprintf("a typed array of %d elements (more than %d)", n, maxExportLen)}
		}
		e.nodes += int(n)
		return o.Export(), nil
	}
	if typ != typeMap {
		return nil, &ExportError{at, "a " + typ.String()}
	}
	keys := o.Keys()
	if len(keys) > maxExportLen {
		return nil, &ExportError{at, fmt.Sprintf("an object with %d keys (more than %d)", len(keys), maxExportLen)}
	}
	out := make(map[string]any, len(keys))
	for _, k := range keys {
		if e.bytes += len(k); e.bytes > maxExportBytes {
			return nil, &ExportError{at, fmt.Sprintf("more than %d bytes of strings", maxExportBytes)}
		}
		x, err := e.value(o.Get(k), at+"."+k)
		if err != nil {
			return nil, err
		}
		out[k] = x
	}
	return out, nil
}

// export exports v as a task of the page's loop (see exporter).
func (p *Page) export(ctx context.Context, v goja.Value) (any, error) {
	var (
		out  any
		err  error
		done bool
	)
	p.s.loop.QueueTask(func() {
		defer func() { done = true }()
		// Stays when a getter is interrupted (the wall budget) and the
		// interruption unwinds past Try.
		err = errors.New("bangsnap: eval: exporting the result was interrupted (a getter ran past the wall budget)")
		e := &exporter{}
		if ex := p.s.loop.Runtime().Try(func() { out, err = e.value(v, "result") }); ex != nil {
			err = fmt.Errorf("bangsnap: eval: exporting the result: %w", ex)
		}
	})
	res, runErr := p.s.loop.RunUntil(ctx, func() bool { return done })
	switch {
	case runErr != nil:
		return nil, runErr
	case !done:
		return nil, fmt.Errorf("bangsnap: eval: exporting the result: %w", &PartialError{Reason: res.Reason, Pending: res.Pending})
	}
	return out, err
}

// EvalInto is Eval with the result decoded into dst (a pointer) as
// encoding/json decodes the result's JSON: into a struct, a slice, a
// string. Numbers decode as JSON numbers do (float64 into an any).
func (p *Page) EvalInto(ctx context.Context, js string, dst any) error {
	v, err := p.Eval(ctx, js)
	if err != nil {
		return err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("bangsnap: eval: %w", err)
	}
	if err := json.Unmarshal(b, dst); err != nil {
		return fmt.Errorf("bangsnap: eval: decoding the result into %T: %w", dst, err)
	}
	return nil
}

// exportPromise returns the promise o is, if it is one (without exporting
// anything else: goja's Export copies arrays whole).
func exportPromise(o *goja.Object) (*goja.Promise, bool) {
	if o.ExportType() != typePromise {
		return nil, false
	}
	p, ok := o.Export().(*goja.Promise)
	return p, ok
}
