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

func TestMathLog10(t *testing.T) {
	for k := -22; k <= 22; k++ {
		if got := jsLog10(math.Pow10(k)); got != float64(k) {
			t.Errorf("log10(1e%d) = %v", k, got)
		}
	}
	// Chromium 148's values where Go's math.Log10 is a unit off
	for _, c := range []struct{ x, want float64 }{
		{125, 2.0969100130080562}, {3, 0.47712125471966244}, {2, 0.3010299956639812}, {7, 0.8450980400142568},
		{5e-324, -323.3062153431158}, {math.MaxFloat64, 308.25471555991675}, {0.5, -0.3010299956639812},
	} {
		if got := jsLog10(c.x); got != c.want {
			t.Errorf("log10(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if !math.IsNaN(jsLog10(-1)) || !math.IsInf(jsLog10(0), -1) || !math.IsInf(jsLog10(math.Inf(1)), 1) || jsLog10(1) != 0 {
		t.Error("special values")
	}
	// within a unit of the exact value rounded once (big.Float): V8's
	// log10 is fdlibm's over a correctly rounded log, not itself correctly
	// rounded (mathv8_test.go has Chromium's bits)
	seed := uint64(11)
	for i := 0; i < 2000; i++ {
		seed = seed*6364136223846793005 + 1442695040888963407
		x := math.Ldexp(1+float64(seed>>11)/(1<<53), int(seed%200)-100)
		got := jsLog10(x)
		// 10^got's neighbours must bracket x on either side of got
		lo, hi := math.Nextafter(got, math.Inf(-1)), math.Nextafter(got, math.Inf(1))
		if !log10Nearest(x, lo, got, hi) && !log10Nearest(x, math.Nextafter(lo, math.Inf(-1)), lo, got) && !log10Nearest(x, got, hi, math.Nextafter(hi, math.Inf(1))) {
			t.Fatalf("log10(%v) = %v is more than a unit from the nearest double", x, got)
		}
	}
}

// log10Nearest tells whether log10(x) is nearer to mid than to lo and hi,
// comparing 10^((lo+mid)/2) and 10^((mid+hi)/2) with x in big.Float.
func log10Nearest(x, lo, mid, hi float64) bool {
	pow10 := func(e *big.Float) *big.Float {
		// 10^e = e^(e·ln 10), by the series in big.Float (|e| is at most ~31)
		const prec = 300
		ln10 := atanhInv(9, prec)
		ln10.Mul(ln10, big.NewFloat(2))
		ln2 := atanhInv(3, prec)
		ln2.Mul(ln2, big.NewFloat(2))
		ln10.Add(ln10, new(big.Float).SetPrec(prec).Mul(ln2, big.NewFloat(3)))
		a := new(big.Float).SetPrec(prec).Mul(e, ln10)
		// e^a = (e^(a/2^12))^(2^12)
		a.SetMantExp(a, -12)
		sum := new(big.Float).SetPrec(prec).SetInt64(1)
		term := new(big.Float).SetPrec(prec).SetInt64(1)
		for n := int64(1); n < 40; n++ {
			term.Mul(term, a)
			term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(n))
			sum.Add(sum, term)
		}
		for range 12 {
			sum.Mul(sum, sum)
		}
		return sum
	}
	half := func(a, b float64) *big.Float {
		s := new(big.Float).SetPrec(300).SetFloat64(a)
		s.Add(s, new(big.Float).SetPrec(300).SetFloat64(b))
		return s.SetMantExp(s, -1)
	}
	bx := new(big.Float).SetPrec(300).SetFloat64(x)
	return pow10(half(lo, mid)).Cmp(bx) <= 0 && pow10(half(mid, hi)).Cmp(bx) >= 0
}

func BenchmarkMathLog10(b *testing.B) {
	b.Run("jsLog10", func(b *testing.B) {
		s := 0.0
		for i := 0; i < b.N; i++ {
			s += jsLog10(float64(i%1000)*0.37 + 0.01)
		}
		_ = s
	})
	b.Run("math.Log10", func(b *testing.B) {
		s := 0.0
		for i := 0; i < b.N; i++ {
			s += math.Log10(float64(i%1000)*0.37 + 0.01)
		}
		_ = s
	})
}
