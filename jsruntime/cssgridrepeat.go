package jsruntime

import "sync"

// The repeat()s of a track list
// (https://drafts.csswg.org/css-grid/#track-list): a list takes one
// automatic repetition (repeat(auto-fill | auto-fit, …)) at most, and
// beside it only fixed sizes and repetitions of fixed sizes, as Chromium
// 156 parses grid-template-columns: repeat(auto-fill, 1px) 1fr is
// refused, repeat(auto-fill, 1px) repeat(2, 1px) taken. The three kinds
// are types of their own so that the track-list grammar can count the
// automatic one.
func init() {
	grammarTypes["track-repeat"] = func(t string) bool { return repeatArgs(t, 0) }
	grammarTypes["fixed-repeat"] = func(t string) bool { return repeatArgs(t, 1) }
	grammarTypes["auto-repeat"] = func(t string) bool { return repeatArgs(t, 2) }
}

var (
	repeatGrammarsOnce sync.Once
	repeatGrammars     [3]*grammar
)

// repeatArgs tells whether t is a repeat() of the kind: 0 a count of any
// tracks, 1 a count of fixed sizes, 2 an automatic repetition.
func repeatArgs(t string, kind int) bool {
	if functionName(t) != "repeat" {
		return false
	}
	repeatGrammarsOnce.Do(func() {
		repeatGrammars = [3]*grammar{
			parseGrammar(`<integer1> , [ <line-names>? <track-size> ]+ <line-names>?`),
			parseGrammar(`<integer1> , [ <line-names>? <fixed-size> ]+ <line-names>?`),
			parseGrammar(`[ auto-fill | auto-fit ] , [ <line-names>? <fixed-size> ]+ <line-names>?`),
		}
	})
	return argsMatch(repeatGrammars[kind], t)
}
