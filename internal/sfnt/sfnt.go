// Package sfnt reads what measuring text needs from a font file: the
// units per em, the vertical metrics (hhea and OS/2), the character map,
// the advances (hmtx), the kerned pairs (the kern table and GPOS pair
// adjustment of the kern feature) and the glyphs' bounding boxes (glyf).
// It reads TrueType and CFF-flavoured OpenType (sfnt), WOFF (zlib) and
// WOFF2 (Brotli, with the hmtx transform undone; a transformed glyf
// table gives no bounding boxes). Outlines, hinting, substitution and
// shaping beyond pairs are not read.
//
// A file that is not a font, or is cut short or inconsistent, gives an
// error; no input makes it panic. It knows nothing of the DOM, JavaScript
// or HTTP.
// https://learn.microsoft.com/en-us/typography/opentype/spec/otff
// https://www.w3.org/TR/WOFF2/
package sfnt

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/andybalholm/brotli"
)

// MaxSize bounds the size of a font's tables once decompressed: a WOFF or
// WOFF2 file that says it holds more is refused (a compression bomb).
const MaxSize = 64 << 20

// ErrFormat is wrapped by every error Parse returns.
var ErrFormat = errors.New("sfnt: not a usable font")

func errorf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)
}

// A Font is a parsed font file. Its methods are safe for concurrent use
// (it is not changed after Parse).
type Font struct {
	// UnitsPerEm is the em square's size in font units.
	UnitsPerEm int
	// Ascent, Descent (positive below the baseline) and LineGap are the
	// metrics a line of text takes, as FreeType and Skia read them: the
	// OS/2 typographic ones when the font sets USE_TYPO_METRICS, else
	// hhea's (OS/2's typographic, then Windows', when hhea's are zero).
	Ascent, Descent, LineGap int
	// TypoAscent and TypoDescent are OS/2's typographic ones (hhea's
	// when the font has no OS/2 table).
	TypoAscent, TypoDescent int
	// CapHeight and XHeight are OS/2's (version 2 and up), else the top
	// of "H" and "x", else 0.
	CapHeight, XHeight int
	// NumGlyphs is maxp's glyph count.
	NumGlyphs int
	// AvgCharWidth is OS/2's xAvgCharWidth (0 without an OS/2 table);
	// XMin and XMax are the left and right of head's bounding box of all
	// glyphs. Browsers size text fields by them.
	AvgCharWidth, XMin, XMax int

	cmap       []cmapSeg
	symbol     bool // a (3,0) symbol cmap: U+0020..00FF looked up at U+F020..
	advances   []uint16
	kernPairs  []kernPair // the kern table's, sorted
	gpos       []byte
	pairTables []int // offsets in gpos of the PairPos subtables of the kern feature
	glyf, loca []byte
	longLoca   bool
}

type kernPair struct {
	pair uint32 // left<<16 | right
	kern int16
}

// cmapSeg maps the characters lo..hi to glyphs: glyph = c + delta (mod
// 65536 in format 4) when ids is nil, else ids[c-lo] (+ delta, when not
// 0, in format 4).
type cmapSeg struct {
	lo, hi rune
	delta  int32
	ids    []byte // big-endian uint16s
	mod    bool   // format 4's arithmetic modulo 65536
}

// Parse reads a font file: an sfnt (TrueType, "OTTO" OpenType), WOFF or
// WOFF2. Collections (ttcf) are refused.
func Parse(data []byte) (*Font, error) {
	if len(data) < 12 {
		return nil, errorf("%d bytes", len(data))
	}
	var tables map[string][]byte
	var err error
	transformedHmtx, transformedGlyf := false, false
	switch string(data[:4]) {
	case "\x00\x01\x00\x00", "OTTO", "true":
		tables, err = sfntTables(data)
	case "wOFF":
		tables, err = woffTables(data)
	case "wOF2":
		tables, transformedHmtx, transformedGlyf, err = woff2Tables(data)
	case "ttcf":
		return nil, errorf("font collections are not read")
	default:
		return nil, errorf("unknown signature %q", data[:4])
	}
	if err != nil {
		return nil, err
	}
	f := &Font{}
	if err := f.read(tables, transformedHmtx, transformedGlyf); err != nil {
		return nil, err
	}
	return f, nil
}

