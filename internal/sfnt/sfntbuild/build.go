// Package sfntbuild writes small TrueType fonts, and WOFF and WOFF2
// wrappings of them, whose glyphs are rectangles with chosen advances,
// boxes and kerned pairs: fonts for testing text measurement without
// shipping anyone's font files (sfnt's tests, and the fonts
// testdata/fonts/mkfont makes for the WPT-format pages). The fonts are
// complete enough for Chromium's sanitizer (OTS) to load them.
package sfntbuild

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"sort"

	"github.com/andybalholm/brotli"
)

// A Glyph is a character's glyph: its advance and the rectangle drawn
// (none when XMin == XMax).
type Glyph struct {
	Rune                   rune
	Advance                int
	XMin, YMin, XMax, YMax int
}

// A Pair kerns two characters by Kern font units.
type Pair struct {
	Left, Right rune
	Kern        int
}

// Font describes a font to write.
type Font struct {
	Family                               string
	Weight                               int // OS/2 usWeightClass, 400 when 0
	Italic                               bool
	UnitsPerEm                           int
	Ascent, Descent, LineGap             int // hhea (Descent positive)
	TypoAscent, TypoDescent, TypoLineGap int // OS/2 (TypoDescent positive)
	UseTypo                              bool
	WinAscent, WinDescent                int
	CapHeight, XHeight                   int
	NotdefAdvance                        int
	Glyphs                               []Glyph // glyph 1 on, in this order
	Kerns                                []Pair
	KernTable                            bool // kern in a kern table, not GPOS
	ClassKern                            bool // GPOS PairPos format 2 (one class per glyph)
	Format12                             bool // a (3,10) format 12 cmap too
	NoOS2                                bool
	Extra                                map[string][]byte // more tables, or ones written in place of the built ones
}

type be struct{ bytes.Buffer }

func (b *be) u16(v int)    { _ = binary.Write(b, binary.BigEndian, uint16(v)) }
func (b *be) u32(v uint32) { _ = binary.Write(b, binary.BigEndian, v) }
func (b *be) tag(s string) { b.WriteString(s) }

// glyphOf is the glyph id of each character.
func (f *Font) glyphOf() map[rune]int {
	m := map[rune]int{}
	for i, g := range f.Glyphs {
		m[g.Rune] = i + 1
	}
	return m
}

