package webapi

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/dop251/goja"
)

//go:embed polyfills.js
var polyfillsSource string

// polyfillsProgram is compiled once per process; a *goja.Program is
// immutable and shared by every runtime that runs it.
var polyfillsProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:polyfills.js", polyfillsSource, true)
})

// InstallPolyfills defines the built-ins goja lacks that modern bundles
// call: Promise.withResolvers and Promise.try, Object.groupBy and
// Map.groupBy, String.prototype.isWellFormed/toWellFormed, RegExp.escape,
// Array.fromAsync, iterator helpers (Iterator, map/filter/take/drop/flatMap/
// reduce/toArray/forEach/some/every/find, Iterator.from), Symbol.asyncIterator,
// Symbol.dispose/asyncDispose, Error.captureStackTrace, and WeakRef /
// FinalizationRegistry (strong references, never finalized). Built-ins that
// exist are left alone.
func InstallPolyfills(rt *goja.Runtime) error {
	prg, err := polyfillsProgram()
	if err != nil {
		return fmt.Errorf("webapi: compile polyfills: %w", err)
	}
	if _, err := rt.RunProgram(prg); err != nil {
		return fmt.Errorf("webapi: install polyfills: %w", err)
	}
	return nil
}