// reader reads big-endian numbers at offsets of b; an offset out of b
// reads 0 and sets bad.
type reader struct {
	b   []byte
	bad bool
}

func (r *reader) u8(off int) int {
	if off < 0 || off >= len(r.b) {
		r.bad = true
		return 0
	}
	return int(r.b[off])
}

func (r *reader) u16(off int) int {
	if off < 0 || off+2 > len(r.b) || off+2 < off {
		r.bad = true
		return 0
	}
	return int(r.b[off])<<8 | int(r.b[off+1])
}

func (r *reader) i16(off int) int { return int(int16(r.u16(off))) }

func (r *reader) u32(off int) uint32 {
	if off < 0 || off+4 > len(r.b) || off+4 < off {
		r.bad = true
		return 0
	}
	return uint32(r.b[off])<<24 | uint32(r.b[off+1])<<16 | uint32(r.b[off+2])<<8 | uint32(r.b[off+3])
}

// slice is b[off:off+n], nil and bad when out of b.
func (r *reader) slice(off, n int) []byte {
	if off < 0 || n < 0 || off > len(r.b) || n > len(r.b)-off {
		r.bad = true
		return nil
	}
	return r.b[off : off+n]
}

// sfntTables is the table directory of an sfnt.
func sfntTables(data []byte) (map[string][]byte, error) {
	r := reader{b: data}
	n := r.u16(4)
	tables := make(map[string][]byte, n)
	for i := range n {
		e := 12 + 16*i
		tag := string(r.slice(e, 4))
		off, length := r.u32(e+8), r.u32(e+12)
		if r.bad {
			return nil, errorf("table directory cut short")
		}
		if uint64(off)+uint64(length) > uint64(len(data)) {
			return nil, errorf("table %q out of the file", tag)
		}
		tables[tag] = data[off : off+length]
	}
	return tables, nil
}

// woffTables is the tables of a WOFF file, decompressed.
// https://www.w3.org/TR/WOFF/
func woffTables(data []byte) (map[string][]byte, error) {
	r := reader{b: data}
	if int(r.u32(8)) != len(data) {
		return nil, errorf("WOFF length is not the file's")
	}
	n := r.u16(12)
	tables := make(map[string][]byte, n)
	total := 0
	for i := range n {
		e := 44 + 20*i
		tag := string(r.slice(e, 4))
		off, comp, orig := r.u32(e+4), r.u32(e+8), r.u32(e+12)
		if r.bad {
			return nil, errorf("WOFF table directory cut short")
		}
		if uint64(off)+uint64(comp) > uint64(len(data)) || comp > orig {
			return nil, errorf("WOFF table %q out of the file", tag)
		}
		if total += int(orig); orig > MaxSize || total > MaxSize {
			return nil, errorf("WOFF tables too large")
		}
		b := data[off : off+comp]
		if comp < orig {
			z, err := zlib.NewReader(bytes.NewReader(b))
			if err != nil {
				return nil, errorf("WOFF table %q: %v", tag, err)
			}
			out := make([]byte, orig)
			if _, err := io.ReadFull(z, out); err != nil {
				return nil, errorf("WOFF table %q: %v", tag, err)
			}
			b = out
		}
		tables[tag] = b
	}
	return tables, nil
}

// woff2Tags are the known table tags of a WOFF2 table directory, by
// their index in the flags byte.
var woff2Tags = [63]string{
	"cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm",
	"glyf", "loca", "prep", "CFF ", "VORG", "EBDT", "EBLC", "gasp", "hdmx", "kern",
	"LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE", "GDEF", "GPOS", "GSUB", "EBSC",
	"JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt", "avar",
	"bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar", "gvar", "hsty",
	"just", "lcar", "mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat",
	"Gloc", "Feat", "Sill",
}

// base128 reads a WOFF2 UIntBase128 at *pos.
func base128(data []byte, pos *int) (uint32, bool) {
	var v uint32
	for i := range 5 {
		if *pos >= len(data) {
			return 0, false
		}
		b := data[*pos]
		*pos++
		if i == 0 && b == 0x80 || v&0xfe000000 != 0 {
			return 0, false // a leading zero, or more than 32 bits
		}
		v = v<<7 | uint32(b&0x7f)
		if b&0x80 == 0 {
			return v, true
		}
	}
	return 0, false
}