// TTF writes the font as a TrueType sfnt.
func (f *Font) TTF() []byte {
	t := map[string][]byte{}
	n := len(f.Glyphs) + 1
	glyphs := append([]Glyph{{Advance: f.NotdefAdvance}}, f.Glyphs...)
	// glyf and loca (long offsets)
	var glyf, loca be
	xMin, yMin, xMax, yMax := 0, 0, 0, 0
	maxAdv, first := 0, true
	for _, g := range glyphs {
		loca.u32(uint32(glyf.Len()))
		maxAdv = max(maxAdv, g.Advance)
		if g.XMin == g.XMax {
			continue
		}
		if first {
			xMin, yMin, xMax, yMax, first = g.XMin, g.YMin, g.XMax, g.YMax, false
		}
		xMin, yMin, xMax, yMax = min(xMin, g.XMin), min(yMin, g.YMin), max(xMax, g.XMax), max(yMax, g.YMax)
		glyf.u16(1)
		glyf.u16(g.XMin)
		glyf.u16(g.YMin)
		glyf.u16(g.XMax)
		glyf.u16(g.YMax)
		glyf.u16(3) // endPtsOfContours
		glyf.u16(0) // no instructions
		for range 4 {
			glyf.WriteByte(1) // on curve, int16 deltas
		}
		// the rectangle's corners, clockwise: (xMin,yMin) (xMin,yMax) (xMax,yMax) (xMax,yMin)
		for _, d := range []int{g.XMin, 0, g.XMax - g.XMin, 0} {
			glyf.u16(d)
		}
		for _, d := range []int{g.YMin, g.YMax - g.YMin, 0, g.YMin - g.YMax} {
			glyf.u16(d)
		}
		for glyf.Len()%4 != 0 {
			glyf.WriteByte(0)
		}
	}
	loca.u32(uint32(glyf.Len()))
	if glyf.Len() == 0 {
		glyf.u32(0) // OTS wants a glyf table with something in it
	}
	t["glyf"], t["loca"] = glyf.Bytes(), loca.Bytes()

	var head be
	head.u32(0x00010000)
	head.u32(0x00010000)
	head.u32(0) // checkSumAdjustment, set below
	head.u32(0x5F0F3CF5)
	head.u16(0x000B) // flags: baseline at 0, lsb at 0, integer ppem
	head.u16(f.UnitsPerEm)
	head.Write(make([]byte, 16)) // created, modified
	head.u16(xMin)
	head.u16(yMin)
	head.u16(xMax)
	head.u16(yMax)
	mac := 0
	if f.Weight >= 600 {
		mac |= 1
	}
	if f.Italic {
		mac |= 2
	}
	head.u16(mac)
	head.u16(8) // lowestRecPPEM
	head.u16(2) // fontDirectionHint
	head.u16(1) // long loca
	head.u16(0)
	t["head"] = head.Bytes()

	var hhea be
	hhea.u32(0x00010000)
	hhea.u16(f.Ascent)
	hhea.u16(-f.Descent)
	hhea.u16(f.LineGap)
	hhea.u16(maxAdv)
	hhea.u16(xMin) // minLeftSideBearing
	hhea.u16(0)    // minRightSideBearing
	hhea.u16(xMax) // xMaxExtent
	hhea.u16(1)    // caretSlopeRise
	hhea.u16(0)
	hhea.u16(0)
	hhea.Write(make([]byte, 8))
	hhea.u16(0) // metricDataFormat
	hhea.u16(n)
	t["hhea"] = hhea.Bytes()

	var hmtx be
	for _, g := range glyphs {
		hmtx.u16(g.Advance)
		hmtx.u16(g.XMin)
	}
	t["hmtx"] = hmtx.Bytes()

	var maxp be
	maxp.u32(0x00010000)
	maxp.u16(n)
	maxp.u16(4) // maxPoints
	maxp.u16(1) // maxContours
	maxp.u16(0)
	maxp.u16(0)
	maxp.u16(2) // maxZones
	maxp.Write(make([]byte, 16))
	t["maxp"] = maxp.Bytes()

	if !f.NoOS2 {
		var os2 be
		os2.u16(4)
		os2.u16(maxAdv / 2)
		w := f.Weight
		if w == 0 {
			w = 400
		}
		os2.u16(w)
		os2.u16(5) // usWidthClass
		os2.u16(0) // fsType
		os2.Write(make([]byte, 20))
		os2.u16(0)                  // sFamilyClass
		os2.Write(make([]byte, 10)) // panose
		os2.Write(make([]byte, 16)) // unicode ranges
		os2.tag("BNGS")             // vendor
		sel := 0x40                 // regular
		if f.Italic || f.Weight >= 600 {
			sel = 0
			if f.Italic {
				sel |= 1
			}
			if f.Weight >= 600 {
				sel |= 0x20
			}
		}
		if f.UseTypo {
			sel |= 0x80
		}
		os2.u16(sel)
		lo, hi := rune(0xffff), rune(0)
		for _, g := range f.Glyphs {
			lo, hi = min(lo, g.Rune), max(hi, g.Rune)
		}
		os2.u16(int(min(lo, 0xffff)))
		os2.u16(int(min(hi, 0xffff)))
		os2.u16(f.TypoAscent)
		os2.u16(-f.TypoDescent)
		os2.u16(f.TypoLineGap)
		os2.u16(f.WinAscent)
		os2.u16(f.WinDescent)
		os2.u32(1) // code page ranges: Latin 1
		os2.u32(0)
		os2.u16(f.XHeight)
		os2.u16(f.CapHeight)
		os2.u16(0)  // default char
		os2.u16(32) // break char
		os2.u16(1)  // max context
		t["OS/2"] = os2.Bytes()
	}

	t["cmap"] = f.cmap()
	t["name"] = f.name()
	var post be
	post.u32(0x00030000)
	post.Write(make([]byte, 28))
	t["post"] = post.Bytes()
	if len(f.Kerns) > 0 {
		if f.KernTable {
			t["kern"] = f.kernTable()
		} else {
			t["GPOS"] = f.gpos()
		}
	}
	for k, v := range f.Extra {
		t[k] = v
	}
	return Sfnt(t)
}

