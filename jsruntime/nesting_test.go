package jsruntime

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

func TestScanNesting(t *testing.T) {
	tests := []struct {
		src  string
		want int
	}{
		{``, 0},
		{`f(a[1], {b: 2})`, 2},
		{`((((1))))`, 4},
		{`"(((" + '[[[' + x`, 0},
		{`"a\"((" + y`, 0},
		{"`((( ${ f(`[[[ ${ g() }`) } )))`", 4},
		{`// ((((` + "\n" + `x`, 0},
		{`/* [[[[ */ x`, 0},
		{`x = /[(]+\/(/g.test(s)`, 1},
		{`a = b / (c) / d`, 1},
		{`return /((a))/.test(x)`, 1},
		// A regular expression after the ) of an if is taken for a division:
		// its brackets count (the scan is a bound, not a parser).
		{`if (x) /((/.exec(y)`, 2},
		{`a[i] / 2 + (b)`, 1},
		{`{{{ }}}`, 3},
		{`))))((`, 2},
		{`f(` + strings.Repeat("[", 20) + strings.Repeat("]", 20) + `)`, 21},
	}
	for _, tt := range tests {
		if got, _ := scanNesting(tt.src, 1<<30); got != tt.want {
			t.Errorf("scanNesting(%q) = %d, want %d", tt.src, got, tt.want)
		}
	}
}

// TestCheckNesting: a source nested past the limit is a SyntaxError before
// goja's parser, which would recurse until Go's stack limit kills the
// process, ever sees it.
func TestCheckNesting(t *testing.T) {
	deep := strings.Repeat("(", maxScriptNesting+1) + "1" + strings.Repeat(")", maxScriptNesting+1)
	var syn *goja.CompilerSyntaxError
	if err := checkNesting(deep, "deep.js"); !errors.As(err, &syn) || !strings.Contains(syn.Message, "nested deeper") {
		t.Errorf("checkNesting(deep) = %v, want a SyntaxError", err)
	}
	ok := strings.Repeat("[", maxScriptNesting) + strings.Repeat("]", maxScriptNesting)
	if err := checkNesting(ok, "ok.js"); err != nil {
		t.Errorf("checkNesting at the limit: %v", err)
	}
}

// TestScanNestingRealCode: the libraries the app tests use nest far below
// the limit, whatever their minification: the scan never refuses real code.
func TestScanNestingRealCode(t *testing.T) {
	root := "../testdata/node_modules"
	if _, err := os.Stat(root); err != nil {
		t.Skip("no node_modules to scan")
	}
	files, deepest, deepestFile := 0, 0, ""
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		if n, _ := scanNesting(string(b), 1<<30); n > deepest {
			deepest, deepestFile = n, path
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files, deepest nesting %d (%s)", files, deepest, deepestFile)
	if deepest > maxScriptNesting/10 {
		t.Errorf("%s nests %d deep: the scan is miscounting real code", deepestFile, deepest)
	}
}

func FuzzScanNesting(f *testing.F) {
	for _, s := range []string{"f(a[1], {b: 2})", "`${`${x}`}`", "/[/]/.test('(')", "a / b / (c)", "/* ( */ // [\n{", "\"\\", "`${"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got, _ := scanNesting(src, 1<<30)
		opens := strings.Count(src, "(") + strings.Count(src, "[") + strings.Count(src, "{")
		if got < 0 || got > opens {
			t.Fatalf("scanNesting(%q) = %d with %d opening brackets", src, got, opens)
		}
	})
}

func BenchmarkScanNesting(b *testing.B) {
	src, err := os.ReadFile("../testdata/node_modules/jquery/dist/jquery.min.js")
	if err != nil {
		b.Skip(err)
	}
	s := string(src)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		scanNesting(s, maxScriptNesting)
	}
}
