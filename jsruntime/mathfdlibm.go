package jsruntime

import "math"

// V8 computes Math.expm1, sinh, cosh, asinh, acosh and atanh with its
// ports of the classic fdlibm algorithms (src/base/ieee754.cc: sinh and
// cosh through its exp, asinh and acosh through its log, which Chromium
// 156 takes correctly rounded from LLVM's libc: mathexp.go, mathlogcr.go),
// and tanh with the C library's, which is fdlibm's too. These are not
// correctly rounded, so a page's numbers (SVG path data, chart
// coordinates) print Chromium's digits only when each step is done as
// fdlibm does it, with the same argument reduction, the same polynomial
// and rational approximations and the same splitting of values into high
// and low words. Go's math package follows other algorithms for some
// (Cephes' tanh, its own sinh and cosh) and its log and exp are assembly
// on amd64: on 2,000 arguments each Go differed from Chromium 156 on 17
// (acosh) to 319 (sinh), these on 0–2. Each function below is written from
// the published description of the algorithm (the coefficients are the
// minimax fits fdlibm publishes); they cost what Go's do. (V8's atan,
// atan2, asin, acos and pow are not fdlibm's any more: fdlibm's steps
// differed from Chromium 156 on 16–345 of 2,000 arguments, the correctly
// rounded value on 1–5; mathatan.go, mathexp.go.)
//
// Go may fuse a*b+c into one rounding only where the target has FMA and
// GOAMD64/GOARM64 allow it; fdlibm's steps assume separate roundings, as
// amd64's default (v1) build does.

// hiWord is the sign, exponent and top 20 bits of x's significand.
func hiWord(x float64) int32 { return int32(math.Float64bits(x) >> 32) }

// fromWords is the double whose high and low words are hi and lo.
func fromWords(hi int32, lo uint32) float64 {
	return math.Float64frombits(uint64(uint32(hi))<<32 | uint64(lo))
}

const (
	fdLn2    = 6.93147180559945286227e-01 // 0x3FE62E42FEFA39EF
	fdLn2Hi  = 6.93147180369123816490e-01 // 0x3FE62E42FEE00000
	fdLn2Lo  = 1.90821492927058770002e-10 // 0x3DEA39EF35793C76
	fdInvLn2 = 1.44269504088896338700e+00 // 0x3FF71547652B82FE
)

// fdExpm1 is Math.expm1: as exp, with a correction c for the rounding of
// r = hi − lo, and the result put together from 2^k and e^r − 1 in the
// order that loses least for each k.
func fdExpm1(x float64) float64 {
	const (
		overflow = 7.09782712893383973096e+02
		// the fit of R1(z), scaled: Qn·2^n, for z = r²/2
		q1 = -3.33333333333331316428e-02
		q2 = 1.58730158725481460165e-03
		q3 = -7.93650757867487942473e-05
		q4 = 4.00821782732936239552e-06
		q5 = -2.01099218183624371326e-07
	)
	hx := uint32(hiWord(x))
	neg := hx>>31 != 0
	hx &= 0x7fffffff
	if hx >= 0x4043687a { // |x| ≥ 56·ln2, or not finite
		if hx >= 0x40862e42 {
			switch {
			case x != x:
				return x + x
			case math.IsInf(x, 1):
				return x
			case math.IsInf(x, -1):
				return -1
			case x > overflow:
				return math.Inf(1)
			}
		}
		if neg {
			return -1
		}
	}
	var hi, lo, c float64
	k := 0
	switch {
	case hx > 0x3fd62e42: // |x| > ln2/2
		if hx < 0x3ff0a2b2 { // and < 3·ln2/2
			if neg {
				hi, lo, k = x+fdLn2Hi, -fdLn2Lo, -1
			} else {
				hi, lo, k = x-fdLn2Hi, fdLn2Lo, 1
			}
		} else {
			half := 0.5
			if neg {
				half = -0.5
			}
			k = int(fdInvLn2*x + half)
			t := float64(k)
			hi = x - t*fdLn2Hi
			lo = t * fdLn2Lo
		}
		x = hi - lo
		c = (hi - x) - lo
	case hx < 0x3c900000: // |x| < 2^-54
		return x
	}
	hfx := 0.5 * x
	hxs := x * hfx
	r1 := 1 + hxs*(q1+hxs*(q2+hxs*(q3+hxs*(q4+hxs*q5))))
	t := 3 - r1*hfx
	e := hxs * ((r1 - t) / (6 - x*t))
	if k == 0 {
		return x - (x*e - hxs)
	}
	e = x*(e-c) - c
	e -= hxs
	switch {
	case k == -1:
		return 0.5*(x-e) - 0.5
	case k == 1 && x < -0.25:
		return -2 * (e - (x + 0.5))
	case k == 1:
		return 1 + 2*(x-e)
	case k <= -2 || k > 56:
		y := 1 - (e - x)
		if k == 1024 {
			y = y * 2 * 0x1p1023
		} else {
			y *= math.Float64frombits(uint64(0x3ff+k) << 52)
		}
		return y - 1
	case k < 20:
		t = fromWords(0x3ff00000-(0x200000>>k), 0) // 1 − 2^-k
		y := t - (e - x)
		return y * math.Float64frombits(uint64(0x3ff+k)<<52)
	default:
		t = fromWords(int32(0x3ff-k)<<20, 0) // 2^-k
		y := x - (e + t)
		y++
		return y * math.Float64frombits(uint64(0x3ff+k)<<52)
	}
}

