package jsruntime

import (
	"math"
	"testing"
)

// v8MathCases are arguments where Go's math package gives another double
// than Chromium 156, with Chromium's result (the bits of the IEEE doubles,
// recorded with Float64Array; testdata/wpt/engine48-math-bits.html has
// more).
var v8MathCases = []struct {
	fn   string
	args []uint64
	want uint64
}{
	{"acos", []uint64{0xbfeea1a46c513fac}, 0x4006c8daebbd18bb},
	{"acos", []uint64{0x3edf0a2402112f1b}, 0x3ff921f391bb2c94},
	{"acos", []uint64{0xbf4b8fc0e1307c83}, 0x3ff9256d4c6723e4},
	{"acos", []uint64{0xbf410fe7125e049c}, 0x3ff9241d512816c5},
	{"acosh", []uint64{0x40057f4904649278}, 0x3ffa522646a52447},
	{"acosh", []uint64{0x4088b8701c40351a}, 0x401d774f6ef08ae7},
	{"acosh", []uint64{0x40135f72ab85ee3f}, 0x4002144292f5d92b},
	{"acosh", []uint64{0x4187cae102cc49aa}, 0x40326b29e8451d11},
	{"asin", []uint64{0xbfe38f125ec0c044}, 0xbfe50b03c811d2b5},
	{"asin", []uint64{0xbfebb6d901db096a}, 0xbff0c1b0538f8c47},
	{"asin", []uint64{0xbfc73258640c3c98}, 0xbfc75357036e7b54},
	{"asin", []uint64{0x3fe19229fae2b4a4}, 0x3fe299d3ce51aa87},
	{"asinh", []uint64{0xc0940a1dfc54b05a}, 0xc01f662163742139},
	{"asinh", []uint64{0xc0946fc43a54163a}, 0xc01f7a38c8355e3d},
	{"asinh", []uint64{0x418e135f882e9905}, 0x4032a7280a7a5b91},
	{"asinh", []uint64{0xc146f7416ff6da20}, 0xc02f38a810e9ce0d},
	{"atan", []uint64{0xbfe65794643e999a}, 0xbfe3811cb2d32992},
	{"atan", []uint64{0x4091858df7676458}, 0x3ff91e54429c059b},
	{"atan", []uint64{0x408ec4d2434a0805}, 0x3ff91dd25b1428c3},
	{"atan", []uint64{0x40638d7d51092c4b}, 0x3ff907cbe4d78440},
	{"atan2", []uint64{0xc0b8e4186b48d182, 0xbf6c9a1effdd8cf2}, 0xbff921fbe7599bd5},
	{"atan2", []uint64{0x3f9327db4aa59363, 0x3fc2e2526ce32a3c}, 0x3fc024dc31ff7fc0},
	{"atan2", []uint64{0xc03b29775f3b4e48, 0xc02467c578a9c267}, 0xbffee1bec1050d07},
	{"atan2", []uint64{0xc08dcf0b316e5e0a, 0xbf65f916284b6950}, 0xbff921fe4716e881},
	{"cbrt", []uint64{0xe43584b1f2b9adc2}, 0xcc06406342824dcb},
	{"cbrt", []uint64{0xd9652c23aad51d62}, 0xc86be255250ac263},
	{"cbrt", []uint64{0x86afac72f970952e}, 0xacd94fd07870cb41},
	{"cbrt", []uint64{0xa154923106e7918e}, 0xb5bb9e196a14d1ef},
	{"cosh", []uint64{0x4077d918e9f7763c}, 0x62466d0faf1d3a04},
	{"cosh", []uint64{0x4033219e0660b59c}, 0x41984333dd1f8562},
	{"cosh", []uint64{0xc0272e2771cb9761}, 0x40ea5fbe32148d62},
	{"cosh", []uint64{0xc037df5bd660092f}, 0x4205b776f66fc6aa},
	{"exp", []uint64{0xc00ec105465a1474}, 0x3f95ea884fc28a25},
	{"exp", []uint64{0xc01f8f42f0f1889e}, 0x3f388b294f82a8a1},
	{"exp", []uint64{0xc070a843071e0970}, 0x27e6993f6f826a03},
	{"exp", []uint64{0x4081a3a1d3a382b8}, 0x72d42ea43892d8c8},
	{"log", []uint64{0x3ff79975c79d7a16}, 0x3fd8df649ed3e375},
	{"log", []uint64{0x3ff86250e7e30e9a}, 0x3fdaf73daa56bff9},
	{"log", []uint64{0x3ffb5958c81f3e00}, 0x3fe127a9a9782c5f},
	{"log", []uint64{0x3ff46babfa6d088a}, 0x3fcf39ebed9a2427},
	{"log10", []uint64{0x2f65b040ec47f2ac}, 0xc053e90383b210cd},
	{"log10", []uint64{0x404525cd3cbb0f24}, 0x3ffa054b274d857e},
	{"log10", []uint64{0x280df58e7ac8c20a}, 0xc05cc169b9fb10db},
	{"log10", []uint64{0x5716ea5b0a18f71e}, 0x405be25ff5580d86},
	{"log2", []uint64{0x3ff895f17b9c8b07}, 0x3fe3d4fabb8b40cb},
	{"log2", []uint64{0x3ff4c9e7a4046256}, 0x3fd82cadde6c978b},
	{"log2", []uint64{0x3ffc2c18d2836016}, 0x3fea1e55eab4401d},
	{"log2", []uint64{0x3ff1de178ede4402}, 0x3fc462f2dfcfb869},
	{"pow", []uint64{0x3ffa3b191bde192b, 0x3fd5555555555555}, 0x3ff2ddbe63b29e5f},
	{"pow", []uint64{0x4037374a93d42bcc, 0x40156917beb1723e}, 0x41737f0df706fef0},
	{"pow", []uint64{0x3fd8002e999028db, 0x401e6b905240dcb8}, 0x3f42e1ac80f9dc99},
	{"pow", []uint64{0x3fa150e6c8f46831, 0x4008000000000000}, 0x3f04481d94ac8e65},
	{"sinh", []uint64{0x4002357b61aa1779}, 0x401345ac84ba8092},
	{"sinh", []uint64{0x402e2198014e6c27}, 0x413aa1c5f931bb09},
	{"sinh", []uint64{0xc02033e083ff688a}, 0xc099c5a76043a444},
	{"sinh", []uint64{0x40318617d0f17966}, 0x41737284a34fdb30},
	{"tan", []uint64{0x4161d43dd3af36e0}, 0xbfdccf5b07ccf5e9},
	{"tan", []uint64{0xc0ab798362d70147}, 0xc00e84ea2ad8a95a},
	{"tan", []uint64{0xc03caceb3bba45bf}, 0xbfdb24e32e8c917d},
	{"tan", []uint64{0x4060d1905949cd7b}, 0xbfe32a3938710b90},
	{"tanh", []uint64{0x3fe7c5d47d8bdd03}, 0x3fe43047bbdab25f},
	{"tanh", []uint64{0x3ff6664d880a0baa}, 0x3fec54c23a8b5062},
	{"tanh", []uint64{0xbf335d45c22bce7d}, 0xbf335d45b8b767ff},
	{"tanh", []uint64{0xbfd7eb0082186426}, 0xbfd6dd048c502127},
	// exact cases: powers and roots that are doubles
	{"pow", []uint64{0x4024000000000000, 0x4014000000000000}, 0x40f86a0000000000}, // 10**5
	{"cbrt", []uint64{0x403b000000000000}, 0x4008000000000000},                    // 27
	{"log2", []uint64{0x3f50000000000000}, 0xc024000000000000},                    // 2^-10
	{"log10", []uint64{0x3fb999999999999a}, 0xbff0000000000000},                   // 0.1
}

