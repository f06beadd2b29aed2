package webapi

import "testing"

// TestContainerQueryEval: container conditions parse, serialize as
// Chromium 156 writes them, and evaluate against a container's sizes and
// custom properties, a size the container does not expose and an
// unknown feature being unknown (false, also under not).
func TestContainerQueryEval(t *testing.T) {
	style := func(name string) (string, bool) {
		v, ok := map[string]string{"--x": " 1 ", "--s": "a  b"}[name]
		return v, ok
	}
	for _, c := range []struct {
		q, text string
		w, h    float64
		hasH    bool
		want    bool
	}{
		{"(width > 450px)", "(width > 450px)", 800, 0, false, true},
		{"(MAX-WIDTH:450PX)", "(max-width: 450px)", 800, 0, false, false},
		{"(400px <= width <= 400px)", "(400px <= width <= 400px)", 400, 0, false, true},
		{"(inline-size >= 25em)", "(inline-size >= 25em)", 400, 0, false, true},
		{"(height > 1px)", "(height > 1px)", 400, 300, false, false},
		{"not (height > 1px)", "not (height > 1px)", 400, 300, false, false},
		{"(height > 1px)", "(height > 1px)", 400, 300, true, true},
		{"(orientation: portrait)", "(orientation: portrait)", 400, 300, true, false},
		{"(aspect-ratio > 1/1)", "(aspect-ratio > 1 / 1)", 400, 300, true, true},
		{"(foo: bar)", "(foo: bar)", 400, 300, true, false},
		{"not (foo: bar)", "not (foo: bar)", 400, 300, true, false},
		{"(width < 1px) or (foo: bar)", "(width < 1px) or (foo: bar)", 400, 300, true, false},
		{"style( --x :  1 )", "style(--x: 1)", 0, 0, false, true},
		{"style(--x: 2)", "style(--x: 2)", 0, 0, false, false},
		{"style(--x)", "style(--x)", 0, 0, false, true},
		{"style(--y)", "style(--y)", 0, 0, false, false},
		{"style(--s: a b)", "style(--s: a b)", 0, 0, false, true},
		{"style((--x: 1) and (not (--y)))", "style((--x: 1) and (not (--y)))", 0, 0, false, true},
		{"style(color: red)", "style(color: red)", 0, 0, false, false},
		{"scroll-state(stuck: top)", "scroll-state(stuck: top)", 0, 0, false, false},
		{"card", "card", 0, 0, false, true},
		{"card style(--x: 1) and (width > 1px)", "card style(--x: 1) and (width > 1px)", 10, 0, false, true},
	} {
		q, ok := ParseContainerQuery(c.q)
		if !ok {
			t.Errorf("%s: invalid", c.q)
			continue
		}
		if got := q.String(); got != c.text {
			t.Errorf("%s: serialized %q, want %q", c.q, got, c.text)
		}
		got := q.Conds[0].Eval(&ContainerEnv{Width: c.w, Height: c.h, HasWidth: true, HasHeight: c.hasH, Style: style})
		if got != c.want {
			t.Errorf("%s at %vx%v: %v, want %v", c.q, c.w, c.h, got, c.want)
		}
	}
	for _, bad := range []string{"", "none (width > 1px)", "and (width > 1px)", "(width > 1px) foo", "a b", "(width > 1px),"} {
		if _, ok := ParseContainerQuery(bad); ok {
			t.Errorf("%q: valid", bad)
		}
	}
}
