package jsruntime

import (
	"context"
	"slices"
	"sync"
	"testing"
)

// ticketLoader is an OrderedScriptLoader that serves mapLoader's scripts
// and records, per URL, the ticket its load was begun with.
type ticketLoader struct {
	mapLoader
	next uint64 // touched on the loop only

	mu      sync.Mutex
	tickets map[string]uint64
	plain   int
}

func (l *ticketLoader) ScriptTicket() uint64 { l.next++; return l.next }

func (l *ticketLoader) LoadScript(ctx context.Context, url string) ([]byte, error) {
	l.mu.Lock()
	l.plain++
	l.mu.Unlock()
	return l.mapLoader.LoadScript(ctx, url)
}

func (l *ticketLoader) LoadScriptTicket(ctx context.Context, url string, ticket uint64) ([]byte, error) {
	l.mu.Lock()
	l.tickets[url] = ticket
	l.mu.Unlock()
	return l.mapLoader.LoadScript(ctx, url)
}

// TestOrderedScriptLoader: the external scripts a page inserts take their
// tickets in the order they were inserted (on the loop), parser-inserted
// ones included, and each load gets its own.
func TestOrderedScriptLoader(t *testing.T) {
	l := &ticketLoader{mapLoader: mapLoader{
		"https://example.test/p.js": "window.out = (window.out || '') + 'p';",
		"https://example.test/a.js": "window.out += 'a';",
		"https://example.test/b.js": "window.out += 'b';",
		"https://example.test/c.js": "window.out += 'c';",
	}, tickets: map[string]uint64{}}
	p := newPage(t, `<!doctype html><script src="/p.js"></script><script>
["c", "a", "b"].forEach(function (n) { var s = document.createElement("script"); s.src = "/" + n + ".js"; s.async = false; document.head.appendChild(s); });
</script>`, l)
	p.run()
	p.noErrors()
	if got := p.eval("window.out"); got != "pcab" {
		t.Fatalf("scripts ran as %q, want pcab", got)
	}
	order := []string{"p", "c", "a", "b"}
	var got []uint64
	for _, n := range order {
		got = append(got, l.tickets["https://example.test/"+n+".js"])
	}
	if !slices.Equal(got, []uint64{1, 2, 3, 4}) || l.plain != 0 {
		t.Fatalf("tickets %v for %v (want 1..4), %d loads without a ticket", got, order, l.plain)
	}
}
