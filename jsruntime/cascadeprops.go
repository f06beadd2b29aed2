package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// What cascadedRaw needs to know of a property name besides the element:
// its number among the properties the rules declare (propIDs), the
// shorthands covering it and whether a rule declares each, its logical
// counterparts. Each used to be a lookup by name at every cascade lookup
// (a dozen string-keyed map reads for a side property of a page with
// logical rules, as Ant Design's), and the flow estimate and the style
// update make about a million cascade lookups in a render of such a page;
// they are read once per property and rule build now.

// A propCascade is what the cascade of one property reads of the rules
// and of the property tables, valid for one build of byProp.
type propCascade struct {
	name string
	// pid is propIDs[name], -1 when no rule of an element (not a
	// pseudo-element) declares it.
	pid int32
	// shorthands are shorthandsOf[name]'s, widest first.
	shorthands []shorthandCascade
	// logical is the logical longhand sharing name's value in each flow
	// mode (physicalLogical), nil when name has none in any mode;
	// logicalCasc holds their propCascades, made when first needed.
	logical     *[flowModes]string
	logicalCasc [flowModes]*propCascade
}

// A shorthandCascade is a shorthand covering a propCascade's property.
type shorthandCascade struct {
	name string
	pid  int32
	// inSheets is set when a rule of the sheets declares it whole
	// (mayDeclareWhole's first test).
	inSheets bool
}

// cascadeOf returns s's propCascade of name, made on first use; s is up
// to date (sheetsOf), and a rebuild of byProp forgets them.
func (s *sheetState) cascadeOf(name string) *propCascade {
	if pc := s.casc[name]; pc != nil {
		return pc
	}
	name = strings.Clone(name) // a name cut from a larger text is not kept with it
	pc := &propCascade{name: name, pid: s.pidOf(name)}
	for _, sh := range shorthandsOf[name] {
		pc.shorthands = append(pc.shorthands, shorthandCascade{name: sh.name, pid: s.pidOf(sh.name), inSheets: len(s.byProp[sh.name]) > 0})
	}
	_, horizontal := physicalLogical[flowHorizontalLTR][name]
	_, vertical := physicalLogical[flowVerticalRLLTR][name]
	if horizontal || vertical {
		var l [flowModes]string
		for m := range flowModes {
			l[m] = physicalLogical[m][name]
		}
		pc.logical = &l
	}
	if s.casc == nil {
		s.casc = make(map[string]*propCascade)
	}
	s.casc[name] = pc
	return pc
}

// pidOf is propIDs[name], or -1.
func (s *sheetState) pidOf(name string) int32 {
	if pid, ok := s.propIDs[name]; ok {
		return pid
	}
	return -1
}

// logicalCascade is the propCascade of the logical longhand sharing
// pc's property's value on el, nil when there is none or no logical
// declaration can apply to el (logicalCounterpart).
func (w *Window) logicalCascade(sh *sheetState, el *dom.Node, pc *propCascade) *propCascade {
	if pc.logical == nil || !w.mayDeclareLogical(el) {
		return nil
	}
	m := w.flowModeOf(el)
	if pc.logical[m] == "" {
		return nil
	}
	if pc.logicalCasc[m] == nil {
		pc.logicalCasc[m] = sh.cascadeOf(pc.logical[m])
	}
	return pc.logicalCasc[m]
}
