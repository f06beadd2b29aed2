package cssvalue

import (
	"fmt"
	"strings"
	"testing"
)

// treeString writes node i of t as a prefix expression.
func treeString(t *MathTree, i int32) string {
	n := t.Nodes[i]
	var args []string
	for _, a := range t.Args(i) {
		args = append(args, treeString(t, a))
	}
	switch n.Op {
	case NodeNumber, NodeConstant:
		return n.Text
	case NodeSum:
		return "sum(" + strings.Join(args, " ") + ")"
	case NodeNegate:
		return "neg(" + args[0] + ")"
	case NodeProduct:
		return "prod(" + strings.Join(args, " ") + ")"
	case NodeInvert:
		return "inv(" + args[0] + ")"
	}
	return fmt.Sprintf("%s[%s](%s)", n.Name, n.Strategy, strings.Join(args, " "))
}

func TestParseMath(t *testing.T) {
	for _, c := range []struct{ in, want, top string }{
		{"calc(1px + 2em - 3%)", "sum(1px 2em neg(3%))", "calc"},
		{"CALC(2 * (1px + 1em) / 4)", "prod(2 sum(1px 1em) inv(4))", "calc"},
		{"min(1px, max(2px, 3em), clamp(1px, 2vw, 3px))", "min[](1px max[](2px 3em) clamp[](1px 2vw 3px))", "min"},
		{"round(up, 1.5px, 1px)", "round[up](1.5px 1px)", "round"},
		{"calc(pi * min(1, 2))", "prod(pi min[](1 2))", "calc"},
		{"-webkit-calc(-infinity)", "-infinity", "-webkit-calc"},
		{"calc(1px + 2px", "sum(1px 2px)", "calc"},
		{"(1px)", "1px", ""},
	} {
		tree, ok := ParseMath(c.in)
		if !ok {
			t.Errorf("ParseMath(%q) failed", c.in)
			continue
		}
		if got := treeString(tree, tree.Root()); got != c.want || tree.Top != c.top {
			t.Errorf("ParseMath(%q) = %s (top %q), want %s (top %q)", c.in, got, tree.Top, c.want, c.top)
		}
	}
	for _, in := range []string{"calc(1px+2px)", "calc(1px, 2px)", "clamp(1px, 2px)", "foo(1px)", "calc()", "calc(1px 2px)",
		strings.Repeat("calc(", 40) + "1px" + strings.Repeat(")", 40)} {
		if tree, ok := ParseMath(in); ok {
			t.Errorf("ParseMath(%.40q) = %s, want a refusal", in, treeString(tree, tree.Root()))
		}
	}
	if _, ok := Eval("calc(1px + 2px", nil); ok {
		t.Error("Eval took an unclosed calc()")
	}
	// a constant before a function: the evaluator read the text up to
	// the function's parenthesis as the function's name
	if v, ok := Eval("calc(pi * min(1, 2))", nil); !ok || v.Num != 3.141592653589793 {
		t.Errorf("Eval(calc(pi * min(1, 2))) = %v, %v", v, ok)
	}
}

// BenchmarkEvalMath evaluates math functions as the cascade does: a
// dimension, a sum, nested comparisons and a function of mathfunc.go.
func BenchmarkEvalMath(b *testing.B) {
	ctx := &Context{FontSize: 10, RootFontSize: 16, ViewportWidth: 1280, ViewportHeight: 800}
	exprs := []string{"12px", "calc(1em + 2px - 3vw)", "clamp(1rem, 2vw + 1px, max(3em, 20px))", "calc(2 * (1px + 1em) / 4)", "round(up, 1.5em, 1px)"}
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range exprs {
			Eval(e, ctx)
		}
	}
}
