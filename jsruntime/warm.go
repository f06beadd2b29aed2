package jsruntime

import (
	"sync"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Warm does ahead of time the work that the first window of a process
// would otherwise do while its page waits: it compiles the built-in
// JavaScript programs every window runs (webapi.Warm) and the helpers
// that compiled page scripts call. All of it is done once per process and
// shared; a New that needs a program Warm is still compiling waits for it.
// Warm returns when everything is ready and is cheap after the first call.
func Warm() {
	var wg sync.WaitGroup
	wg.Go(webapi.Warm)
	wg.Go(func() {
		spreadMaker()
		calleeThrower()
		arrayPatternSlow()
		computedNames()
	})
	wg.Wait()
}
