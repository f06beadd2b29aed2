package bangsnap_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// bigDOMItems is how many items the templating page builds: 22 elements
// each (a details with its summary, a table of 3x2 cells, a paragraph set
// through innerHTML, a list of 3 links), 22,000 in all.
const (
	bigDOMItems        = 1000
	bigDOMElemsPerItem = 22
)

// bigDOMScript builds n items the way templating code does: createElement,
// setAttribute, className and classList, textContent and innerHTML of small
// strings, appendChild into a detached subtree, then into the document, all
// in a function as a library's code would be (not global variables). It
// ends by writing the number of <td> cells into the title, which the
// benchmark checks.
func bigDOMScript(n int) string {
	return fmt.Sprintf(`(function() {
var root = document.getElementById('root');
for (var i = 0; i < %d; i++) {
  var d = document.createElement('details');
  d.className = 'item';
  d.setAttribute('data-id', 'item-' + i);
  if (i %% 3 === 0) d.open = true;
  var s = document.createElement('summary');
  s.textContent = 'Item ' + i;
  s.classList.add('summary', i %% 2 ? 'odd' : 'even');
  d.appendChild(s);
  var t = document.createElement('table');
  t.classList.add('grid');
  for (var r = 0; r < 3; r++) {
    var tr = document.createElement('tr');
    for (var c = 0; c < 2; c++) {
      var td = document.createElement('td');
      td.setAttribute('title', 'r' + r + 'c' + c);
      td.textContent = c ? String(i * r) : 'row ' + r;
      tr.appendChild(td);
    }
    t.appendChild(tr);
  }
  d.appendChild(t);
  var p = document.createElement('p');
  p.innerHTML = '<b>bold</b> and <i>' + i + '</i>';
  d.appendChild(p);
  var ul = document.createElement('ul');
  for (var k = 0; k < 3; k++) {
    var li = document.createElement('li'), a = document.createElement('a');
    a.href = '#!/item/' + i + '/' + k;
    a.appendChild(document.createTextNode('link ' + k));
    li.appendChild(a);
    ul.appendChild(li);
  }
  d.appendChild(ul);
  root.appendChild(d);
}
document.title = String(root.querySelectorAll('td').length);
})();
`, n)
}

// bigDOMHandler serves / (the templating page building items items) and,
// when testdata/node_modules holds it, /th.html: testharness.js with its
// results table on, tests tests of 10 asserts each.
func bigDOMHandler(items, tests int) http.Handler {
	page := `<!doctype html><html><head><title>0</title></head><body><div id="root"></div><script>` + bigDOMScript(items) + `</script></body></html>`
	th, _ := os.ReadFile(filepath.Join(wptHarnessDir, "testharness.js"))
	thPage := `<!doctype html><title>t</title><script src="/resources/testharness.js"></script><div id=log></div><script>` +
		fmt.Sprintf(`for (var i = 0; i < %d; i++) test(function(){ for (var j = 0; j < 10; j++) assert_equals(j, j, "x"); }, "test " + i);`, tests) +
		`</script>`
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/resources/testharness.js":
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(th)
		case "/th.html":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(thPage))
		default:
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(page))
		}
	})
}

// BenchmarkBigDOM renders pages that build large documents from script:
//
//   - templating: 22,000 elements built by bigDOMScript, the whole render;
//   - live-heap: the same page opened and kept alive, reporting the live
//     heap per element (the page's Go heap after a GC, less that of the same
//     page building nothing, divided by the number of elements), which sets
//     the garbage collector's scanning work;
//   - testharness: testharness.js (testdata/node_modules) running 500 tests
//     of 10 asserts with its results table on, skipped without node_modules.
//
// cpu-ns/op is the process's CPU time (all threads, the GC's included) per
// render: on a loaded machine it varies less than the wall time.
func BenchmarkBigDOM(b *testing.B) {
	ctx := context.Background()
	b.Run("templating", func(b *testing.B) {
		r := bangsnap.NewRenderer(bangsnap.Options{Handler: bigDOMHandler(bigDOMItems, 0), Timeout: time.Minute})
		want := fmt.Sprintf("<title>%d</title>", bigDOMItems*6)
		b.ReportAllocs()
		cpu := startCPUClock()
		for b.Loop() {
			snap, err := r.Render(ctx, "http://bigdom.test/")
			if err != nil {
				b.Fatal(err)
			}
			if len(snap.Report.Errors) > 0 || !strings.Contains(string(snap.HTML), want) {
				b.Fatalf("page did not build its %d cells: %+v", bigDOMItems*6, snap.Report.Errors)
			}
		}
		cpu.report(b)
	})
	b.Run("live-heap", func(b *testing.B) {
		b.ReportAllocs()
		var perElem float64
		for b.Loop() {
			empty := liveHeap(b, bigDOMHandler(0, 0))
			full := liveHeap(b, bigDOMHandler(bigDOMItems, 0))
			perElem = float64(full-empty) / (bigDOMItems * bigDOMElemsPerItem)
		}
		b.ReportMetric(perElem, "live-B/elem")
	})
	b.Run("testharness", func(b *testing.B) {
		if _, err := os.Stat(filepath.Join(wptHarnessDir, "testharness.js")); err != nil {
			b.Skipf("%s is missing: run `npm ci --prefix testdata`", wptHarnessDir)
		}
		const tests = 500
		r := bangsnap.NewRenderer(bangsnap.Options{Handler: bigDOMHandler(0, tests), Timeout: 5 * time.Minute})
		b.ReportAllocs()
		cpu := startCPUClock()
		for b.Loop() {
			snap, err := r.Render(ctx, "http://bigdom.test/th.html")
			if err != nil {
				b.Fatal(err)
			}
			if len(snap.Report.Errors) > 0 || !strings.Contains(string(snap.HTML), fmt.Sprintf("test %d", tests-1)) {
				b.Fatalf("results table without the last test (errors %+v, reason %s)", snap.Report.Errors, snap.Report.Reason)
			}
		}
		cpu.report(b)
	})
}

// liveHeap opens the page h serves, waits for it to be idle, and returns
// the bytes of live heap after a full GC while it is open.
func liveHeap(b *testing.B, h http.Handler) uint64 {
	ctx := context.Background()
	runtime.GC()
	page, err := bangsnap.Open(ctx, "http://bigdom.test/", bangsnap.Options{Handler: h, Timeout: time.Minute})
	if err != nil {
		b.Fatal(err)
	}
	defer page.Close()
	if err := page.WaitIdle(ctx); err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(page)
	return ms.HeapAlloc
}
