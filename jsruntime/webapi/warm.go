package webapi

import "sync"

// Warm compiles the programs Install runs in every runtime (the polyfills,
// Intl and its locale data, streams, String.prototype.matchAll), each on a
// goroutine of its own, and returns when all are compiled. They are
// compiled once per process whoever asks first, so calling Warm ahead of
// the first Install (while a page is being fetched, say) takes their
// compilation, about 1.3 MB of JavaScript, off that page's critical path;
// Install waits for a compilation Warm has started rather than repeating it.
// Errors are left for Install to report.
func Warm() {
	var wg sync.WaitGroup
	for _, compile := range []func(){
		func() { polyfillsProgram() },
		func() { intlProgram() },
		func() { intlLocalesProgram() },
		func() { streamsProgram() },
		func() { matchAllProgram() },
	} {
		wg.Go(compile)
	}
	wg.Wait()
}
