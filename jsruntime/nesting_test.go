package jsruntime

import (
	"errors"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/loop"
)

// TestCheckNesting: a source nested or chained past the limit is a
// SyntaxError before goja's parser, which would recurse until Go's stack
// limit kills the process, ever sees it. (The scan itself is tested in
// loop.)
func TestCheckNesting(t *testing.T) {
	deep := strings.Repeat("(", loop.MaxSourceDepth+1) + "1" + strings.Repeat(")", loop.MaxSourceDepth+1)
	var syn *goja.CompilerSyntaxError
	if err := checkNesting(deep, "deep.js"); !errors.As(err, &syn) || !strings.Contains(syn.Message, "deep.js: source nested") {
		t.Errorf("checkNesting(deep) = %v, want a SyntaxError", err)
	}
	chain := "x = 1" + strings.Repeat("+1", loop.MaxSourceDepth+1)
	if err := checkNesting(chain, "chain.js"); !errors.As(err, &syn) {
		t.Errorf("checkNesting(chain) = %v, want a SyntaxError", err)
	}
	ok := strings.Repeat("[", loop.MaxSourceDepth) + strings.Repeat("]", loop.MaxSourceDepth)
	if err := checkNesting(ok, "ok.js"); err != nil {
		t.Errorf("checkNesting at the limit: %v", err)
	}
}