// woff2Tables is the tables of a WOFF2 file, decompressed; the glyf,
// loca and hmtx tables may be left transformed (the flags say which).
func woff2Tables(data []byte) (tables map[string][]byte, hmtxT, glyfT bool, err error) {
	r := reader{b: data}
	if int(r.u32(8)) != len(data) || len(data) < 48 {
		return nil, false, false, errorf("WOFF2 length is not the file's")
	}
	if string(data[4:8]) == "ttcf" {
		return nil, false, false, errorf("font collections are not read")
	}
	n := r.u16(12)
	compressed := int(r.u32(20))
	type entry struct {
		tag    string
		length int
	}
	entries := make([]entry, 0, n)
	pos, total := 48, 0
	for range n {
		if pos >= len(data) {
			return nil, false, false, errorf("WOFF2 table directory cut short")
		}
		flags := data[pos]
		pos++
		var tag string
		if flags&63 == 63 {
			if pos+4 > len(data) {
				return nil, false, false, errorf("WOFF2 table directory cut short")
			}
			tag = string(data[pos : pos+4])
			pos += 4
		} else {
			tag = woff2Tags[flags&63]
		}
		version := flags >> 6
		orig, ok := base128(data, &pos)
		if !ok {
			return nil, false, false, errorf("WOFF2 table %q: bad length", tag)
		}
		length := orig
		transformed := version != 0
		if tag == "glyf" || tag == "loca" {
			transformed = version != 3
		}
		if transformed {
			if length, ok = base128(data, &pos); !ok {
				return nil, false, false, errorf("WOFF2 table %q: bad length", tag)
			}
			switch tag {
			case "glyf":
				glyfT = true
			case "hmtx":
				hmtxT = true
			case "loca":
			default:
				return nil, false, false, errorf("WOFF2 table %q: unknown transform", tag)
			}
		}
		if total += int(length); length > MaxSize || total > MaxSize {
			return nil, false, false, errorf("WOFF2 tables too large")
		}
		entries = append(entries, entry{tag, int(length)})
	}
	if compressed < 0 || pos+compressed > len(data) || pos+compressed < pos {
		return nil, false, false, errorf("WOFF2 compressed data out of the file")
	}
	out := make([]byte, total)
	br := brotli.NewReader(bytes.NewReader(data[pos : pos+compressed]))
	if _, err := io.ReadFull(br, out); err != nil {
		return nil, false, false, errorf("WOFF2 data: %v", err)
	}
	tables = make(map[string][]byte, n)
	off := 0
	for _, e := range entries {
		tables[e.tag] = out[off : off+e.length : off+e.length]
		off += e.length
	}
	return tables, hmtxT, glyfT, nil
}

