package jsruntime

import (
	"math"
	"math/big"
	"sync"
)

// Math.exp and Math.pow (and **) correctly rounded. Chromium 156's agree
// with the correctly rounded value on all but 2 of 2,000 exp arguments and
// 4 of 1,923 pow arguments (against mpmath; V8 takes exp from LLVM's libc
// and pow from the C library), where Go's math.Exp (assembly on amd64)
// differs on 279 and math.Pow on 853, and fdlibm's algorithms on about
// 170 each. As for log (mathlogcr.go) a fast path in double-double
// arithmetic good to about 2^-66 decides when it can, and a slower one
// good to about 2^-100 otherwise.

const expTabSize = 64

var expTab struct {
	once sync.Once
	// pow2[j] is 2^(j/64)
	pow2 [expTabSize]dd
	// ln2/64 in three parts: c1 has 36 significant bits, so that n·c1 is
	// exact for |n| < 2^17
	c1, c2, c3 float64
}

func initExpTab() {
	const prec = 256
	root := big.NewFloat(2).SetPrec(prec)
	for range 6 {
		root.Sqrt(root) // 2^(1/64)
	}
	p := big.NewFloat(1).SetPrec(prec)
	for j := range expTabSize {
		expTab.pow2[j] = ddOf(p)
		p.Mul(p, root)
	}
	ln2 := atanhInv(3, prec)
	ln2.Mul(ln2, big.NewFloat(2).SetPrec(prec))
	ln2.SetMantExp(ln2, -6)
	c1, _ := ln2.Float64()
	c1 = math.Float64frombits(math.Float64bits(c1) &^ (1<<17 - 1))
	rest := new(big.Float).SetPrec(prec).Sub(ln2, big.NewFloat(c1))
	c2, _ := rest.Float64()
	rest.Sub(rest, big.NewFloat(c2))
	c3, _ := rest.Float64()
	expTab.c1, expTab.c2, expTab.c3 = c1, c2, c3
}

// expFast is e^(a.hi+a.lo) = 2^k·v for |a| < 746, to about 2^-66 of v:
// a = (64k + j)·ln2/64 + r with |r| ≤ ln2/128, e^r from its series (1 + r
// in double-double, the rest in doubles).
func expFast(a dd) (k int, v dd) {
	n := math.RoundToEven(a.hi * (expTabSize / math.Ln2))
	ni := int(n)
	k, j := ni>>6, ni&(expTabSize-1)
	r := twoSum(a.hi-n*expTab.c1, -n*expTab.c3).add(twoProd(n, expTab.c2).neg()).add(dd{a.lo, 0})
	rh := r.hi
	p := rh*rh*(1.0/2+rh*(1.0/6+rh*(1.0/24+rh*(1.0/120+rh*(1.0/720+rh*(1.0/5040+rh*(1.0/40320))))))) + rh*r.lo
	e := dd{1, 0}.add(r).add(dd{p, 0})
	return k, expTab.pow2[j].mul(e)
}

// expSlow is e^(a.hi+a.lo) to about 2^-100 (ddExp, mathlog.go, times
// e^lo = 1 + lo).
func expSlow(a dd) dd {
	logConst.once.Do(initLogConst)
	return ddExp(a.hi).mul(dd{1, a.lo})
}

// scaled is (v.hi+v.lo)·2^k rounded once, also where it is subnormal.
func scaled(v dd, k int) float64 {
	if k >= -1021 {
		return math.Ldexp(v.hi+v.lo, k) // exact scaling (or overflow)
	}
	s := new(big.Float).SetFloat64(v.hi)
	s.Add(s, big.NewFloat(v.lo))
	s.SetMantExp(s, k)
	f, _ := s.Float64()
	return f
}

// roundsSureWithin reports whether v, with a relative error below rel,
// rounds to the same double at both ends of its error interval.
func roundsSureWithin(v dd, rel float64) bool {
	err := math.Abs(v.hi) * rel
	return v.hi+(v.lo+err) == v.hi+(v.lo-err)
}

// expOf is e^a correctly rounded for a double-double a whose own error is
// below aErr (absolute).
func expOf(a dd, aErr float64) float64 {
	switch {
	case a.hi > 709.8:
		return math.Inf(1)
	case a.hi < -745.2:
		return 0
	}
	expTab.once.Do(initExpTab)
	k, v := expFast(a)
	if roundsSureWithin(v, 0x1p-64+aErr) && k >= -1021 {
		return math.Ldexp(v.hi+v.lo, k)
	}
	s := expSlow(a)
	// ddExp scaled by 2^k already; undo it to round subnormals once
	e := math.Ilogb(s.hi)
	if e < -1021 && s.hi != 0 {
		return scaled(dd{math.Ldexp(s.hi, -e), math.Ldexp(s.lo, -e)}, e)
	}
	return s.hi + s.lo
}

// jsExp is Math.exp, correctly rounded.
func jsExp(x float64) float64 {
	switch {
	case x != x:
		return x
	case math.IsInf(x, 1):
		return x
	case math.IsInf(x, -1):
		return 0
	}
	return expOf(dd{x, 0}, 0)
}

// jsPow is Math.pow and **, correctly rounded: the special values as the
// spec lists them (Go's math.Pow has C's, which differ only for 1 and −1
// to ±∞ and 1 to NaN), and e^(y·log|x|) otherwise.
// https://tc39.es/ecma262/#sec-numeric-types-number-exponentiate
func jsPow(x, y float64) float64 {
	switch {
	case y != y || (math.IsInf(y, 0) && (x == 1 || x == -1)):
		return math.NaN()
	case y == 0:
		return 1
	case x != x || x == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) || x == 1 || y == 1 || y == 2 || y == 0.5 || y == -1:
		return math.Pow(x, y) // exact, or a special value
	}
	neg := false
	if x < 0 {
		if y != math.Trunc(y) {
			return math.NaN()
		}
		// an odd integer keeps the sign (|y| ≥ 2^53 is even)
		neg = math.Abs(y) < 1<<53 && math.Mod(y, 2) != 0
		x = -x
	}
	logTab.once.Do(initLogTab)
	e, l := logFast(x)
	if e != 0 {
		fe := float64(e)
		l = twoProd(fe, logTab.ln2.hi).add(dd{fe * logTab.ln2.lo, 0}).add(l)
	}
	t := l.mul(dd{y, 0})
	var v float64
	switch {
	case t.hi > 710:
		v = math.Inf(1)
	case t.hi < -746:
		v = 0
	default:
		expTab.once.Do(initExpTab)
		k, f := expFast(t)
		// the logarithm's error, 2^-66 of it, is an absolute error of t
		if roundsSureWithin(f, 0x1p-64+math.Abs(t.hi)*0x1p-64) && k >= -1021 {
			v = math.Ldexp(f.hi+f.lo, k)
		} else {
			v = expOf(ddLogSlow(x).mul(dd{y, 0}), math.Abs(t.hi)*0x1p-98)
		}
	}
	if neg {
		return -v
	}
	return v
}
