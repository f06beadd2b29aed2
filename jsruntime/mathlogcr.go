package jsruntime

import (
	"math"
	"math/big"
	"sync"
)

// Math.log and Math.log2 correctly rounded, as Chromium 156's are (V8 takes
// them from LLVM's libc): on 2,000 arguments from 1e-300 to 1e300 Chromium
// agrees with the correctly rounded value on every one, Go's math.Log (an
// assembly routine on amd64) differs on 50 and math.Log2 on 228. The fast
// path is a table and a short series in double-double arithmetic, good to
// about 2^-66 of the result; when that cannot tell which way the result
// rounds (about one argument in several thousand) the slow path's Newton
// step, good to about 2^-100, decides (mathlog.go).

const (
	logTabBits = 7
	logTabSize = 1 << logTabBits
	// logFastErr bounds the fast path's relative error
	logFastErr = 0x1p-63
)

var logTab struct {
	once sync.Once
	// for each interval of the significand (its top seven fraction bits;
	// from √2 on the significand is halved): invC ≈ 1/c for c inside it,
	// and logC = −log(invC), exactly 0 where invC is 1
	invC [logTabSize]float64
	logC [logTabSize]dd
	// ln 2 and 1/ln 2 as double-doubles
	ln2, invLn2 dd
}

// bigLog is log(v) for v near 1 to prec bits: 2·atanh((v−1)/(v+1)).
func bigLog(v *big.Float, prec uint) *big.Float {
	one := big.NewFloat(1).SetPrec(prec)
	num := new(big.Float).SetPrec(prec).Sub(v, one)
	den := new(big.Float).SetPrec(prec).Add(v, one)
	z := num.Quo(num, den)
	z2 := new(big.Float).SetPrec(prec).Mul(z, z)
	sum := new(big.Float).SetPrec(prec).Set(z)
	pow := new(big.Float).SetPrec(prec).Set(z)
	term := new(big.Float).SetPrec(prec)
	for i := int64(1); i < 400; i++ {
		pow.Mul(pow, z2)
		term.Quo(pow, new(big.Float).SetPrec(prec).SetInt64(2*i+1))
		if term.Sign() == 0 || term.MantExp(nil)-sum.MantExp(nil) < -int(prec)-4 {
			break
		}
		sum.Add(sum, term)
	}
	return sum.Mul(sum, big.NewFloat(2).SetPrec(prec))
}

func initLogTab() {
	const prec = 256
	for i := range logTabSize {
		// the interval's middle: 1 + (i+½)/128 below √2, half that above
		c := 1 + (float64(i)+0.5)/logTabSize
		if i >= logSplit {
			c /= 2
		}
		inv := 1 / c
		if i == 0 || i == logTabSize-1 {
			inv = 1 // next to 1: t = m − 1 exactly, and log(x) ≈ t keeps its bits
		}
		logTab.invC[i] = inv
		l := bigLog(new(big.Float).SetPrec(prec).SetFloat64(inv), prec)
		logTab.logC[i] = ddOf(l.Neg(l))
	}
	ln2 := atanhInv(3, prec)
	ln2.Mul(ln2, big.NewFloat(2).SetPrec(prec))
	logTab.ln2 = ddOf(ln2)
	logTab.invLn2 = ddOf(new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), ln2))
}

// logSplit is the first interval at or above √2 (1 + 53/128 ≈ 1.414): from
// it on the significand is taken as half and the exponent one more, so that
// log of a number just below 1 is not the difference of two larger ones.
const logSplit = 53

// logFast is log(x) for a finite x > 0 as e·ln2 + log(c) + log1p(t), the
// significand m = c·(1+t): e is x's exponent, the double-double t =
// m·invC − 1 is exact, and |t| < 2^-7.
func logFast(x float64) (e int, l dd) {
	b := math.Float64bits(x)
	exp := int(b >> 52 & 0x7ff)
	if exp == 0 { // subnormal
		x *= 0x1p54
		b = math.Float64bits(x)
		exp = int(b>>52&0x7ff) - 54
	}
	e = exp - 1023
	i := int(b >> (52 - logTabBits) & (logTabSize - 1))
	m := math.Float64frombits(b&(1<<52-1) | 0x3ff<<52)
	if i >= logSplit {
		m *= 0.5
		e++
	}
	p := twoProd(m, logTab.invC[i])
	t := twoSum(p.hi-1, p.lo) // p.hi − 1 is exact: p.hi is within 2^-6 of 1
	// log1p(t) = t − t²/2 + t³/3 − …: t and t²/2 in double-double, the rest
	// (below 2^-14 of t) in doubles
	th := t.hi
	poly := th * th * th * (1.0/3 - th*(1.0/4-th*(1.0/5-th*(1.0/6-th*(1.0/7-th*(1.0/8-th*(1.0/9-th*(1.0/10-th*(1.0/11-th*(1.0/12))))))))))
	sq := twoProd(th, th)
	sq.lo += 2 * th * t.lo
	l = t.add(dd{-0.5 * sq.hi, -0.5 * sq.lo}).add(dd{poly, 0})
	l = logTab.logC[i].add(l)
	return e, l
}

// roundsSure reports whether v, with a relative error below logFastErr,
// rounds to the same double at both ends of its error interval.
func roundsSure(v dd) bool {
	err := math.Abs(v.hi) * logFastErr
	return v.hi+(v.lo+err) == v.hi+(v.lo-err)
}

// logSpecial handles Math.log's and log2's arguments that are not finite
// and positive; ok false leaves x to the series.
func logSpecial(x float64) (float64, bool) {
	switch {
	case x != x || x < 0:
		return math.NaN(), true
	case x == 0:
		return math.Inf(-1), true
	case math.IsInf(x, 1):
		return x, true
	}
	return 0, false
}

// jsLog is Math.log, correctly rounded.
func jsLog(x float64) float64 {
	if v, ok := logSpecial(x); ok {
		return v
	}
	logTab.once.Do(initLogTab)
	e, l := logFast(x)
	if e != 0 {
		fe := float64(e)
		l = twoProd(fe, logTab.ln2.hi).add(dd{fe * logTab.ln2.lo, 0}).add(l)
	}
	if roundsSure(l) {
		return l.hi + l.lo
	}
	s := ddLogSlow(x)
	return s.hi + s.lo
}

// jsLog2 is Math.log2, correctly rounded: e + log(m)/ln 2.
func jsLog2(x float64) float64 {
	if v, ok := logSpecial(x); ok {
		return v
	}
	logTab.once.Do(initLogTab)
	e, l := logFast(x)
	l = l.mul(logTab.invLn2)
	if e != 0 {
		l = dd{float64(e), 0}.add(l)
	}
	if roundsSure(l) {
		return l.hi + l.lo
	}
	s := ddLogSlow(x).mul(logTab.invLn2)
	return s.hi + s.lo
}