var v8MathFuncs = map[string]func(a []float64) float64{
	"exp":   func(a []float64) float64 { return jsExp(a[0]) },
	"expm1": func(a []float64) float64 { return fdExpm1(a[0]) },
	"log":   func(a []float64) float64 { return jsLog(a[0]) },
	"log2":  func(a []float64) float64 { return jsLog2(a[0]) },
	"log10": func(a []float64) float64 { return jsLog10(a[0]) },
	"cbrt":  func(a []float64) float64 { return jsCbrt(a[0]) },
	"sinh":  func(a []float64) float64 { return fdSinh(a[0]) },
	"cosh":  func(a []float64) float64 { return fdCosh(a[0]) },
	"tanh":  func(a []float64) float64 { return fdTanh(a[0]) },
	"asinh": func(a []float64) float64 { return fdAsinh(a[0]) },
	"acosh": func(a []float64) float64 { return fdAcosh(a[0]) },
	"atanh": func(a []float64) float64 { return fdAtanh(a[0]) },
	"pow":   func(a []float64) float64 { return jsPow(a[0], a[1]) },
	"atan":  func(a []float64) float64 { return jsAtan(a[0]) },
	"atan2": func(a []float64) float64 { return jsAtan2(a[0], a[1]) },
	"asin":  func(a []float64) float64 { return jsAsin(a[0]) },
	"acos":  func(a []float64) float64 { return jsAcos(a[0]) },
	"tan":   func(a []float64) float64 { return jsTan(a[0]) },
}

