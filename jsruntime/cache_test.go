package jsruntime

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"
	"weak"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

func TestProgramCache(t *testing.T) {
	c := newProgramCache(2, DefaultProgramCacheBytes)
	p1, p2, p3 := goja.MustCompile("1", "1", false), goja.MustCompile("2", "2", false), goja.MustCompile("3", "3", false)
	c.put("a.js", "one", p1)
	c.put("b.js", "two", p2)
	for _, tc := range []struct {
		name, src string
		want      *goja.Program
	}{
		{"a.js", "one", p1},
		{"b.js", "two", p2},
		{"a.js", "two", nil},
		{"a.jsone", "", nil},  // the URL and text are separated
		{"a.js", "one ", nil}, // text compared in full
	} {
		if got := c.get(tc.name, tc.src); got != tc.want {
			t.Errorf("get(%q, %q) = %p, want %p", tc.name, tc.src, got, tc.want)
		}
	}

	// An entry whose URL differs under the same key (forced here) is a
	// miss, and put replaces the entry.
	k := keyOf("a.js", "one")
	c.progs.Put(k, cacheEntry{name: "other.js", prog: p1})
	if got := c.get("a.js", "one"); got != nil {
		t.Errorf("collision: got %p, want a miss", got)
	}
	c.put("a.js", "one", p3)
	if got := c.get("a.js", "one"); got != p3 || c.len() != 2 {
		t.Errorf("after put on a collision: got %p (len %d), want %p (len 2)", got, c.len(), p3)
	}

	// The two hashes have their own seeds.
	if k.hash[0] == k.hash[1] {
		t.Errorf("both hashes of the key are %#x", k.hash[0])
	}

	// Least recently used goes first: b.js was used before a.js.
	c.put("c.js", "three", p1)
	if c.get("b.js", "two") != nil || c.get("a.js", "one") != p3 || c.get("c.js", "three") != p1 || c.len() != 2 {
		t.Errorf("eviction kept the wrong entries")
	}
}

// TestProgramCacheDropsSource checks that a cached program does not keep
// the text it was compiled from alive: goja's parser keeps its own copy,
// and the caller's (a fetched body turned into a string) is garbage once
// compiled.
// TestProgramCacheBytes: the cache is bounded by the memory its programs
// are estimated to keep as well as by their count; the least recently used
// go first, and a program too large for the bound is compiled but not kept.
func TestProgramCacheBytes(t *testing.T) {
	src := func(i int) string { return strings.Repeat("x", 1000) + strconv.Itoa(i) }
	one := programSize(keyOf("a.js", src(0)))
	c := newProgramCache(100, 8*one+one/2) // eight programs fit
	p := goja.MustCompile("1", "1", false)
	for i := range 10 {
		c.put("a.js", src(i), p)
		c.get("a.js", src(0)) // the first stays in use
	}
	for i := range 10 {
		want := i == 0 || i >= 3
		if got := c.get("a.js", src(i)) != nil; got != want {
			t.Errorf("program %d kept: %v, want %v", i, got, want)
		}
	}
	if c.progs.Cost() != 8*one || c.len() != 8 {
		t.Errorf("%d programs, size %d; want 8 and %d", c.len(), c.progs.Cost(), 8*one)
	}
	big := strings.Repeat("y", 6000)
	c.put("big.js", big, p)
	if c.get("big.js", big) != nil || c.len() != 8 {
		t.Errorf("a program estimated above half the bound was kept (%d entries)", c.len())
	}
}

func TestProgramCacheDropsSource(t *testing.T) {
	c := newProgramCache(4, DefaultProgramCacheBytes)
	src := strings.Repeat("var x = 1;\n", 1<<12)
	text := weak.Make(unsafe.StringData(src))
	p, err := goja.Compile("big.js", src, false)
	if err != nil {
		t.Fatal(err)
	}
	c.put("big.js", src, p)
	if c.get("big.js", strings.Clone(src)) != p {
		t.Fatal("miss for the same text")
	}
	src = ""
	runtime.GC()
	if text.Value() != nil {
		t.Error("the cache keeps the source text of a compiled script")
	}
	runtime.KeepAlive(c)
}

// BenchmarkProgramCacheHit looks up a 3 MB script (the size of Angular's
// JIT bundle), as every render does before running it.
func BenchmarkProgramCacheHit(b *testing.B) {
	src := strings.Repeat("function f(a) { return a + 1; }\n", 3<<20/32)
	c := newProgramCache(4, DefaultProgramCacheBytes)
	c.put("bundle.js", src, goja.MustCompile("x", "1", false))
	other := strings.Clone(src) // a fresh copy, as a new render fetches it
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if c.get("bundle.js", other) == nil {
			b.Fatal("miss")
		}
	}
}