// read takes the metrics of the tables.
func (f *Font) read(tables map[string][]byte, hmtxT, glyfT bool) error {
	head, hhea, maxp, hmtx := tables["head"], tables["hhea"], tables["maxp"], tables["hmtx"]
	if len(head) < 54 || len(hhea) < 36 || len(maxp) < 6 || tables["cmap"] == nil || hmtx == nil {
		return errorf("a required table (head, hhea, maxp, hmtx, cmap) is missing or short")
	}
	r := reader{b: head}
	f.UnitsPerEm = r.u16(18)
	if f.UnitsPerEm < 16 || f.UnitsPerEm > 16384 {
		return errorf("unitsPerEm %d", f.UnitsPerEm)
	}
	f.XMin, f.XMax = r.i16(36), r.i16(40)
	f.longLoca = r.i16(50) == 1
	r = reader{b: maxp}
	f.NumGlyphs = r.u16(4)
	if f.NumGlyphs == 0 {
		return errorf("no glyphs")
	}
	r = reader{b: hhea}
	asc, desc, gap := r.i16(4), r.i16(6), r.i16(8)
	nMetrics := r.u16(34)
	if nMetrics == 0 || nMetrics > f.NumGlyphs {
		return errorf("numberOfHMetrics %d of %d glyphs", nMetrics, f.NumGlyphs)
	}
	f.Ascent, f.Descent, f.LineGap = asc, -desc, gap
	f.TypoAscent, f.TypoDescent = asc, -desc
	if os2 := tables["OS/2"]; len(os2) >= 78 {
		r = reader{b: os2}
		version := r.u16(0)
		f.AvgCharWidth = r.i16(2)
		typoAsc, typoDesc, typoGap := r.i16(68), r.i16(70), r.i16(72)
		winAsc, winDesc := r.u16(74), r.u16(76)
		f.TypoAscent, f.TypoDescent = typoAsc, -typoDesc
		switch {
		case r.u16(62)&(1<<7) != 0:
			f.Ascent, f.Descent, f.LineGap = typoAsc, -typoDesc, typoGap
		case asc == 0 && desc == 0 && (typoAsc != 0 || typoDesc != 0):
			f.Ascent, f.Descent, f.LineGap = typoAsc, -typoDesc, typoGap
		case asc == 0 && desc == 0:
			f.Ascent, f.Descent, f.LineGap = winAsc, winDesc, 0
		}
		if version >= 2 && len(os2) >= 90 {
			f.XHeight, f.CapHeight = r.i16(86), r.i16(88)
		}
	}
	// the advances: hmtx's longHorMetrics, or a transformed hmtx's
	// advanceWidth array after its flags
	f.advances = make([]uint16, nMetrics)
	r = reader{b: hmtx}
	start, stride := 0, 4
	if hmtxT {
		start, stride = 1, 2
	}
	for i := range f.advances {
		f.advances[i] = uint16(r.u16(start + stride*i))
	}
	if r.bad {
		return errorf("hmtx cut short")
	}
	if err := f.readCmap(tables["cmap"]); err != nil {
		return err
	}
	f.readGPOS(tables["GPOS"])
	if f.pairTables == nil {
		f.readKern(tables["kern"]) // used only without a GPOS kern feature
	}
	if !glyfT && tables["glyf"] != nil && tables["loca"] != nil {
		f.glyf, f.loca = tables["glyf"], tables["loca"]
	}
	if f.CapHeight == 0 || f.XHeight == 0 {
		// an older OS/2: the tops of H and x
		if _, _, _, top, ok := f.Bounds(f.GlyphIndex('H')); ok && f.CapHeight == 0 {
			f.CapHeight = top
		}
		if _, _, _, top, ok := f.Bounds(f.GlyphIndex('x')); ok && f.XHeight == 0 {
			f.XHeight = top
		}
	}
	return nil
}