// cmap writes a format 4 subtable (3,1) of the BMP characters and, with
// Format12 or characters beyond the BMP, a format 12 (3,10) of all.
func (f *Font) cmap() []byte {
	type m struct {
		r rune
		g int
	}
	var all []m
	for i, g := range f.Glyphs {
		all = append(all, m{g.Rune, i + 1})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].r < all[j].r })
	big := f.Format12
	var bmp []m
	for _, x := range all {
		if x.r <= 0xfffe {
			bmp = append(bmp, x)
		} else {
			big = true
		}
	}
	// format 4: one segment per character (delta), then the final one
	var f4 be
	nseg := len(bmp) + 1
	f4.u16(4)
	f4.u16(16 + 8*nseg)
	f4.u16(0)
	f4.u16(2 * nseg)
	sr := 1
	es := 0
	for sr*2 <= nseg {
		sr, es = sr*2, es+1
	}
	f4.u16(2 * sr)
	f4.u16(es)
	f4.u16(2*nseg - 2*sr)
	for _, x := range bmp {
		f4.u16(int(x.r))
	}
	f4.u16(0xffff)
	f4.u16(0)
	for _, x := range bmp {
		f4.u16(int(x.r))
	}
	f4.u16(0xffff)
	for _, x := range bmp {
		f4.u16((x.g - int(x.r)) & 0xffff)
	}
	f4.u16(1)
	for range nseg {
		f4.u16(0)
	}
	var out be
	out.u16(0)
	subs := 1
	if big {
		subs = 2
	}
	out.u16(subs)
	out.u16(3)
	out.u16(1)
	out.u32(uint32(4 + 8*subs))
	if big {
		out.u16(3)
		out.u16(10)
		out.u32(uint32(4 + 8*subs + f4.Len()))
	}
	out.Write(f4.Bytes())
	if big {
		out.u16(12)
		out.u16(0)
		out.u32(uint32(16 + 12*len(all)))
		out.u32(0)
		out.u32(uint32(len(all)))
		for _, x := range all {
			out.u32(uint32(x.r))
			out.u32(uint32(x.r))
			out.u32(uint32(x.g))
		}
	}
	return out.Bytes()
}

// name writes the family, subfamily, full and PostScript names (Windows,
// UTF-16).
func (f *Font) name() []byte {
	sub := "Regular"
	switch {
	case f.Weight >= 600 && f.Italic:
		sub = "Bold Italic"
	case f.Weight >= 600:
		sub = "Bold"
	case f.Italic:
		sub = "Italic"
	}
	ps := []byte{}
	for _, c := range []byte(f.Family + "-" + sub) {
		if c > ' ' && c < 0x7f {
			ps = append(ps, c)
		}
	}
	names := []string{1: f.Family, 2: sub, 4: f.Family + " " + sub, 6: string(ps)}
	var recs, strs be
	count := 0
	for id, s := range names {
		if s == "" {
			continue
		}
		var u be
		for _, c := range s {
			u.u16(int(c))
		}
		recs.u16(3)
		recs.u16(1)
		recs.u16(0x409)
		recs.u16(id)
		recs.u16(u.Len())
		recs.u16(strs.Len())
		strs.Write(u.Bytes())
		count++
	}
	var out be
	out.u16(0)
	out.u16(count)
	out.u16(6 + 12*count)
	out.Write(recs.Bytes())
	out.Write(strs.Bytes())
	return out.Bytes()
}

// kernTable writes a version 0 kern table of one format 0 subtable.
func (f *Font) kernTable() []byte {
	gid := f.glyphOf()
	type p struct{ l, r, v int }
	var ps []p
	for _, k := range f.Kerns {
		ps = append(ps, p{gid[k.Left], gid[k.Right], k.Kern})
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].l < ps[j].l || ps[i].l == ps[j].l && ps[i].r < ps[j].r })
	var b be
	b.u16(0)
	b.u16(1)
	b.u16(0)
	b.u16(14 + 6*len(ps))
	b.u16(1) // horizontal, format 0
	b.u16(len(ps))
	sr, es := 1, 0
	for sr*2 <= len(ps) {
		sr, es = sr*2, es+1
	}
	b.u16(6 * sr)
	b.u16(es)
	b.u16(6*len(ps) - 6*sr)
	for _, x := range ps {
		b.u16(x.l)
		b.u16(x.r)
		b.u16(x.v)
	}
	return b.Bytes()
}

