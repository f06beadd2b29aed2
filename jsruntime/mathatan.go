package jsruntime

import (
	"math"
	"math/big"
	"sync"
)

// Math.tan, atan, atan2, asin and acos as Chromium computes them: V8's
// agree with the correctly rounded value on all but about one argument in
// a thousand (3,000 arguments from 1e-3 to 1e4, against mpmath), where Go's
// math package is a unit in the last place away for 15–25% of them, which
// shows in the last digits of the angles and arrow heads diagram and chart
// libraries print (jsPlumb's arrows, d3's arcs). As for sin and cos
// (mathtrig.go), the value is computed in double-double arithmetic and
// rounded once: tan as sin/cos of the reduced argument, atan by a table
// of atan(k/8) and the series of the rest, the others through it. The
// series is summed first with only its first terms in double-double (fast,
// to about 2^-66), and again in full only when that value is too near the
// middle of two doubles to round surely (roundsSure, mathlogcr.go).

// atanSeriesTerms: for |u| ≤ 1/16 the next term is below 2^-120 of u.
const atanSeriesTerms = trigSeriesTerms

var atanTab struct {
	once sync.Once
	// c[n] is (-1)^(n+1)/(2n+3): atan u = u + u·z·Σ c[n]·zⁿ, z = u²
	c [atanSeriesTerms]dd
	// at[k] is atan(k/8)
	at         [9]dd
	halfPi, pi dd
}

// bigAtan is atan x for 0 ≤ x ≤ 1 to prec bits: the argument halved twice
// (atan x = 2·atan(x/(1+√(1+x²)))), then the series.
func bigAtan(x *big.Float, prec uint) *big.Float {
	one := big.NewFloat(1).SetPrec(prec)
	v := new(big.Float).SetPrec(prec).Set(x)
	for range 2 {
		s := new(big.Float).SetPrec(prec).Mul(v, v)
		s.Add(s, one)
		s.Sqrt(s)
		s.Add(s, one)
		v.Quo(v, s)
	}
	x2 := new(big.Float).SetPrec(prec).Mul(v, v)
	sum := new(big.Float).SetPrec(prec).Set(v)
	pow := new(big.Float).SetPrec(prec).Set(v)
	term := new(big.Float).SetPrec(prec)
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(prec)-8)
	for i := int64(1); ; i++ {
		pow.Mul(pow, x2)
		term.Quo(pow, new(big.Float).SetPrec(prec).SetInt64(2*i+1))
		if term.Sign() == 0 || term.Cmp(eps) < 0 {
			break
		}
		if i%2 == 1 {
			sum.Sub(sum, term)
		} else {
			sum.Add(sum, term)
		}
	}
	return sum.SetMantExp(sum, 2)
}

func initAtan() {
	const prec = 320
	for n := range atanSeriesTerms {
		c := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), new(big.Float).SetPrec(prec).SetInt64(int64(2*n+3)))
		if n%2 == 0 {
			c.Neg(c)
		}
		atanTab.c[n] = ddOf(c)
	}
	for k := range 9 {
		x := new(big.Float).SetPrec(prec).SetFloat64(float64(k) / 8)
		atanTab.at[k] = ddOf(bigAtan(x, prec))
	}
	pi := machinPi(prec)
	atanTab.pi = ddOf(pi)
	half := new(big.Float).SetPrec(prec).SetMantExp(pi, -1)
	atanTab.halfPi = ddOf(half)
}

func (a dd) sub(b dd) dd { return a.add(b.neg()) }

// div is a/b to about 2^-104.
func (a dd) div(b dd) dd {
	q1 := a.hi / b.hi
	r := a.sub(b.mul(dd{q1, 0}))
	q2 := r.hi / b.hi
	r = r.sub(b.mul(dd{q2, 0}))
	q3 := r.hi / b.hi
	return quickTwoSum(q1, q2).add(dd{q3, 0})
}

// sqrt is √a for a > 0, to about 2^-104.
func (a dd) sqrt() dd {
	s := math.Sqrt(a.hi)
	r := a.sub(twoProd(s, s))
	return quickTwoSum(s, r.hi/(2*s))
}

// atanUnit is atan t for 0 ≤ t ≤ 1: atan(c) + atan((t−c)/(1+t·c)) with c
// the nearest k/8.
func atanUnit(t dd, fast bool) dd {
	k := int(math.Round(t.hi * 8))
	if k == 0 {
		return atanSmall(t, fast)
	}
	c := dd{float64(k) / 8, 0}
	u := t.sub(c).div(dd{1, 0}.add(t.mul(c)))
	return atanTab.at[k].add(atanSmall(u, fast))
}

// atanSmall sums the series for |u| ≤ 1/16: all of it in double-double
// (to about 2^-110), or, fast, only u and u³/3, the terms from u⁵/5 on
// (below 2^-16 of u) in doubles, to about 2^-68.
func atanSmall(u dd, fast bool) dd {
	if u.hi == 0 {
		return u
	}
	z := u.mul(u)
	if !fast {
		return u.add(u.mul(z).mul(series(z, &atanTab.c)))
	}
	zh := z.hi
	tail := zh * (1.0/5 - zh*(1.0/7-zh*(1.0/9-zh*(1.0/11-zh*(1.0/13-zh*(1.0/15-zh*(1.0/17-zh*(1.0/19))))))))
	return u.add(u.mul(z).mul(atanTab.c[0].add(dd{tail, 0})))
}

