package webapi

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

//go:embed streams.js
var streamsSource string

var streamsProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:streams.js", streamsSource, true)
})

// streamInterfaces are the globals streams.js defines.
var streamInterfaces = []string{
	"ReadableStream", "ReadableStreamDefaultReader", "ReadableStreamBYOBReader", "ReadableStreamDefaultController",
	"ReadableByteStreamController", "ReadableStreamBYOBRequest", "WritableStream", "WritableStreamDefaultWriter", "WritableStreamDefaultController",
	"TransformStream", "TransformStreamDefaultController", "CountQueuingStrategy", "ByteLengthQueuingStrategy",
	"TextDecoderStream", "TextEncoderStream", "CompressionStream", "DecompressionStream",
}

// InstallStreams defines the Streams Standard's interfaces on target:
// ReadableStream (default and BYOB readers, byte streams, tee, pipeTo,
// pipeThrough, async iteration; no ReadableStream.from, which Chromium
// lacks), WritableStream,
// TransformStream, CountQueuingStrategy, ByteLengthQueuingStrategy,
// TextDecoderStream and TextEncoderStream (which use the page's
// TextDecoder and TextEncoder), CompressionStream and DecompressionStream
// (codec.go). They are written in JavaScript
// (streams.js, compiled once per process), as the standard describes them
// in terms of promises, and made on the page's first use of one of them:
// running the script costs about 3,700 allocations, which most pages
// never need. Names target already has are left alone.
// https://streams.spec.whatwg.org/
func InstallStreams(realm *bind.Realm, target *goja.Object) error {
	prg, err := streamsProgram()
	if err != nil {
		return fmt.Errorf("webapi: compile streams: %w", err)
	}
	rt := realm.Runtime
	var classes *goja.Object
	load := func() *goja.Object {
		if classes == nil {
			v, err := rt.RunProgram(prg)
			if err != nil {
				panic(err) // a bug in streams.js: thrown into the page
			}
			install, _ := goja.AssertFunction(v)
			v, err = install(goja.Undefined(), rt.ToValue(newCodec(rt)))
			if err != nil {
				panic(err)
			}
			out := v.ToObject(rt)
			classes = out.Get("classes").ToObject(rt)
			markBuiltIns(rt, classes, realm.MarkNative)
			if brand, ok := goja.AssertFunction(out.Get("brand")); ok {
				realm.AddScriptedInterfaces(func(o *goja.Object) string {
					n, err := brand(goja.Undefined(), o)
					if err != nil {
						return ""
					}
					return n.String()
				})
			}
		}
		return classes
	}
	for _, name := range streamInterfaces {
		if v := target.Get(name); v != nil && !goja.IsUndefined(v) {
			continue
		}
		if err := realm.DefineLazy(target, name, func() goja.Value { return load().Get(name) }); err != nil {
			return fmt.Errorf("webapi: install %s: %w", name, err)
		}
	}
	return nil
}

// NewReadableStream returns a ReadableStream of target's realm (installed
// by InstallStreams) whose underlying source is source, or nil when the
// page has none.
func NewReadableStream(rt *goja.Runtime, target *goja.Object, source *goja.Object) goja.Value {
	ctor, ok := target.Get("ReadableStream").(*goja.Object)
	if !ok {
		return nil
	}
	s, err := rt.New(ctor, source)
	if err != nil {
		return nil
	}
	return s
}
