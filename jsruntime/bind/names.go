package bind

import (
	"sync"
	"unicode/utf16"

	"github.com/dop251/goja"
)

// Names of interface members as JavaScript strings, made once per process
// and shared by every realm: a page installs about two thousand member
// functions whose names ("get textContent", "appendChild") would otherwise
// be converted, and for accessors concatenated, again on every page.
//
// The values are goja's immutable string kinds (built by StringFromUTF16),
// never the lazily scanned string that Runtime.ToValue makes of a long Go
// string, so sharing them between runtimes on several goroutines is safe.
// The map only grows with declared names, which are finite.
var jsNames struct {
	sync.RWMutex
	m map[string]goja.Value
}

// jsName returns prefix+name as a shared JavaScript string. prefix is ""
// (operations, interface names), "get " or "set " (accessors).
func jsName(prefix, name string) goja.Value {
	var buf [96]byte
	key := append(append(buf[:0], prefix...), name...)
	jsNames.RLock()
	v, ok := jsNames.m[string(key)] // no allocation: the compiler looks up without converting
	jsNames.RUnlock()
	if ok {
		return v
	}
	s := string(key)
	v = goja.StringFromUTF16(utf16.Encode([]rune(s)))
	jsNames.Lock()
	if jsNames.m == nil {
		jsNames.m = make(map[string]goja.Value, 4096)
	}
	if old, ok := jsNames.m[s]; ok {
		v = old
	} else {
		jsNames.m[s] = v
	}
	jsNames.Unlock()
	return v
}
