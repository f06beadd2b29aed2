package cssvalue

import "testing"

// The expectations are what Chromium 156 reads back from
// element.style.width (opacity, transition-duration) after setting the input.
func TestSimplifyMath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"calc(1px + 2em)", "calc(2em + 1px)"},
		{"calc(2px + 10% + 1em + 3vw - 1px)", "calc(10% + 1em + 1px + 3vw)"},
		{"calc(1em * 2 + 3px)", "calc(2em + 3px)"},
		{"calc(1in + 1px)", "calc(97px)"},
		{"calc(100% - 20px)", "calc(100% - 20px)"},
		{"calc(-1px + 2em)", "calc(2em - 1px)"},
		{"calc(1px)", "calc(1px)"},
		{"calc(10px / 2)", "calc(5px)"},
		{"calc((1px + 2px) * 3)", "calc(9px)"},
		{"calc(1px + calc(2em - 1px))", "calc(2em + 0px)"},
		{"min(10px, 20px)", "calc(10px)"},
		{"calc(min(10px, 2em) + 1px)", "calc(1px + min(10px, 2em))"},
		{"calc(1px + 0em)", "calc(0em + 1px)"},
		{"calc(0px)", "calc(0px)"},
		{"calc(2 * 50%)", "calc(100%)"},
		{"calc(1.5px + 0.25px)", "calc(1.75px)"},
		{"calc(1em - 1em)", "calc(0em)"},
		{"calc(1Q + 1mm)", "calc(4.72441px)"},
		{"calc(1pt + 1pc)", "calc(17.3333px)"},
		{"clamp(1px, 2px, 3px)", "calc(2px)"},
		{"calc(1px*-1 + 2em)", "calc(2em - 1px)"},
		{"calc(100vw - 2 * 1rem)", "calc(-2rem + 100vw)"},
		{"calc(1 + 2)", "calc(3)"},
		{"calc(2 * 0.5)", "calc(1)"},
		{"calc(1s + 100ms)", "calc(1.1s)"},
		{"calc(100ms + 200ms)", "calc(0.3s)"},
		{"calc(1turn + 10deg)", "calc(370deg)"},
		{"calc(10px + 5%)", "calc(5% + 10px)"},
		// a zero term keeps the sign IEEE arithmetic gives it
		{"calc(100% - 0px)", "calc(100% - 0px)"},
		{"calc(100% + -0px)", "calc(100% - 0px)"},
		{"calc(100% - 0px - 0px)", "calc(100% - 0px)"},
		{"calc(0px - 0px + 100%)", "calc(100% + 0px)"},
		{"calc(100% + 0px*-1)", "calc(100% - 0px)"},
		{"calc(100% - 1px + 1px)", "calc(100% + 0px)"},
		{"calc(100% - 0em)", "calc(100% - 0em)"},
		{"calc(2em - 0px)", "calc(2em - 0px)"},
		{"calc(100% - 0px + 0px)", "calc(100% + 0px)"},
		{"calc(-0px)", "calc(0px)"},
		{"calc(0px - 0px)", "calc(0px)"},
	}
	for _, tt := range tests {
		if got, ok := SimplifyMath(tt.in); !ok || got != tt.want {
			t.Errorf("SimplifyMath(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	// min() and max() of different units stay functions, their nested
	// calc()s bare sums.
	for _, tt := range []struct{ in, want string }{
		{"max(1px, 2px, 1em)", "max(1px, 2px, 1em)"},
		{"max(10px, calc(2em + 1px))", "max(10px, 2em + 1px)"},
		{"clamp(1rem, 2vw + 0.5rem, 3rem)", "clamp(1rem, 0.5rem + 2vw, 3rem)"},
	} {
		if got, ok := SimplifyMath(tt.in); !ok || got != tt.want {
			t.Errorf("SimplifyMath(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	// Left to the caller, which writes them as they are (as Chromium does
	// for the first) or drops them.
	for _, in := range []string{
		"calc(var(--a) + 1px)", "calc(1px + 1s)", "calc(1 + 1px)",
		"calc(1px+2px)", "calc(1px * 2px)", "calc(env(x) + 1px)", "calc(1px", "calc()",
		"calc(2 * min(1px, 1em))", "foo(1px)", "calc(1foo)",
	} {
		if got, ok := SimplifyMath(in); ok {
			t.Errorf("SimplifyMath(%q) = %q, want ok=false", in, got)
		}
	}
}

func FuzzSimplifyMath(f *testing.F) {
	for _, s := range []string{"calc(1px + 2em)", "min(1px, calc(2px * 3))", "clamp(1px, 2em, 3%)", "calc((((1px))))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if out, ok := SimplifyMath(s); ok {
			// what it writes simplifies to itself
			if again, ok := SimplifyMath(out); !ok || again != out {
				t.Errorf("SimplifyMath(%q) = %q, which simplifies to %q, %v", s, out, again, ok)
			}
		}
	})
}

func TestTypeOfMath(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want MathType
	}{
		{"calc(1px + 2em)", MathLength},
		{"max(3rem, 20%)", MathLengthPercent},
		{"calc(50%)", MathPercent},
		{"min(0.5, 1)", MathNumber},
		{"calc(2 * 3px)", MathLength},
		{"calc(3px / 2)", MathLength},
		{"calc(1turn + 10deg)", MathAngle},
		{"calc(1s - 200ms)", MathTime},
		{"calc(100% - var(--x))", MathUnknown},
		{"clamp(none, 50%, 10px)", MathLengthPercent},
		{"calc(1px * sign(var(--a)))", MathLength}, // sign() is a number
		{"calc(pi * 1deg)", MathAngle},
		{"max(3rem, undefined)", MathInvalid},
		{"max(3rem, null)", MathInvalid},
		{"max(3rem, 1fr)", MathInvalid},
		{"max(3rem, 5)", MathInvalid},
		{"max()", MathInvalid},
		{"max(3rem,)", MathInvalid},
		{"clamp(1px, 2px)", MathInvalid},
		{"calc(1px + 2)", MathInvalid},
		{"calc(10px + )", MathInvalid},
		{"calc(1px * 2px)", MathInvalid},
		{"calc(1px / 2px)", MathInvalid},
		{"calc(1s + 2px)", MathInvalid},
		{"calc(1px, 2px)", MathInvalid},
		{"calc(1px", MathInvalid},
		{"calc(1px) x", MathInvalid},
		{"foo(1px)", MathInvalid},
		{"calc(var(--a)", MathInvalid},
		// + and - need white space on both sides (Chromium rejects these)
		{"calc(1px+2px)", MathInvalid},
		{"max(1px+2px, 3px)", MathInvalid},
		{"calc(1px -2px)", MathInvalid},
		{"calc(1px- 2px)", MathInvalid},
		{"calc(2*3px)", MathLength},
	} {
		if got := TypeOfMath(tt.in); got != tt.want {
			t.Errorf("TypeOfMath(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func FuzzTypeOfMath(f *testing.F) {
	for _, s := range []string{"calc(1px + 2em)", "max(3rem, undefined)", "clamp(none, 1px, 2%)", "calc((((1px))))", "calc(var(--a) * 2)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		TypeOfMath(s) // must not panic nor hang
	})
}

// TestSimplifyMathFunctions checks the specified values of the math
// functions beyond calc() as Chromium 156 writes them (style.width,
// style.opacity, style.transform): computed when their arguments are of
// one canonical unit each, kept as functions otherwise, infinities and
// NaN as keywords.
func TestSimplifyMathFunctions(t *testing.T) {
	for in, want := range map[string]string{
		"calc(1px / 0)":                "calc(infinity * 1px)",
		"calc(-1px / 0)":               "calc(-infinity * 1px)",
		"calc(0 / 0)":                  "calc(NaN)",
		"calc(1px * infinity)":         "calc(infinity * 1px)",
		"round(10px, 3px)":             "calc(9px)",
		"round(up, 1em, 3px)":          "round(up, 1em, 3px)",
		"calc(1em + round(10px, 3px))": "calc(1em + 9px)",
		"sin(0)":                       "calc(0)",
		"calc(sin(0) + 0.5)":           "calc(0.5)",
		"acos(1)":                      "calc(0deg)",
		"pow(2, 3)":                    "calc(8)",
		"hypot(3px, 4px)":              "calc(5px)",
		"abs(-1em)":                    "abs(-1em)",
		"sign(-2px)":                   "calc(-1)",
		"mod(10px, 3px)":               "calc(1px)",
		"calc(NaN * 1deg)":             "calc(NaN * 1deg)",
	} {
		if got, ok := SimplifyMath(in); !ok || got != want {
			t.Errorf("SimplifyMath(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// TestTypeOfMathFunctions checks the types of the functions beyond calc():
// what their arguments must be and what they give.
func TestTypeOfMathFunctions(t *testing.T) {
	for in, want := range map[string]MathType{
		"round(up, 11px, 5px)":  MathLength,
		"round(1.5)":            MathNumber,
		"round(1.5px)":          MathInvalid,
		"round(sideways, 1, 2)": MathInvalid,
		"mod(1px, 1s)":          MathInvalid,
		"rem(10%, 1px)":         MathLengthPercent,
		"sin(45deg)":            MathNumber,
		"cos(1px)":              MathInvalid,
		"asin(1)":               MathAngle,
		"acos(1deg)":            MathInvalid,
		"atan2(1px, 2px)":       MathAngle,
		"pow(2, 3)":             MathNumber,
		"pow(2px, 3)":           MathInvalid,
		"sqrt(4)":               MathNumber,
		"hypot(3px, 4px)":       MathLength,
		"hypot(3px, 4)":         MathInvalid,
		"log(8, 2)":             MathNumber,
		"exp(1, 2)":             MathInvalid,
		"abs(-1em)":             MathLength,
		"sign(-1em)":            MathNumber,
		"calc(1dag)":            MathInvalid,
		"mod(1px)":              MathInvalid,
	} {
		if got := TypeOfMath(in); got != want {
			t.Errorf("TypeOfMath(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestEvalMathFunctions checks computed values of the functions beyond
// calc() against CSS Values 4's definitions.
func TestEvalMathFunctions(t *testing.T) {
	ctx := &Context{FontSize: 10, RootFontSize: 16}
	for in, want := range map[string]string{
		"round(15px, 10px)":            "20px",
		"round(-15px, 10px)":           "-10px",
		"round(down, -13px, 10px)":     "-20px",
		"round(to-zero, -18px, 10px)":  "-10px",
		"round(23px, -10px)":           "20px",
		"mod(-18, 5)":                  "2",
		"rem(-18, 5)":                  "-3",
		"mod(140, -90)":                "-40",
		"round(2rem, 5px)":             "30px",
		"mod(1.5em, 1rem)":             "15px",
		"calc(asin(1) + atan2(1, -1))": "225deg",
		"calc(pow(2, 10) * 1px)":       "1024px",
		"calc(log(8, 2) + exp(0))":     "4",
		"hypot(3em, 4em)":              "50px",
		"calc(sign(-3px) * abs(-2s))":  "-2s",
		"calc(1 / sign(-0))":           "", // -infinity: left to the caller
	} {
		got, ok := Compute(in, ctx)
		if want == "" {
			if ok {
				t.Errorf("Compute(%q) = %q, want none", in, got)
			}
			continue
		}
		if !ok || got != want {
			t.Errorf("Compute(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// mathBenchExprs are the specified values the style setters simplify and
// type: sums of units, nested comparisons, a var(), a function of
// mathfunc.go.
var mathBenchExprs = []string{"calc(1px + 2em)", "calc(100% - 2 * (1rem + 3px))", "clamp(1rem, 2vw + 1px, max(3em, 20px))", "calc(100% - var(--gap))", "round(up, 1.5em, 1px)", "min(10px, 20px)"}

func BenchmarkSimplifyMath(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range mathBenchExprs {
			SimplifyMath(e)
		}
	}
}

func BenchmarkTypeOfMath(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range mathBenchExprs {
			TypeOfMath(e)
		}
	}
}