// gpos writes a GPOS table whose DFLT and latn scripts have one feature,
// kern, of one PairPos lookup: format 1 (pair sets) or, with ClassKern,
// format 2 (each glyph its own class).
func (f *Font) gpos() []byte {
	gid := f.glyphOf()
	var sub be
	if f.ClassKern {
		n := len(f.Glyphs) + 1
		var firsts []int
		for g := 1; g < n; g++ {
			firsts = append(firsts, g)
		}
		// classes: glyph g is class g (0 is .notdef's)
		sub.u16(2)
		covOff := 16 + 2*n*n
		classOff := covOff + 4 + 2*len(firsts)
		sub.u16(covOff)
		sub.u16(4) // value1: XAdvance
		sub.u16(0)
		sub.u16(classOff)
		sub.u16(classOff)
		sub.u16(n)
		sub.u16(n)
		vals := make([]int, n*n)
		for _, k := range f.Kerns {
			vals[gid[k.Left]*n+gid[k.Right]] = k.Kern
		}
		for _, v := range vals {
			sub.u16(v)
		}
		sub.u16(1)
		sub.u16(len(firsts))
		for _, g := range firsts {
			sub.u16(g)
		}
		sub.u16(1) // ClassDef format 1
		sub.u16(1)
		sub.u16(n - 1)
		for g := 1; g < n; g++ {
			sub.u16(g)
		}
	} else {
		sets := map[int][][2]int{}
		for _, k := range f.Kerns {
			sets[gid[k.Left]] = append(sets[gid[k.Left]], [2]int{gid[k.Right], k.Kern})
		}
		var firsts []int
		for g := range sets {
			firsts = append(firsts, g)
		}
		sort.Ints(firsts)
		sub.u16(1)
		covOff := 10 + 2*len(firsts)
		sub.u16(covOff)
		sub.u16(4)
		sub.u16(0)
		sub.u16(len(firsts))
		off := covOff + 4 + 2*len(firsts)
		for _, g := range firsts {
			sub.u16(off)
			off += 2 + 4*len(sets[g])
		}
		sub.u16(1)
		sub.u16(len(firsts))
		for _, g := range firsts {
			sub.u16(g)
		}
		for _, g := range firsts {
			s := sets[g]
			sort.Slice(s, func(i, j int) bool { return s[i][0] < s[j][0] })
			sub.u16(len(s))
			for _, p := range s {
				sub.u16(p[0])
				sub.u16(p[1])
			}
		}
	}
	var b be
	b.u32(0x00010000)
	// ScriptList at 10: two scripts, each a default LangSys of feature 0
	scriptList := 10
	script := 2 + 6*2
	b.u16(scriptList)
	featureList := scriptList + script + 12
	b.u16(featureList)
	lookupList := featureList + 2 + 6 + 6
	b.u16(lookupList)
	b.u16(2)
	b.tag("DFLT")
	b.u16(script)
	b.tag("latn")
	b.u16(script)
	b.u16(4) // Script: default LangSys at 4
	b.u16(0)
	b.u16(0) // LangSys: lookupOrder, required feature none, one feature
	b.u16(0xffff)
	b.u16(1)
	b.u16(0)
	// FeatureList: kern → lookup 0
	b.u16(1)
	b.tag("kern")
	b.u16(8)
	b.u16(0)
	b.u16(1)
	b.u16(0)
	// LookupList: one PairPos lookup of one subtable
	b.u16(1)
	b.u16(4)
	b.u16(2)
	b.u16(0)
	b.u16(1)
	b.u16(8)
	b.Write(sub.Bytes())
	return b.Bytes()
}

func checksum(b []byte) uint32 {
	var s uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		s += binary.BigEndian.Uint32(w[:])
	}
	return s
}

// Sfnt lays tables out as a TrueType file, with their checksums and
// head's checkSumAdjustment.
func Sfnt(t map[string][]byte) []byte {
	tags := make([]string, 0, len(t))
	for k := range t {
		tags = append(tags, k)
	}
	sort.Strings(tags)
	var b be
	b.u32(0x00010000)
	n := len(tags)
	b.u16(n)
	sr, es := 1, 0
	for sr*2 <= n {
		sr, es = sr*2, es+1
	}
	b.u16(16 * sr)
	b.u16(es)
	b.u16(16*n - 16*sr)
	off := 12 + 16*n
	for _, k := range tags {
		b.tag(k)
		b.u32(checksum(t[k]))
		b.u32(uint32(off))
		b.u32(uint32(len(t[k])))
		off += (len(t[k]) + 3) &^ 3
	}
	headAt := -1
	for _, k := range tags {
		if k == "head" {
			headAt = b.Len()
		}
		b.Write(t[k])
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
	}
	out := b.Bytes()
	if headAt >= 0 {
		binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	}
	return out
}