// TestProgramCacheCompilesOnce checks that renders asking for one script
// at the same time share one compilation, and that a failed compilation
// is handed to each and not kept.
func TestProgramCacheCompilesOnce(t *testing.T) {
	c := newProgramCache(4, DefaultProgramCacheBytes)
	var calls atomic.Int32
	release := make(chan struct{})
	compile := func() (*goja.Program, error) {
		calls.Add(1)
		<-release
		return goja.Compile("a.js", "1", false)
	}
	var wg sync.WaitGroup
	progs := make([]*goja.Program, 8)
	for i := range progs {
		wg.Go(func() {
			p, err := c.getOrCompile("a.js", "1", compile)
			if err != nil {
				t.Error(err)
			}
			progs[i] = p
		})
	}
	close(release)
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Errorf("compiled %d times, want once", n)
	}
	for _, p := range progs {
		if p == nil || p != progs[0] {
			t.Fatalf("renders got different programs: %p, %p", p, progs[0])
		}
	}
	fail := errors.New("bad script")
	for range 2 {
		if _, err := c.getOrCompile("b.js", "(", func() (*goja.Program, error) { return nil, fail }); err != fail {
			t.Errorf("err = %v, want %v", err, fail)
		}
	}
	if c.get("b.js", "(") != nil {
		t.Error("a failed compilation was cached")
	}
}

// compileBenchLibraries are the large libraries the compile benchmarks
// use: UMD and global builds as pages load them.
var compileBenchLibraries = []string{
	"vue/dist/vue.global.js",
	"react-dom/umd/react-dom.development.js",
	"vuetify/dist/vuetify.js",
	"jquery/dist/jquery.js",
	"antd/dist/antd.js",
	"mermaid/dist/mermaid.min.js",
}

// readBenchLibrary returns the text and base name of a library of
// testdata/node_modules, skipping b when it is not installed.
func readBenchLibrary(b *testing.B, lib string) (src, name string) {
	text, err := os.ReadFile(filepath.Join("..", "testdata", "node_modules", lib))
	if err != nil {
		b.Skipf("%v (npm ci --prefix testdata)", err)
	}
	return string(text), filepath.Base(lib)
}

// BenchmarkCompileLibrary measures compileNew, the whole classic-script
// pipeline of a cache miss (nesting check, regexp escapes, parse, the
// lowerings, goja's compile), on large libraries. A render's first use of
// a script pays it; later renders take the program from the cache.
func BenchmarkCompileLibrary(b *testing.B) {
	for _, lib := range compileBenchLibraries {
		src, name := readBenchLibrary(b, lib)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			start := processCPU()
			for b.Loop() {
				if _, err := compileNew(src, name, nil, nil); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, processCPU()-start)
		})
	}
}

// BenchmarkLowerings measures the AST lowerings of compileScript alone
// (lowerScript) on the same libraries:
// each iteration parses a fresh AST with the timer stopped.
func BenchmarkLowerings(b *testing.B) {
	for _, lib := range compileBenchLibraries {
		src, name := readBenchLibrary(b, lib)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var cpu time.Duration
			for range b.N {
				b.StopTimer()
				prg, err := parseScript(name, src)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				start := processCPU()
				lowerScript(prg, src)
				cpu += processCPU() - start
			}
			reportCPU(b, cpu)
		})
	}
}

// reportCPU adds cpu-ns/op, the process's CPU time per iteration (see
// processCPU), to b's results.
func reportCPU(b *testing.B, cpu time.Duration) {
	if cpu > 0 && b.N > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
}

// TestDropSharedCaches checks that DropSharedCaches empties the
// process-wide caches of compiled scripts, parsed sheets and their
// resolved texts, so that the
// next compile of a script is a miss ProgramCompiles counts, and the one
// after it a hit it does not.
func TestDropSharedCaches(t *testing.T) {
	src := "var dropSharedCachesTest = 1;"
	compile := func() {
		t.Helper()
		if _, err := compileClassic(src, "drop.js", nil); err != nil {
			t.Fatal(err)
		}
	}
	compile()
	parsedSheets.parse("p { color: red }", webapi.Viewport{}, false)
	cascadeSheetText(strings.Repeat("p { background: url(a.png) }", 100), "https://h.test/a.css")
	if programs.get("drop.js", src) == nil || parsedSheets.Len() == 0 || resolvedSheets.Len() == 0 {
		t.Fatal("the caches kept nothing to drop")
	}
	before := ProgramCompiles()
	compile()
	if n := ProgramCompiles() - before; n != 0 {
		t.Errorf("a cached script counted %d compiles, want 0", n)
	}
	DropSharedCaches()
	if programs.get("drop.js", src) != nil || programs.len() != 0 || programs.progs.Cost() != 0 {
		t.Errorf("compiled scripts left after the drop: %d (%d bytes)", programs.len(), programs.progs.Cost())
	}
	if parsedSheets.Len() != 0 || parsedSheets.Cost() != 0 {
		t.Errorf("parsed sheets left after the drop: %d", parsedSheets.Len())
	}
	if resolvedSheets.Len() != 0 || resolvedSheets.Cost() != 0 {
		t.Errorf("resolved sheet texts left after the drop: %d", resolvedSheets.Len())
	}
	before = ProgramCompiles()
	compile()
	if n := ProgramCompiles() - before; n != 1 {
		t.Errorf("after the drop the script counted %d compiles, want 1", n)
	}
	if programs.get("drop.js", src) == nil {
		t.Error("the cache keeps nothing after the drop")
	}
}