func TestMathV8Bits(t *testing.T) {
	for _, c := range v8MathCases {
		args := make([]float64, len(c.args))
		for i, b := range c.args {
			args[i] = math.Float64frombits(b)
		}
		if got := v8MathFuncs[c.fn](args); math.Float64bits(got) != c.want {
			t.Errorf("%s%v = %v, Chromium %v", c.fn, args, got, math.Float64frombits(c.want))
		}
	}
}

// The special values, as the spec lists them.
func TestMathV8Special(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"pow(1, Infinity)", jsPow(1, inf), nan}, {"pow(-1, -Infinity)", jsPow(-1, math.Inf(-1)), nan},
		{"pow(1, NaN)", jsPow(1, nan), nan}, {"pow(NaN, 0)", jsPow(nan, 0), 1},
		{"pow(-8, 1/3)", jsPow(-8, 1.0/3), nan}, {"pow(-2, 3)", jsPow(-2, 3), -8},
		{"pow(-0, -3)", jsPow(math.Copysign(0, -1), -3), math.Inf(-1)}, {"pow(2, -1075)", jsPow(2, -1075), 0},
		{"pow(2, -1074)", jsPow(2, -1074), 5e-324}, {"pow(2, 1024)", jsPow(2, 1024), inf},
		{"pow(-3, 1e300)", jsPow(-3, 1e300), inf}, {"pow(0.5, 1e300)", jsPow(0.5, 1e300), 0},
		{"exp(-Infinity)", jsExp(math.Inf(-1)), 0}, {"exp(710)", jsExp(710), inf}, {"exp(-746)", jsExp(-746), 0},
		{"exp(-745)", jsExp(-745), 5e-324}, {"exp(0)", jsExp(0), 1}, {"exp(1)", jsExp(1), math.E},
		{"log(0)", jsLog(0), math.Inf(-1)}, {"log(-1)", jsLog(-1), nan}, {"log(5e-324)", jsLog(5e-324), -744.4400719213812},
		{"log(1)", jsLog(1), 0}, {"log2(8)", jsLog2(8), 3}, {"log2(5e-324)", jsLog2(5e-324), -1074},
		{"log10(1e-300)", jsLog10(1e-300), -300}, {"cbrt(-27)", jsCbrt(-27), -3}, {"cbrt(5e-324)", jsCbrt(5e-324), 1.7031839360032603e-108},
		{"cbrt(-Infinity)", jsCbrt(math.Inf(-1)), math.Inf(-1)}, {"sinh(-800)", fdSinh(-800), math.Inf(-1)},
		{"cosh(-800)", fdCosh(-800), inf}, {"tanh(-Infinity)", fdTanh(math.Inf(-1)), -1}, {"atanh(1)", fdAtanh(1), inf},
		{"acosh(0.5)", fdAcosh(0.5), nan}, {"asinh(-Infinity)", fdAsinh(math.Inf(-1)), math.Inf(-1)},
		{"expm1(-Infinity)", fdExpm1(math.Inf(-1)), -1},
	} {
		if !(c.got == c.want || (math.IsNaN(c.got) && math.IsNaN(c.want))) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if z := fdTanh(math.Copysign(0, -1)); !math.Signbit(z) || z != 0 {
		t.Errorf("tanh(-0) = %v", z)
	}
}

func BenchmarkMathV8(b *testing.B) {
	for _, c := range []struct {
		name string
		fn   func(float64) float64
	}{
		{"exp", jsExp}, {"log", jsLog}, {"log2", jsLog2}, {"log10", jsLog10}, {"cbrt", jsCbrt},
		{"sinh", fdSinh}, {"tanh", fdTanh}, {"pow", func(x float64) float64 { return jsPow(x, 1.37) }},
		{"atan", jsAtan}, {"asin", func(x float64) float64 { return jsAsin(x / 400) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := 0.0
			for i := 0; i < b.N; i++ {
				s += c.fn(float64(i%1000)*0.37 + 0.01)
			}
			_ = s
		})
	}
}
