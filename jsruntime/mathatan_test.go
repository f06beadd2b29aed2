package jsruntime

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestMathAtanChromium checks values Chromium 156 gives where Go's math
// package differs from it in the last place.
func TestMathAtanChromium(t *testing.T) {
	for _, c := range []struct {
		name string
		got  float64
		want float64
	}{
		{"atan(3707.646131515503)", jsAtan(3707.646131515503), 1.5705266138988219},
		{"atan(-4.0787482261657715)", jsAtan(-4.0787482261657715), -1.3303656114298557},
		{"atan(185.57000160217285)", jsAtan(185.57000160217285), 1.5654075769333573},
		{"atan2(-2.662379741668701, 2.587459913889567)", jsAtan2(-2.662379741668701, 2.587459913889567), -0.7996680739677496},
		{"atan2(0.3734368085861206, 1.5755210638046264)", jsAtan2(0.3734368085861206, 1.5755210638046264), 0.23272947107396988},
		{"atan2(-49.45068359375, 18.183561197916667)", jsAtan2(-49.45068359375, 18.183561197916667), -1.2184312598768592},
		{"asin(-0.19518566131591797)", jsAsin(-0.19518566131591797), -0.19644674889641223},
		{"asin(3.831720650196075e-05)", jsAsin(3.831720650196075e-05), 3.831720651133703e-05},
		{"asin(-2.961251139640808e-07)", jsAsin(-2.961251139640808e-07), -2.961251139640851e-07},
		{"acos(0.327534556388855)", jsAcos(0.327534556388855), 1.2371033148902502},
		{"acos(-0.0007134449481964112)", jsAcos(-0.0007134449481964112), 1.5715097718036175},
		{"tan(-16.225826740264893)", jsTan(-16.225826740264893), -0.5697283528659143},
		{"tan(1095.5548286437988)", jsTan(1095.5548286437988), -1.1639253661707216},
		{"tan(1)", jsTan(1), 1.5574077246549023},
		{"tan(1e300)", jsTan(1e300), 1.4214488238747245},
		{"tan(π/2)", jsTan(math.Pi / 2), 16331239353195370},
		{"tan(π/4)", jsTan(math.Pi / 4), 0.9999999999999999},
		{"asin(0.5)", jsAsin(0.5), 0.5235987755982989},
		{"acos(0.5)", jsAcos(0.5), 1.0471975511965979},
		// the spec's special values
		{"atan(+∞)", jsAtan(math.Inf(1)), math.Pi / 2},
		{"atan2(+0, -0)", jsAtan2(0, math.Copysign(0, -1)), math.Pi},
		{"atan2(-0, -0)", jsAtan2(math.Copysign(0, -1), math.Copysign(0, -1)), -math.Pi},
		{"atan2(+∞, +∞)", jsAtan2(math.Inf(1), math.Inf(1)), math.Pi / 4},
		{"atan2(-∞, -∞)", jsAtan2(math.Inf(-1), math.Inf(-1)), -3 * math.Pi / 4},
		{"atan2(1, -∞)", jsAtan2(1, math.Inf(-1)), math.Pi},
		{"atan2(1e-300, -1e300)", jsAtan2(1e-300, -1e300), math.Pi},
		{"atan2(1e300, 1e-300)", jsAtan2(1e300, 1e-300), math.Pi / 2},
		{"atan2(5e-324, 1)", jsAtan2(5e-324, 1), 5e-324},
		{"atan2(-1, -1)", jsAtan2(-1, -1), -3 * math.Pi / 4},
		{"asin(-1)", jsAsin(-1), -math.Pi / 2},
		{"acos(-1)", jsAcos(-1), math.Pi},
		{"acos(0)", jsAcos(0), math.Pi / 2},
		{"acos(1)", jsAcos(1), 0},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	negZero := math.Copysign(0, -1)
	for name, v := range map[string]float64{"atan(-0)": jsAtan(negZero), "atan2(-0, 0)": jsAtan2(negZero, 0), "asin(-0)": jsAsin(negZero), "tan(-0)": jsTan(negZero), "atan2(-1, +∞)": jsAtan2(-1, math.Inf(1))} {
		if v != 0 || !math.Signbit(v) {
			t.Errorf("%s = %v, want -0", name, v)
		}
	}
	for name, v := range map[string]float64{"atan(NaN)": jsAtan(math.NaN()), "atan2(NaN, 1)": jsAtan2(math.NaN(), 1), "asin(1+ε)": jsAsin(1.0000000000000002), "acos(-1.5)": jsAcos(-1.5), "tan(∞)": jsTan(math.Inf(1))} {
		if !math.IsNaN(v) {
			t.Errorf("%s = %v, want NaN", name, v)
		}
	}
}

// TestMathAtanCorrectlyRounded compares atan with its exact value rounded
// once (bigAtan, 200 bits), across binades and through 1/x past 1.
func TestMathAtanCorrectlyRounded(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	bad := 0
	for i := range 4000 {
		x := math.Ldexp(1+r.Float64(), -(i%40)+5) // 2^-34 … 2^6
		var exact *big.Float
		if x <= 1 {
			exact = bigAtan(new(big.Float).SetPrec(200).SetFloat64(x), 200)
		} else {
			inv := new(big.Float).SetPrec(200).Quo(big.NewFloat(1).SetPrec(200), new(big.Float).SetPrec(200).SetFloat64(x))
			exact = machinPi(200)
			exact.SetMantExp(exact, -1)
			exact.Sub(exact, bigAtan(inv, 200))
		}
		want, _ := exact.Float64()
		if got := jsAtan(x); got != want {
			bad++
			if bad < 5 {
				t.Errorf("atan(%v) = %v, want %v", x, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of 4000 not correctly rounded", bad)
	}
}

// BenchmarkMathAtan2 measures the double-double path against Go's.
func BenchmarkMathAtan2(b *testing.B) {
	b.Run("js", func(b *testing.B) {
		s := 0.0
		for i := range b.N {
			s += jsAtan2(float64(i%1000)*0.0137-5, 1.5)
		}
		_ = s
	})
	b.Run("go", func(b *testing.B) {
		s := 0.0
		for i := range b.N {
			s += math.Atan2(float64(i%1000)*0.0137-5, 1.5)
		}
		_ = s
	})
}
