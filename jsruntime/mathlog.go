package jsruntime

import (
	"math"
	"math/big"
	"sync"
)

// Math.log10 correctly rounded. Go's math.Log10 multiplies the natural
// logarithm by 1/ln 10 and is a unit in the last place off for powers of
// ten that scripts test for (Math.log10(0.1) was -0.9999999999999999,
// Math.log10(1e15) 14.999999999999998; V8 gives -1 and 15), which moves
// the ticks and decimal places chart libraries derive from it. Here one
// Newton step in double-double arithmetic corrects math.Log's result
// (y + x·e^-y − 1), which is then divided by ln 10 and rounded once.

var logConst struct {
	once sync.Once
	// ln2Hi has 40 significant bits (k·ln2Hi is exact for |k| < 2^13),
	// ln2Lo the rest; invLn10 is 1/ln 10
	ln2Hi, ln2Lo float64
	invLn10      dd
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
	// ln 10 = 3·ln 2 + ln 1.25 = 3·ln 2 + 2·atanh(1/9)
	ln10 := atanhInv(9, prec)
	ln10.Mul(ln10, two)
	ln10.Add(ln10, new(big.Float).SetPrec(prec).Mul(ln2, new(big.Float).SetPrec(prec).SetInt64(3)))
	logConst.invLn10 = ddOf(new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), ln10))
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

// jsLog10 is Math.log10, correctly rounded.
func jsLog10(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	case math.IsInf(x, 1):
		return x
	case x == 1:
		return 0
	}
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
	v := ln.mul(logConst.invLn10)
	return v.hi + v.lo
}
