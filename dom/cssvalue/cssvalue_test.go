package cssvalue

import (
	"strings"
	"testing"
)

func TestCompute(t *testing.T) {
	ctx := &Context{FontSize: 10, RootFontSize: 20, ViewportWidth: 1280, ViewportHeight: 800}
	basis := &Context{FontSize: 10, RootFontSize: 20, PercentBasis: 200, HasPercentBasis: true}
	fonts := &Context{FontSize: 16, Font: testFont{}}
	cq := &Context{FontSize: 16, Container: sizer{300, 200, 0}}
	vcq := &Context{FontSize: 16, Container: sizer{300, 200, 1}}
	for _, c := range []struct {
		in   string
		ctx  *Context
		want string // "" when Compute must refuse
	}{
		{"15px", ctx, "15px"},
		{"10cqw", cq, "30px"},
		{"10CQI", cq, "30px"},
		{"10cqh", cq, "20px"},
		{"10cqb", cq, "20px"},
		{"10cqmin", cq, "20px"},
		{"10cqmax", cq, "30px"},
		{"calc(10cqw + 1em)", cq, "46px"},
		{"10cqw", ctx, "128px"},
		{"10cqi", vcq, "20px"},
		{"10cqb", vcq, "30px"},
		{"10cqw", vcq, "30px"},
		{"2em", ctx, "20px"},
		{"1.5rem", ctx, "30px"},
		{"10vw", ctx, "128px"},
		{"10vmin", ctx, "80px"},
		{"10dvh", ctx, "80px"},
		{"1in", ctx, "96px"},
		{"10mm", ctx, "37.7953px"},
		{"12pt", ctx, "16px"},
		{"200ms", ctx, "0.2s"},
		{"0.5turn", ctx, "180deg"},
		{"0.0000001px", ctx, "1e-07px"},
		{"50%", ctx, "50%"},
		{"50%", basis, "100px"},
		{"calc(10px + 5px)", ctx, "15px"},
		{"CALC(3PX + 4PX)", ctx, "7px"},
		{"-webkit-calc(3px + 4px)", ctx, "7px"},
		{"calc(10px - 15px)", ctx, "-5px"},
		{"calc(2 * 3px)", ctx, "6px"},
		{"calc(3px*2)", ctx, "6px"},
		{"calc(12px / 4)", ctx, "3px"},
		{"calc((1px + 2px) * 3)", ctx, "9px"},
		{"calc(calc(1px + 1px) * 2)", ctx, "4px"},
		{"calc(1em + 2px)", ctx, "12px"},
		{"calc(100px / 7)", ctx, "14.2857px"},
		{"calc(50% + 10px)", ctx, "calc(50% + 10px)"},
		{"calc(100% - 2em)", ctx, "calc(100% - 20px)"},
		{"calc(10% + 0px)", ctx, "10%"},
		{"calc(50% + 10px)", basis, "110px"},
		{"calc(1s + 500ms)", ctx, "1.5s"},
		{"calc(0.25 * 2)", ctx, "0.5"},
		{"calc(pi * 0 + 1)", ctx, "1"},
		{"min(10px, 5px, 7px)", ctx, "5px"},
		{"max(1em, 5px)", ctx, "10px"},
		{"clamp(10px, 5px, 20px)", ctx, "10px"},
		{"clamp(10px, 25px, 20px)", ctx, "20px"},
		{"calc(min(10px, 20px) + max(1px, 2px))", ctx, "12px"},
		{"max(10%, 1em)", ctx, "max(10%, 10px)"},
		{"min(50%, 10px)", basis, "10px"},
		{"calc(1px + 1)", ctx, ""},
		{"calc(1px * 2px)", ctx, ""},
		{"calc(1px / 0)", ctx, ""},
		{"calc(1px -2px)", ctx, ""},
		{"calc(1px+2px)", ctx, ""},
		{"calc(1px + 2px", ctx, ""},
		{"calc(2ex)", ctx, ""},
		{"calc(2ex + 1ch)", fonts, "18.6875px"},
		{"60ex", fonts, "440.625px"},
		{"3ch", fonts, "12px"},
		{"calc()", ctx, ""},
		{"min()", ctx, ""},
		{"foo(1px)", ctx, ""},
		{"auto", ctx, ""},
		{"2em", nil, ""},
	} {
		got, ok := Compute(c.in, c.ctx)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("Compute(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestComputeDeep: nesting past maxMathDepth is refused, not a stack
// exhaustion.
func TestComputeDeep(t *testing.T) {
	s := strings.Repeat("calc(", 10000) + "1px" + strings.Repeat(")", 10000)
	if _, ok := Compute(s, &Context{}); ok {
		t.Error("10000 nested calc() computed")
	}
}

func TestParseColor(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"red", "rgb(255, 0, 0)"},
		{"RebeccaPurple", "rgb(102, 51, 153)"},
		{"transparent", "rgba(0, 0, 0, 0)"},
		{"#f00", "rgb(255, 0, 0)"},
		{"#F00A", "rgba(255, 0, 0, 0.667)"},
		{"#12345680", "rgba(18, 52, 86, 0.5)"},
		{"rgb(1 2 3 / 50%)", "rgba(1, 2, 3, 0.5)"},
		{"rgba(0, 0, 0, 0.3333)", "rgba(0, 0, 0, 0.333)"},
		{"rgb(100%, 50%, 0%)", "rgb(255, 128, 0)"},
		{"rgb(300, -5, 10.4)", "rgb(255, 0, 10)"},
		{"rgb(calc(100 + 55) 0 0)", "rgb(155, 0, 0)"},
		{"hsl(120deg 100% 25% / 0.5)", "rgba(0, 128, 0, 0.5)"},
		{"hsl(0.5turn 100% 50%)", "rgb(0, 255, 255)"},
		{"hsl(-120 100% 50%)", "rgb(0, 0, 255)"},
		{"hwb(120 0% 50%)", "rgb(0, 128, 0)"},
		{"hwb(240 20% 20% / 0.5)", "rgba(51, 51, 204, 0.5)"},
		{"hwb(0 60% 60%)", "rgb(128, 128, 128)"},
		{"hwb(0, 0%, 0%)", ""},
		{"rgb(none, 0, 0)", ""},
		{"rgb(1, 2)", ""},
		{"#12345", ""},
		{"currentcolor", ""},
		{"notacolor", ""},
	} {
		got := ""
		if rgba, ok := ParseColor(c.in); ok {
			got = rgba.String()
		}
		if got != c.want {
			t.Errorf("ParseColor(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func BenchmarkCompute(b *testing.B) {
	ctx := &Context{FontSize: 10, RootFontSize: 16}
	b.ReportAllocs()
	for b.Loop() {
		Compute("calc(1em + 2px)", ctx)
	}
}

// FuzzCompute: any text gives a value or a refusal, never a panic.
func FuzzCompute(f *testing.F) {
	for _, s := range []string{"calc(1px + 2em)", "min(1%, max(2px, 3px))", "clamp(1px, 2px)", "rgb(1 2 3 / 4%)", "hwb(1 2% 3%)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		Compute(s, &Context{FontSize: 16, RootFontSize: 16})
		ParseColor(s)
	})
}

// sizer is a ContainerSizer of fixed sizes (and a vertical writing mode
// when its third number is 1).
type sizer [3]float64

func (s sizer) ContainerSize() (float64, float64, bool) { return s[0], s[1], s[2] == 1 }

// testFont has the x-height 7.34375 and the "0" advance 4 at any size.
type testFont struct{}

func (testFont) FontUnits(float64) (ex, ch float64) { return 7.34375, 4 }
