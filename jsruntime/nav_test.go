package jsruntime

import (
	"context"
	"testing"
)

// Location and History of the page after its load event, one script per
// case run as a task, then the loop until quiet; want is the value of
// result. (Chromium's behaviour; see also testdata/wpt/run6-history.html
// and run6-location.html.)
func TestLocationAndHistory(t *testing.T) {
	tests := []struct {
		name, script, result, want string
	}{
		{"hash setter percent-encodes and keeps a second #",
			`location.hash = '##a b'`, `location.hash + ' ' + location.href`,
			"##a%20b https://example.test/page##a%20b"},
		{"setting the current fragment adds no entry",
			`location.hash = 'x'; var n = history.length; location.hash = '#x'; var same = history.length - n`,
			`same`, "0"},
		{"an empty hash on a URL without fragment changes nothing",
			`var n = history.length; location.hash = ''`, `location.href + ' ' + (history.length - n)`,
			"https://example.test/page 0"},
		{"an empty hash leaves an empty fragment",
			`location.hash = 'y'; location.hash = ''`, `location.href + ' ' + JSON.stringify(location.hash)`,
			`https://example.test/page# ""`},
		{"popstate at once, hashchange later",
			`var log = []; onpopstate = () => log.push('pop'); onhashchange = () => log.push('hash'); location.hash = 'z'; log.push('set')`,
			`log.join()`, "pop,set,hash"},
		{"navigating to the current URL replaces",
			`location.hash = 'q'; var n = history.length; location.href = location.href`, `history.length - n`, "0"},
		{"pushState with an empty URL keeps the URL",
			`history.pushState(1, '', '#k'); history.pushState(2, '', '')`, `location.hash + history.state`, "#k2"},
		{"pushState refuses credentials, ports and schemes",
			`var r = []; for (const u of ['https://u@example.test/', 'https://example.test:81/', 'http://example.test/']) {
			   try { history.pushState(0, '', u); r.push('ok') } catch (e) { r.push(e.name) } }`,
			`r.join()`, "SecurityError,SecurityError,SecurityError"},
		{"a DataCloneError before a SecurityError",
			`var r; try { history.pushState(() => 1, '', 'http://other.test/') } catch (e) { r = e.name }`, `r`, "DataCloneError"},
		{"back chooses its entry when called",
			`history.pushState('a', ''); history.pushState('b', ''); history.back(); history.pushState('c', '')`,
			`history.state + history.length`, "a4"},
		{"location has own valueOf and @@toPrimitive",
			`var d = Object.getOwnPropertyDescriptor(location, Symbol.toPrimitive)`,
			`(location.valueOf === Object.prototype.valueOf) + ' ' + ('value' in d) + ' ' + d.configurable + ' ' + (location + '')`,
			"true true false https://example.test/page"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><title>t</title>`, nil)
			p.run()
			p.l.QueueTask(func() {
				if _, err := p.w.RunScript("case.js", tt.script); err != nil {
					t.Errorf("script: %v", err)
				}
			})
			if _, err := p.l.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := p.eval(tt.result); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.result, got, tt.want)
			}
			p.noErrors()
		})
	}
}

// Before the load event has fired, location navigations replace the
// current entry.
func TestLocationNavigationWhileLoading(t *testing.T) {
	p := newPage(t, `<!doctype html><script>
var n = history.length; location.hash = 'parsing'; var during = history.length - n;
onload = () => { var m = history.length; location.hash = 'load'; window.inLoad = history.length - m; };
</script>`, nil)
	p.run()
	if got := p.eval(`during + ' ' + inLoad + ' ' + location.hash`); got != "0 0 #load" {
		t.Errorf("got %q, want %q", got, "0 0 #load")
	}
	p.eval(`location.hash = 'after'`)
	if got := p.eval(`history.length`); got != "2" {
		t.Errorf("history.length after load = %s, want 2", got)
	}
}

// TestNavigationLazy: a page that never reads window.navigation gets no
// Navigation object (the history code skips its steps), and one made late
// lists the entries made before it.
func TestNavigationLazy(t *testing.T) {
	p := newPage(t, `<!doctype html><title>t</title>`, nil)
	p.run()
	p.l.QueueTask(func() {
		if _, err := p.w.RunScript("case.js", `history.pushState(1, '', '#a'); location.hash = 'b'; history.replaceState(2, '')`); err != nil {
			t.Errorf("script: %v", err)
		}
	})
	if _, err := p.l.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if p.w.nav.navi != nil {
		t.Fatal("the Navigation object was made before a script read it")
	}
	v, err := p.w.RunScript("late.js", `navigation.entries().map(e => e.url.split('#')[1] + ':' + e.index).join() + ' ' + navigation.currentEntry.index`)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.String(); got != "undefined:0,a:1,b:2 2" {
		t.Errorf("entries %q", got)
	}
}