// readCmap reads the Unicode subtable of the cmap: format 12 for the
// full repertoire (3,10 or 0,4/0,6), else format 4 (3,1 or 0,3), else
// a symbol font's (3,0).
func (f *Font) readCmap(cmap []byte) error {
	r := reader{b: cmap}
	n := r.u16(2)
	best, bestRank := -1, 0
	for i := range n {
		e := 4 + 8*i
		pid, eid, off := r.u16(e), r.u16(e+2), int(r.u32(e+4))
		if r.bad {
			return errorf("cmap cut short")
		}
		format := r.u16(off)
		if r.bad {
			r.bad = false
			continue
		}
		rank := 0
		switch {
		case format == 12 && (pid == 3 && eid == 10 || pid == 0 && (eid == 4 || eid == 6)):
			rank = 4
		case format == 4 && (pid == 3 && eid == 1 || pid == 0 && eid <= 3):
			rank = 3
		case format == 4 && pid == 3 && eid == 0:
			rank = 2
		}
		if rank > bestRank {
			best, bestRank = off, rank
		}
	}
	if best < 0 {
		return errorf("no Unicode cmap")
	}
	f.symbol = bestRank == 2
	var segs []cmapSeg
	if r.u16(best) == 12 {
		groups := int(r.u32(best + 12))
		if groups > (len(cmap)-best-16)/12+1 {
			return errorf("cmap format 12 cut short")
		}
		segs = make([]cmapSeg, 0, groups)
		for i := range groups {
			g := best + 16 + 12*i
			lo, hi, gid := r.u32(g), r.u32(g+4), r.u32(g+8)
			if r.bad || lo > hi || hi > 0x10ffff {
				return errorf("cmap format 12 group %d", i)
			}
			segs = append(segs, cmapSeg{lo: rune(lo), hi: rune(hi), delta: int32(gid) - int32(lo)})
		}
	} else {
		length := r.u16(best + 2)
		sub := reader{b: r.slice(best, length)}
		if r.bad {
			// some fonts give a wrong length; take what there is
			r.bad = false
			sub = reader{b: cmap[best:]}
		}
		segX2 := sub.u16(6)
		nseg := segX2 / 2
		ends, starts, deltas, offs := 14, 16+segX2, 16+2*segX2, 16+3*segX2
		segs = make([]cmapSeg, 0, nseg)
		for i := range nseg {
			hi, lo := rune(sub.u16(ends+2*i)), rune(sub.u16(starts+2*i))
			delta, ro := sub.i16(deltas+2*i), sub.u16(offs+2*i)
			if sub.bad {
				return errorf("cmap format 4 cut short")
			}
			if lo > hi || lo == 0xffff {
				continue
			}
			s := cmapSeg{lo: lo, hi: hi, delta: int32(delta), mod: true}
			if ro != 0 {
				at := offs + 2*i + ro
				s.ids = sub.slice(at, 2*int(hi-lo+1))
				if sub.bad {
					// ids past the table: keep those there are
					sub.bad = false
					if at < len(sub.b) {
						s.ids = sub.b[at:]
					} else {
						continue
					}
				}
			}
			segs = append(segs, s)
		}
	}
	sort.SliceStable(segs, func(i, j int) bool { return segs[i].lo < segs[j].lo })
	f.cmap = segs
	return nil
}

// GlyphIndex is the glyph of c, 0 (.notdef) when the font has none.
func (f *Font) GlyphIndex(c rune) int {
	g := f.lookup(c)
	if g == 0 && f.symbol && c >= 0x20 && c <= 0xff {
		g = f.lookup(c + 0xf000)
	}
	return g
}

func (f *Font) lookup(c rune) int {
	i := sort.Search(len(f.cmap), func(i int) bool { return f.cmap[i].hi >= c })
	if i == len(f.cmap) || f.cmap[i].lo > c {
		return 0
	}
	s := &f.cmap[i]
	var g int32
	if s.ids != nil {
		k := 2 * int(c-s.lo)
		if k+2 > len(s.ids) {
			return 0
		}
		g = int32(s.ids[k])<<8 | int32(s.ids[k+1])
		if g == 0 {
			return 0
		}
		g += s.delta
	} else {
		g = int32(c) + s.delta
	}
	if s.mod {
		g &= 0xffff
	}
	if g <= 0 || int(g) >= f.NumGlyphs {
		return 0
	}
	return int(g)
}

// Advance is glyph g's advance in font units.
func (f *Font) Advance(g int) int {
	if g < 0 || g >= f.NumGlyphs {
		g = 0
	}
	if g >= len(f.advances) {
		g = len(f.advances) - 1
	}
	return int(f.advances[g])
}

// Bounds is glyph g's bounding box from the glyf table; ok is false for
// a glyph with no outline, and for fonts without a glyf table (CFF) or
// with a transformed one (WOFF2).
func (f *Font) Bounds(g int) (xMin, yMin, xMax, yMax int, ok bool) {
	if f.glyf == nil || g < 0 || g >= f.NumGlyphs {
		return 0, 0, 0, 0, false
	}
	r := reader{b: f.loca}
	var lo, hi int
	if f.longLoca {
		lo, hi = int(r.u32(4*g)), int(r.u32(4*g+4))
	} else {
		lo, hi = 2*r.u16(2*g), 2*r.u16(2*g+2)
	}
	if r.bad || hi-lo < 10 {
		return 0, 0, 0, 0, false
	}
	r = reader{b: f.glyf}
	xMin, yMin, xMax, yMax = r.i16(lo+2), r.i16(lo+4), r.i16(lo+6), r.i16(lo+8)
	return xMin, yMin, xMax, yMax, !r.bad && xMin <= xMax && yMin <= yMax
}
