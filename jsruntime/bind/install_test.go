package bind

import (
	"testing"

	"github.com/dop251/goja"
)

// BenchmarkInstall is the binding cost of a new page in miniature: a fresh
// runtime, its realm (with DOMException) and the test interfaces, a
// [Global] one among them. goja's own runtime setup is included; compare
// with BenchmarkNewRuntime for the part bind adds.
func BenchmarkInstall(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		rt := goja.New()
		r := NewRealm(rt)
		if err := r.Install(rt.GlobalObject(), dogIface, animalIface, catIface, packIface, tagsIface, planetIface, moonIface); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewRuntime is goja.New alone, the floor under BenchmarkInstall.
func BenchmarkNewRuntime(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = goja.New()
	}
}
