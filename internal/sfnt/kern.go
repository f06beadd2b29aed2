package sfnt

import "sort"

// Kerning: the pairs HarfBuzz applies with its default features, where
// kern is on. A font whose GPOS has a kern feature is kerned by its pair
// adjustment lookups (PairPos formats 1 and 2, also inside Extension
// lookups); one without is kerned by its kern table (format 0 subtables,
// Microsoft's and Apple's headers).
// https://learn.microsoft.com/en-us/typography/opentype/spec/gpos#lookup-type-2-pair-adjustment-positioning-subtable
// https://learn.microsoft.com/en-us/typography/opentype/spec/kern

// Kern is the adjustment in font units of the advance of glyph a when
// glyph b follows it.
func (f *Font) Kern(a, b int) int {
	if a <= 0 || b <= 0 || a > 0xffff || b > 0xffff {
		return 0
	}
	if f.pairTables != nil {
		return f.gposKern(a, b)
	}
	if len(f.kernPairs) == 0 {
		return 0
	}
	key := uint32(a)<<16 | uint32(b)
	i := sort.Search(len(f.kernPairs), func(i int) bool { return f.kernPairs[i].pair >= key })
	if i < len(f.kernPairs) && f.kernPairs[i].pair == key {
		return int(f.kernPairs[i].kern)
	}
	return 0
}

// HasKerning tells whether the font kerns any pair.
func (f *Font) HasKerning() bool { return len(f.pairTables) > 0 || len(f.kernPairs) > 0 }

// readKern reads the horizontal format 0 subtables of a kern table; a
// later subtable's pair adds to an earlier one's (an override one's
// replaces it).
func (f *Font) readKern(kern []byte) {
	r := reader{b: kern}
	if len(kern) < 4 {
		return
	}
	apple := r.u32(0) == 0x00010000
	var n, pos int
	if apple {
		n, pos = int(r.u32(4)), 8
	} else if r.u16(0) == 0 {
		n, pos = r.u16(2), 4
	} else {
		return
	}
	m := map[uint32]int{}
	for range n {
		var length, format, body int
		horizontal, cross, override := false, false, false
		if apple {
			length = int(r.u32(pos))
			cov := r.u16(pos + 4)
			format, body = cov&0xff, pos+8
			horizontal, cross = cov&0x8000 == 0, cov&0x4000 != 0
		} else {
			length = r.u16(pos + 2)
			cov := r.u16(pos + 4)
			format, body = cov>>8, pos+6
			horizontal, cross, override = cov&1 != 0, cov&4 != 0, cov&8 != 0
			if cov&2 != 0 {
				horizontal = false // minimum values, not kerning
			}
		}
		if r.bad || length < 6 {
			break
		}
		if format == 0 && horizontal && !cross {
			pairs := r.u16(body)
			for i := range pairs {
				p := body + 8 + 6*i
				key, v := r.u32(p), r.i16(p+4)
				if r.bad {
					break
				}
				if override {
					m[key] = v
				} else {
					m[key] += v
				}
			}
		}
		pos += length
		if r.bad || pos >= len(kern) {
			break
		}
	}
	f.kernPairs = make([]kernPair, 0, len(m))
	for k, v := range m {
		if v != 0 && v >= -32768 && v <= 32767 {
			f.kernPairs = append(f.kernPairs, kernPair{k, int16(v)})
		}
	}
	sort.Slice(f.kernPairs, func(i, j int) bool { return f.kernPairs[i].pair < f.kernPairs[j].pair })
}

// readGPOS finds the PairPos subtables of the lookups of the kern feature
// of the default language system of the latn script (text measured is mostly Latin; HarfBuzz picks the script of the text), else DFLT's, else
// the first script's.
func (f *Font) readGPOS(gpos []byte) {
	r := reader{b: gpos}
	if len(gpos) < 10 || r.u16(0) != 1 {
		return
	}
	scripts, features, lookups := r.u16(4), r.u16(6), r.u16(8)
	langSys := -1
	n := r.u16(scripts)
	for _, want := range []string{"latn", "DFLT", ""} {
		for i := range n {
			rec := scripts + 2 + 6*i
			tag := string(r.slice(rec, 4))
			if r.bad {
				return
			}
			if want != "" && tag != want {
				continue
			}
			script := scripts + r.u16(rec+4)
			if d := r.u16(script); d != 0 {
				langSys = script + d
			} else if r.u16(script+2) > 0 {
				langSys = script + r.u16(script+4+4) // its first language
			}
			break
		}
		if langSys >= 0 || r.bad {
			break
		}
	}
	if langSys < 0 || r.bad {
		return
	}
	var lookupIdx []int
	nf := r.u16(langSys + 4)
	for i := range nf {
		fi := r.u16(langSys + 6 + 2*i)
		rec := features + 2 + 6*fi
		if fi >= r.u16(features) || string(r.slice(rec, 4)) != "kern" {
			continue
		}
		feat := features + r.u16(rec+4)
		for j := range r.u16(feat + 2) {
			lookupIdx = append(lookupIdx, r.u16(feat+4+2*j))
		}
		if r.bad {
			return
		}
	}
	sort.Ints(lookupIdx) // lookups apply in the order of the list
	tables := []int{}
	for k, li := range lookupIdx {
		if k > 0 && lookupIdx[k-1] == li || li >= r.u16(lookups) {
			continue
		}
		lookup := lookups + r.u16(lookups+2+2*li)
		typ := r.u16(lookup)
		for s := range r.u16(lookup + 4) {
			sub := lookup + r.u16(lookup+6+2*s)
			t := typ
			if t == 9 && r.u16(sub) == 1 { // Extension
				t = r.u16(sub + 2)
				sub += int(r.u32(sub + 4))
			}
			if t == 2 && (r.u16(sub) == 1 || r.u16(sub) == 2) {
				tables = append(tables, sub)
			}
		}
		if r.bad {
			return
		}
		// a lookup's subtables end with a marker so that gposKern
		// applies at most one subtable of each lookup
		tables = append(tables, -1)
	}
	if len(tables) > 0 {
		f.gpos, f.pairTables = gpos, tables
	}
}

