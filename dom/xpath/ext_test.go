package xpath

import (
	"errors"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

type env map[string]Value

func (e env) Variable(name string) (Value, bool) { v, ok := e[name]; return v, ok }

func xmlDoc(t *testing.T, s string) *dom.Document {
	t.Helper()
	d, err := dom.ParseXML(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestVariablesAndFunctions(t *testing.T) {
	d := xmlDoc(t, `<r><i n="1">a</i><i n="2">b</i><i n="3">c</i></r>`)
	errHost := errors.New("host failure")
	opts := Options{Variables: true, Functions: func(name string) *Function {
		switch name {
		case "twice":
			return &Function{Min: 1, Max: 1, Call: func(c Context, args []Value) (Value, error) {
				return NumberValue(2 * args[0].Number()), nil
			}}
		case "pos":
			return &Function{Min: 0, Max: 0, Call: func(c Context, _ []Value) (Value, error) {
				return NumberValue(float64(c.Pos*10 + c.Size)), nil
			}}
		case "fail":
			return &Function{Min: 0, Max: 0, Call: func(Context, []Value) (Value, error) { return Value{}, errHost }}
		}
		return nil
	}}
	ev := &Evaluator{Env: env{"x": NumberValue(2), "s": StringValue("b")}}
	root := Context{Node: NodeOf(&d.Node), Pos: 1, Size: 1}
	for _, tc := range []struct{ src, want string }{
		{"$x + 1", "3"},
		{"twice($x)", "4"},
		{"string(//i[$x])", "b"},
		{"count(//i[. = $s])", "1"},
		{"//i[pos() = 23]/@n", "2"},
	} {
		e, err := CompileWith(tc.src, opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		v, err := ev.Eval(e, root)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		if v.String() != tc.want {
			t.Errorf("%s = %q, want %q", tc.src, v.String(), tc.want)
		}
	}
	if _, err := CompileWith("twice()", opts); err == nil {
		t.Error("a function called with too few arguments compiled")
	}
	if _, err := CompileWith("nosuch()", opts); err == nil {
		t.Error("an unknown function compiled")
	}
	e, _ := CompileWith("$undefined", opts)
	if _, err := ev.Eval(e, root); err == nil {
		t.Error("an undefined variable evaluated")
	}
	e, _ = CompileWith("fail()", opts)
	if _, err := ev.Eval(e, root); !errors.Is(err, errHost) {
		t.Errorf("a function's error: got %v", err)
	}
	// Without Variables, $x is the empty string, as document.evaluate.
	e, _ = Compile("$x", nil)
	if v, err := e.Evaluate(&d.Node); err != nil || v.String() != "" {
		t.Errorf("document.evaluate's $x = %q, %v", v.String(), err)
	}
}

func TestPatterns(t *testing.T) {
	d := xmlDoc(t, `<r xmlns:f="urn:f"><a><b id="x"/><b/><c><b/></c></a><f:b/>text</r>`)
	a := d.DocumentElement().FirstElementChild()
	b1, b2 := a.FirstElementChild(), a.FirstElementChild().NextElementSibling()
	b3 := a.LastElementChild().FirstElementChild()
	fb := a.NextElementSibling()
	txt := d.DocumentElement().Last()
	resolve := func(p string) (string, bool) { return "urn:f", p == "f" }
	ev := &Evaluator{}
	for _, tc := range []struct {
		pat      string
		prio     float64
		match    []*dom.Node
		nonMatch []*dom.Node
	}{
		{"b", 0, []*dom.Node{b1, b2, b3}, []*dom.Node{fb, a}},
		{"a/b", 0.5, []*dom.Node{b1, b2}, []*dom.Node{b3}},
		{"a//b", 0.5, []*dom.Node{b1, b2, b3}, []*dom.Node{fb}},
		{"/r/a", 0.5, []*dom.Node{a}, []*dom.Node{b1}},
		{"//b", 0.5, []*dom.Node{b1, b3}, []*dom.Node{fb}},
		{"b[2]", 0.5, []*dom.Node{b2}, []*dom.Node{b1, b3}},
		{"b[@id]", 0.5, []*dom.Node{b1}, []*dom.Node{b2}},
		{"*", -0.5, []*dom.Node{a, b1, fb}, []*dom.Node{txt, &d.Node}},
		{"f:*", -0.25, []*dom.Node{fb}, []*dom.Node{b1}},
		{"f:b", 0, []*dom.Node{fb}, []*dom.Node{b1}},
		{"text()", -0.5, []*dom.Node{txt}, []*dom.Node{a}},
		{"node()", -0.5, []*dom.Node{txt, a}, []*dom.Node{&d.Node}},
		{"/", 0.5, []*dom.Node{&d.Node}, []*dom.Node{a}},
		{"id('x')", 0.5, []*dom.Node{}, []*dom.Node{b2}},
		{"@id", 0, []*dom.Node{b1.GetAttributeNode("id")}, []*dom.Node{b1}},
	} {
		p, err := CompilePattern(tc.pat, Options{Resolve: resolve})
		if err != nil {
			t.Fatalf("%s: %v", tc.pat, err)
		}
		if got := p.Priority(0); got != tc.prio {
			t.Errorf("%s: priority %v, want %v", tc.pat, got, tc.prio)
		}
		for _, n := range tc.match {
			if ok, err := ev.MatchAny(p, NodeOf(n)); !ok || err != nil {
				t.Errorf("%s does not match %s (%v)", tc.pat, n.NodeName(), err)
			}
		}
		for _, n := range tc.nonMatch {
			if ok, _ := ev.MatchAny(p, NodeOf(n)); ok {
				t.Errorf("%s matches %s", tc.pat, n.NodeName())
			}
		}
	}
	p, err := CompilePattern("a | b", Options{})
	if err != nil || p.Alternatives() != 2 {
		t.Errorf("a | b: %v alternatives, %v", p, err)
	}
	for _, bad := range []string{"1 + 1", "ancestor::a", "a/..", "$v", "string(a)"} {
		if _, err := CompilePattern(bad, Options{Variables: true}); err == nil {
			t.Errorf("%q compiled as a pattern", bad)
		}
	}
}
