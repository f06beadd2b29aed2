package jsruntime

import (
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// A sheet whose nested selectors double at each level (`& &` under a list
// of two) is read in bounded time: rules past maxNestedSelector are dropped.
func TestNestingBlowupBounded(t *testing.T) {
	sheet := ".a, .b {" + strings.Repeat("& &, & .c { color: red; ", 40) + strings.Repeat("}", 41)
	var rules, longest int
	start := time.Now()
	p := sheetParser{vp: webapi.Viewport{Width: 1280, Height: 800}, rule: func(_, sel string, _ []cssDecl) {
		rules++
		longest = max(longest, len(sel))
		parseRuleSelectors(sel)
	}}
	p.parse(sheet, "", 0)
	if longest > maxNestedSelector {
		t.Errorf("a selector of %d bytes was kept", longest)
	}
	if rules == 0 || rules > 40 {
		t.Errorf("%d rules", rules)
	}
	t.Logf("%d rules, longest selector %d bytes, %v", rules, longest, time.Since(start))
}

func TestNestSelector(t *testing.T) {
	cases := []struct{ parent, nested, want string }{
		{".a", "& span", ".a span"},
		{".a", "span", ".a span"},
		{".a", "> span", ".a > span"},
		{".a .b", "&.on", ".a .b.on"},
		{".a .b", ".x &", ".x :is(.a .b)"},
		{".a, .b", "& > i, b", ":is(.a, .b) > i, :is(.a, .b) b"},
		{".a", "&:hover &", ".a:hover .a"},
	}
	for _, tc := range cases {
		if got := nestSelector(tc.parent, tc.nested); got != tc.want {
			t.Errorf("nestSelector(%q, %q) = %q, want %q", tc.parent, tc.nested, got, tc.want)
		}
	}
}

// A custom property whose value holds a {} block is a declaration, not a
// nested rule (Polymer's @apply shim writes mixins so).
func TestNestingCustomPropertyBlock(t *testing.T) {
	var got []string
	p := sheetParser{vp: webapi.Viewport{Width: 1280, Height: 800}, rule: func(_, sel string, decls []cssDecl) {
		for _, d := range decls {
			got = append(got, sel+" "+d.name+"="+d.value)
		}
	}}
	p.parse(`.a { --mixin: { color: red; }; color: blue; & b { color: green } }`, "", 0)
	want := []string{".a --mixin={ color: red; }", ".a color=blue", ".a b color=green"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Scoped rules hand their scopes on to parseRuleSelectors: each level's
// root and limit, made absolute; rules of more than maxScopeLevels nested
// @scope levels are dropped.
func TestScopeRuleLevels(t *testing.T) {
	var got []string
	var kept []int
	p := sheetParser{vp: webapi.Viewport{Width: 1280, Height: 800}, rule: func(_, sel string, _ []cssDecl) {
		got = append(got, strings.ReplaceAll(sel, "\x00", "|"))
		kept = append(kept, len(parseRuleSelectors(sel)))
	}}
	p.parse(`@scope (.a) to (> .b) { span, & i { color: red } }
.p { @scope (&.r) { color: blue; .c { color: green } } }`+
		strings.Repeat("@scope (.x) { ", 6)+"u { color: red }"+strings.Repeat("}", 6), "", 0)
	want := []string{
		":where(:scope) span, :where(:scope) i|scope|.a|:where(:scope) > .b",
		":where(:scope)|scope|.p.r|",
		":where(:scope) .c|scope|.p.r|",
		":where(:scope) u" + strings.Repeat("|scope|.x|", 6),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(kept) == 4 && (kept[0] != 2 || kept[1] != 1 || kept[3] != 0) {
		t.Errorf("selectors kept: %v, want 2, 1, _, 0 (six levels are dropped)", kept)
	}
}