// gposKern sums the first matching subtable of each kern lookup.
func (f *Font) gposKern(a, b int) int {
	r := reader{b: f.gpos}
	total, done := 0, false
	for _, sub := range f.pairTables {
		if sub < 0 {
			done = false
			continue
		}
		if done {
			continue
		}
		if v, ok := pairAdjust(&r, sub, a, b); ok {
			total += v
			done = true
		}
		if r.bad {
			return 0
		}
	}
	return total
}

// valueSize is the size of a ValueRecord of format vf; xAdvance is the
// offset of its XAdvance, -1 when it has none.
func valueSize(vf int) (size, xAdvance int) {
	xAdvance = -1
	for bit := range 8 {
		if vf&(1<<bit) != 0 {
			if bit == 2 {
				xAdvance = size
			}
			size += 2
		}
	}
	return size, xAdvance
}

// pairAdjust applies PairPos subtable sub to a, b: the XAdvance of the
// first value record and of the second (which also moves what follows).
func pairAdjust(r *reader, sub, a, b int) (int, bool) {
	format := r.u16(sub)
	ci := coverageIndex(r, sub+r.u16(sub+2), a)
	if ci < 0 {
		return 0, false
	}
	vf1, vf2 := r.u16(sub+4), r.u16(sub+6)
	s1, x1 := valueSize(vf1)
	s2, x2 := valueSize(vf2)
	var rec int
	if format == 1 {
		if ci >= r.u16(sub+8) {
			return 0, false
		}
		set := sub + r.u16(sub+10+2*ci)
		n := r.u16(set)
		size := 2 + s1 + s2
		i := searchGlyph(r, set+2, n, size, b)
		if i == n || r.u16(set+2+size*i) != b || r.bad {
			return 0, false
		}
		rec = set + 2 + size*i + 2
	} else {
		c1 := classOf(r, sub+r.u16(sub+8), a)
		c2 := classOf(r, sub+r.u16(sub+10), b)
		n1, n2 := r.u16(sub+12), r.u16(sub+14)
		if c1 >= n1 || c2 >= n2 {
			return 0, false
		}
		rec = sub + 16 + (c1*n2+c2)*(s1+s2)
	}
	v := 0
	if x1 >= 0 {
		v += r.i16(rec + x1)
	}
	if x2 >= 0 {
		v += r.i16(rec + s1 + x2)
	}
	return v, !r.bad
}

// coverageIndex is g's index in a Coverage table, -1 when not covered.
func coverageIndex(r *reader, cov, g int) int {
	switch r.u16(cov) {
	case 1:
		n := r.u16(cov + 2)
		if i := searchGlyph(r, cov+4, n, 2, g); i < n && r.u16(cov+4+2*i) == g && !r.bad {
			return i
		}
	case 2:
		if rec := searchRange(r, cov+4, r.u16(cov+2), g); rec >= 0 {
			return r.u16(rec+4) + g - r.u16(rec)
		}
	}
	return -1
}

// searchGlyph is the index of the first of n records size bytes long
// from base whose leading glyph id is g or above (n when none): a
// binary search of the tables' arrays sorted by glyph.
func searchGlyph(r *reader, base, n, size, g int) int {
	lo, hi := 0, n
	for lo < hi && !r.bad {
		m := int(uint(lo+hi) >> 1)
		if r.u16(base+size*m) < g {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if r.bad {
		return n
	}
	return lo
}

// searchRange is the offset of the one of n range records (start, end,
// value) from base that holds g, -1 when none does.
func searchRange(r *reader, base, n, g int) int {
	i := searchGlyph(r, base+2, n, 6, g) // the first whose end is g or above
	if rec := base + 6*i; i < n && r.u16(rec) <= g && !r.bad {
		return rec
	}
	return -1
}

// classOf is g's class in a ClassDef table (0 when not listed).
func classOf(r *reader, def, g int) int {
	switch r.u16(def) {
	case 1:
		start, n := r.u16(def+2), r.u16(def+4)
		if g >= start && g < start+n {
			return r.u16(def + 6 + 2*(g-start))
		}
	case 2:
		if rec := searchRange(r, def+4, r.u16(def+2), g); rec >= 0 {
			return r.u16(rec + 4)
		}
	}
	return 0
}