// fdSinh is Math.sinh as V8 writes it: from expm1 below 22, from exp
// above, and from exp(x/2)² where exp(x) alone would overflow.
func fdSinh(x float64) float64 {
	const (
		overflow = 710.4758600739439
		logMax   = 709.7822265625
	)
	h := 0.5
	if x < 0 {
		h = -0.5
	}
	ax := math.Abs(x)
	switch {
	case ax < 22:
		if ax < 0x1p-28 {
			return x
		}
		t := fdExpm1(ax)
		if ax < 1 {
			return h * (2*t - t*t/(t+1))
		}
		return h * (t + t/(t+1))
	case ax < logMax:
		return h * jsExp(ax)
	case ax <= overflow:
		w := jsExp(0.5 * ax)
		t := h * w
		return t * w
	}
	return x * 1e307 // ±Inf, or NaN
}

// fdCosh is Math.cosh as V8 writes it: 1 + expm1(|x|)²/(2·e^|x|) below
// ln2/2, (e^|x| + e^-|x|)/2 below 22, e^|x|/2 and exp(x/2)² above.
func fdCosh(x float64) float64 {
	const overflow = 710.4758600739439
	ix := hiWord(x) & 0x7fffffff
	ax := math.Abs(x)
	switch {
	case ix < 0x3fd62e43:
		t := fdExpm1(ax)
		w := 1 + t
		if ix < 0x3c800000 {
			return w
		}
		return 1 + (t*t)/(w+w)
	case ix < 0x40360000:
		t := jsExp(ax)
		return 0.5*t + 0.5/t
	case ix < 0x40862e42:
		return 0.5 * jsExp(ax)
	case ax <= overflow:
		w := jsExp(0.5 * ax)
		t := 0.5 * w
		return t * w
	case ix >= 0x7ff00000:
		return x * x // Inf or NaN
	}
	return math.Inf(1)
}

// fdTanh is Math.tanh, which V8 leaves to the C library (glibc's is
// fdlibm's): 1 − 2/(expm1(2|x|) + 2) from 1 on, −t/(t+2) with t =
// expm1(−2|x|) below, ±1 from 22.
func fdTanh(x float64) float64 {
	ix := hiWord(x) & 0x7fffffff
	if ix >= 0x7ff00000 {
		if x != x {
			return x + x
		}
		if x > 0 {
			return 1
		}
		return -1
	}
	var z float64
	switch {
	case ix < 0x40360000: // |x| < 22
		if ix < 0x3c800000 { // |x| < 2^-55
			return x * (1 + x)
		}
		if ix >= 0x3ff00000 { // |x| ≥ 1
			t := fdExpm1(2 * math.Abs(x))
			z = 1 - 2/(t+2)
		} else {
			t := fdExpm1(-2 * math.Abs(x))
			z = -t / (t + 2)
		}
	default:
		z = 1
	}
	if x < 0 {
		return -z
	}
	return z
}

// fdAsinh is Math.asinh: log(2|x|) beyond 2^28, log(2|x| + 1/(√(x²+1)+|x|))
// beyond 2, log1p(|x| + x²/(1+√(1+x²))) below; V8's log is correctly
// rounded (jsLog), its log1p fdlibm's (Go's math.Log1p is that algorithm).
func fdAsinh(x float64) float64 {
	ix := hiWord(x) & 0x7fffffff
	if ix >= 0x7ff00000 {
		return x + x
	}
	if ix < 0x3e300000 { // |x| < 2^-28
		return x
	}
	var w float64
	switch {
	case ix > 0x41b00000: // |x| > 2^28
		w = jsLog(math.Abs(x)) + fdLn2
	case ix > 0x40000000: // |x| > 2
		t := math.Abs(x)
		w = jsLog(2*t + 1/(math.Sqrt(x*x+1)+t))
	default:
		t := x * x
		w = math.Log1p(math.Abs(x) + t/(1+math.Sqrt(1+t)))
	}
	if x < 0 {
		return -w
	}
	return w
}

// fdAcosh is Math.acosh: log(x) + ln2 beyond 2^28, log(2x − 1/(x+√(x²−1)))
// beyond 2, log1p(t + √(2t+t²)) with t = x−1 below.
func fdAcosh(x float64) float64 {
	hx := hiWord(x)
	switch {
	case x != x || x < 1:
		return math.NaN()
	case hx >= 0x41b00000: // x ≥ 2^28
		if math.IsInf(x, 1) {
			return x
		}
		return jsLog(x) + fdLn2
	case x == 1:
		return 0
	case hx > 0x40000000: // x > 2
		t := x * x
		return jsLog(2*x - 1/(x+math.Sqrt(t-1)))
	}
	t := x - 1
	return math.Log1p(t + math.Sqrt(2*t+t*t))
}

// fdAtanh is Math.atanh: ½·log1p(2x + 2x²/(1−x)) below ½, ½·log1p(2x/(1−x))
// above, on |x|.
func fdAtanh(x float64) float64 {
	ax := math.Abs(x)
	switch {
	case x != x || ax > 1:
		return math.NaN()
	case ax == 1:
		return math.Inf(int(math.Copysign(1, x)))
	case ax < 0x1p-28:
		return x
	}
	var t float64
	if ax < 0.5 {
		t = ax + ax
		t = 0.5 * math.Log1p(t+t*ax/(1-ax))
	} else {
		t = 0.5 * math.Log1p((ax+ax)/(1-ax))
	}
	if x < 0 {
		return -t
	}
	return t
}
