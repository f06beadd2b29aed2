package webapi

import (
	"sync"
	"testing"

	"github.com/dop251/goja"
)

// TestWarmWhileInstalling runs Warm beside runtimes installing the
// polyfills, as a Renderer does on its first page (run it with -race): each
// runtime must get working built-ins whoever compiles them.
func TestWarmWhileInstalling(t *testing.T) {
	var wg sync.WaitGroup
	wg.Go(Warm)
	got := make([]string, 3)
	for i := range got {
		wg.Go(func() {
			rt := goja.New()
			if err := InstallPolyfills(rt); err != nil {
				t.Error(err)
				return
			}
			v, err := rt.RunString(`new Intl.NumberFormat("de-DE").format(1234.5) + " " + [..."ab".matchAll(/./g)].length + " " + typeof Promise.withResolvers`)
			if err != nil {
				t.Error(err)
				return
			}
			got[i] = v.String()
		})
	}
	wg.Wait()
	Warm() // done: returns at once
	for i, g := range got {
		if want := "1.234,5 2 function"; g != want {
			t.Errorf("runtime %d: got %q, want %q", i, g, want)
		}
	}
}
