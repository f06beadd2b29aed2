package jsruntime

import (
	"math"
	"math/big"
	"testing"
)

// TestMathTrigChromium checks values Chromium 148 gives where Go's
// math.Sin and math.Cos differ from it in the last place.
func TestMathTrigChromium(t *testing.T) {
	for _, c := range []struct {
		x, sin, cos float64
	}{
		{2, 0.9092974268256817, -0.4161468365471424},
		{100000, 0.03574879797201651, -0.9993608074382124},
		{math.Pi, 1.2246467991473532e-16, -1},
		{math.Pi / 2, 1, 6.123233995736766e-17},
		{3 * math.Pi / 2, -1, -1.8369701987210297e-16},
		{2 * math.Pi, -2.4492935982947064e-16, 1},
		{100.123, -0.39674208489268614, 0.9179301270113127},
		{1e10, -0.4875060250875107, 0.873119622676856},
		{-2.2, -0.8084964038195901, -0.5885011172553458},
		{0.5, 0.479425538604203, 0.8775825618903728},
	} {
		if got := jsSin(c.x); got != c.sin {
			t.Errorf("sin(%v) = %v, want %v", c.x, got, c.sin)
		}
		if got := jsCos(c.x); got != c.cos {
			t.Errorf("cos(%v) = %v, want %v", c.x, got, c.cos)
		}
	}
	if s := jsSin(math.Copysign(0, -1)); s != 0 || !math.Signbit(s) {
		t.Errorf("sin(-0) = %v, want -0", s)
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if !math.IsNaN(jsSin(x)) || !math.IsNaN(jsCos(x)) {
			t.Errorf("sin/cos(%v) not NaN", x)
		}
	}
	if jsSin(1e300) < -1 || jsSin(1e300) > 1 || jsCos(-1e300) < -1 || jsCos(-1e300) > 1 {
		t.Error("a huge argument out of range")
	}
}

// TestMathTrigCorrectlyRounded compares with the exact values rounded
// once, from the series summed in big.Float.
func TestMathTrigCorrectlyRounded(t *testing.T) {
	const prec = 400
	trig.once.Do(initTrig)
	pi := machinPi(prec)
	exact := func(x float64, cos bool) float64 {
		bx := new(big.Float).SetPrec(prec).SetFloat64(x)
		twoPi := new(big.Float).SetPrec(prec).Mul(pi, big.NewFloat(2))
		q := new(big.Float).SetPrec(prec).Quo(bx, twoPi)
		k, _ := q.Int(nil)
		bx.Sub(bx, new(big.Float).SetPrec(prec).Mul(new(big.Float).SetPrec(prec).SetInt(k), twoPi))
		sum := new(big.Float).SetPrec(prec)
		term := new(big.Float).SetPrec(prec).SetInt64(1)
		start := int64(0)
		if !cos {
			term.Set(bx)
			start = 1
		}
		x2 := new(big.Float).SetPrec(prec).Mul(bx, bx)
		for n := start; n < start+120; n += 2 {
			sum.Add(sum, term)
			term.Mul(term, x2)
			term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(-(n+1)*(n+2)))
		}
		f, _ := sum.Float64()
		return f
	}
	seed := uint64(7)
	for i := 0; i < 3000; i++ {
		seed = seed*6364136223846793005 + 1442695040888963407
		x := (float64(seed>>11)/(1<<53)*2 - 1) * math.Pow(10, float64(i%9)-3)
		if s, want := jsSin(x), exact(x, false); s != want {
			t.Fatalf("sin(%v) = %v, want %v", x, s, want)
		}
		if c, want := jsCos(x), exact(x, true); c != want {
			t.Fatalf("cos(%v) = %v, want %v", x, c, want)
		}
	}
}

func BenchmarkMathTrig(b *testing.B) {
	b.Run("jsSin", func(b *testing.B) {
		s := 0.0
		for i := 0; i < b.N; i++ {
			s += jsSin(float64(i%1000) * 0.0137)
		}
		_ = s
	})
	b.Run("math.Sin", func(b *testing.B) {
		s := 0.0
		for i := 0; i < b.N; i++ {
			s += math.Sin(float64(i%1000) * 0.0137)
		}
		_ = s
	})
}