// atanRatio is atan(a/b) for a, b ≥ 0 (not both 0) in [0, π/2].
func atanRatio(a, b dd, fast bool) dd {
	if a.hi > b.hi {
		if b.hi == 0 {
			return atanTab.halfPi
		}
		return atanTab.halfPi.sub(atanUnit(b.div(a), fast))
	}
	return atanUnit(a.div(b), fast)
}

// jsAtan is Math.atan, correctly rounded.
func jsAtan(x float64) float64 {
	if math.IsNaN(x) {
		return x
	}
	if math.Abs(x) < 0x1p-27 {
		return x // atan x = x − x³/3 rounds to x (and keeps the sign of 0)
	}
	atanTab.once.Do(initAtan)
	var v dd
	if math.IsInf(x, 0) {
		v = atanTab.halfPi
	} else {
		v = atanRatio(dd{math.Abs(x), 0}, dd{1, 0}, true)
		if !roundsSure(v) {
			v = atanRatio(dd{math.Abs(x), 0}, dd{1, 0}, false)
		}
	}
	if x < 0 {
		v = v.neg()
	}
	return v.hi + v.lo
}

// jsAtan2 is Math.atan2, correctly rounded.
// https://tc39.es/ecma262/#sec-math.atan2
func jsAtan2(y, x float64) float64 {
	if math.IsNaN(y) || math.IsNaN(x) {
		return math.NaN()
	}
	atanTab.once.Do(initAtan)
	neg := math.Signbit(y)
	a, b := math.Abs(y), math.Abs(x)
	var v dd
	switch {
	case math.IsInf(a, 0) && math.IsInf(b, 0):
		v = dd{math.Pi / 4, 0} // π/4 rounds to the double math.Pi/4 is
		if math.Signbit(x) {
			v = dd{3 * math.Pi / 4, 0}
		}
	case math.IsInf(a, 0):
		v = atanTab.halfPi
	case math.IsInf(b, 0):
		v = dd{0, 0}
		if math.Signbit(x) {
			v = atanTab.pi
		}
	case a == 0:
		v = dd{0, 0}
		if math.Signbit(x) {
			v = atanTab.pi
		}
	case b == 0:
		v = atanTab.halfPi
	default:
		// scaled so that neither the quotient nor the products in div
		// overflow or lose bits to subnormals
		ea, eb := math.Ilogb(a), math.Ilogb(b)
		switch {
		case ea-eb > 120:
			v = atanTab.halfPi.sub(dd{b / a, 0})
		case eb-ea > 120 && !math.Signbit(x):
			return copySign(a/b, neg) // atan of a tiny quotient is the quotient
		case eb-ea > 120:
			v = dd{a / b, 0}
		default:
			a, b = math.Ldexp(a, -ea), math.Ldexp(b, -ea)
			v = atanRatio(dd{a, 0}, dd{b, 0}, true)
			if !roundsSure(quadrant(v, x)) {
				v = atanRatio(dd{a, 0}, dd{b, 0}, false)
			}
		}
		v = quadrant(v, x)
	}
	if neg {
		v = v.neg()
	}
	return v.hi + v.lo
}

// quadrant is atan2's value for x's sign from v = atan(|y/x|).
func quadrant(v dd, x float64) dd {
	if math.Signbit(x) {
		return atanTab.pi.sub(v)
	}
	return v
}

func copySign(v float64, neg bool) float64 {
	if neg {
		return -v
	}
	return v
}

// jsAsin and jsAcos are Math.asin and Math.acos, correctly rounded:
// atan2(x, √(1−x²)) and atan2(√(1−x²), x), with 1−x² as (1−x)(1+x).
func jsAsin(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1 {
		return math.NaN()
	}
	if math.Abs(x) < 0x1p-27 {
		return x
	}
	atanTab.once.Do(initAtan)
	a := math.Abs(x)
	c := oneMinusSquare(a)
	v := atanRatio(dd{a, 0}, c, true)
	if !roundsSure(v) {
		v = atanRatio(dd{a, 0}, c, false)
	}
	if x < 0 {
		v = v.neg()
	}
	return v.hi + v.lo
}

func jsAcos(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1 {
		return math.NaN()
	}
	if x == 1 {
		return 0
	}
	atanTab.once.Do(initAtan)
	s := oneMinusSquare(math.Abs(x))
	v := quadrant(atanRatio(s, dd{math.Abs(x), 0}, true), x)
	if !roundsSure(v) {
		v = quadrant(atanRatio(s, dd{math.Abs(x), 0}, false), x)
	}
	return v.hi + v.lo
}

// oneMinusSquare is √(1−a²) for 0 ≤ a ≤ 1 (0 at 1).
func oneMinusSquare(a float64) dd {
	if a == 1 {
		return dd{0, 0}
	}
	m := twoSum(1, -a)     // exact for a ≥ 1/2 (Sterbenz), a pair otherwise
	p := twoSum(1, a)      // 1+a as a pair
	return m.mul(p).sqrt() // (1−a)(1+a)
}

// jsTan is Math.tan, correctly rounded: sin/cos of the reduced argument.
func jsTan(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.NaN()
	}
	if math.Abs(x) < 0x1p-27 {
		return x // tan x = x + x³/3 rounds to x
	}
	trig.once.Do(initTrig)
	atanTab.once.Do(initAtan)
	r, q := reduceHalfPi(x)
	s, c := sinSeries(r), cosSeries(r)
	var v dd
	if q%2 == 0 {
		v = s.div(c)
	} else {
		v = c.div(s).neg()
	}
	return v.hi + v.lo
}