// tables splits an sfnt into its tables, in directory order.
func tables(sfnt []byte) (tags []string, data [][]byte) {
	n := int(binary.BigEndian.Uint16(sfnt[4:]))
	for i := range n {
		e := sfnt[12+16*i:]
		off, l := binary.BigEndian.Uint32(e[8:]), binary.BigEndian.Uint32(e[12:])
		tags = append(tags, string(e[:4]))
		data = append(data, sfnt[off:off+l])
	}
	return tags, data
}

// WOFF wraps an sfnt as WOFF 1, each table zlib-compressed when that
// makes it smaller.
func WOFF(sfnt []byte) []byte {
	tags, data := tables(sfnt)
	n := len(tags)
	var dir, body be
	off := 44 + 20*n
	for i, tag := range tags {
		var z bytes.Buffer
		w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
		_, _ = w.Write(data[i])
		_ = w.Close()
		d := data[i]
		if z.Len() < len(d) {
			d = z.Bytes()
		}
		dir.tag(tag)
		dir.u32(uint32(off + body.Len()))
		dir.u32(uint32(len(d)))
		dir.u32(uint32(len(data[i])))
		dir.u32(checksum(data[i]))
		body.Write(d)
		for body.Len()%4 != 0 {
			body.WriteByte(0)
		}
	}
	var b be
	b.tag("wOFF")
	b.Write(sfnt[:4])
	b.u32(uint32(44 + 20*n + body.Len()))
	b.u16(n)
	b.u16(0)
	b.u32(uint32(len(sfnt)))
	b.u16(1)
	b.u16(0)
	b.Write(make([]byte, 20))
	b.Write(dir.Bytes())
	b.Write(body.Bytes())
	return b.Bytes()
}

var woff2Index = map[string]byte{"cmap": 0, "head": 1, "hhea": 2, "hmtx": 3, "maxp": 4, "name": 5,
	"OS/2": 6, "post": 7, "glyf": 10, "loca": 11, "kern": 19, "GPOS": 27}

func base128(b *be, v uint32) {
	var tmp [5]byte
	i := 4
	tmp[i] = byte(v & 0x7f)
	for v >>= 7; v != 0; v >>= 7 {
		i--
		tmp[i] = byte(v&0x7f) | 0x80
	}
	b.Write(tmp[i:])
}

// WOFF2 wraps an sfnt as WOFF2 with its tables untransformed, except
// hmtx with transformHmtx (its left side bearings dropped: they are the
// glyphs' xMin; a decoder that rebuilds them needs glyf transformed too,
// so such a file is for sfnt's tests only).
func WOFF2(sfnt []byte, transformHmtx bool) []byte {
	tags, data := tables(sfnt)
	var dir, stream be
	for i, tag := range tags {
		d := data[i]
		flags, ok := woff2Index[tag]
		if !ok {
			flags = 63
		}
		version := byte(0)
		if tag == "glyf" || tag == "loca" {
			version = 3
		}
		transformed := false
		if tag == "hmtx" && transformHmtx {
			version, transformed = 1, true
			var t be
			t.WriteByte(3) // no lsbs
			for k := 0; k+4 <= len(d); k += 4 {
				t.Write(d[k : k+2])
			}
			d = t.Bytes()
		}
		dir.WriteByte(flags | version<<6)
		if flags == 63 {
			dir.tag(tag)
		}
		base128(&dir, uint32(len(data[i])))
		if transformed {
			base128(&dir, uint32(len(d)))
		}
		stream.Write(d)
	}
	var z bytes.Buffer
	w := brotli.NewWriterLevel(&z, brotli.DefaultCompression)
	_, _ = w.Write(stream.Bytes())
	_ = w.Close()
	body := z.Bytes()
	total := 48 + dir.Len() + len(body)
	pad := (4 - total%4) % 4
	var b be
	b.tag("wOF2")
	b.Write(sfnt[:4])
	b.u32(uint32(total + pad))
	b.u16(len(tags))
	b.u16(0)
	b.u32(uint32(len(sfnt)))
	b.u32(uint32(len(body)))
	b.u16(1)
	b.u16(0)
	b.Write(make([]byte, 20))
	b.Write(dir.Bytes())
	b.Write(body)
	b.Write(make([]byte, pad))
	return b.Bytes()
}
