package bangsnap

// TakeErrors returns the page's uncaught exceptions (and scripts that
// failed to load or compile) recorded since the previous TakeErrors (or
// since the document was loaded), so that a test can check each action on
// its own:
//
//	page.Click(ctx, "#save")
//	if errs := page.TakeErrors(); len(errs) > 0 {
//		t.Errorf("clicking save threw: %v", errs[0].Message)
//	}
//
// Report().Errors keeps all of them. Past 100 errors of one document
// nothing more is recorded (Report says how many were dropped).
func (p *Page) TakeErrors() []ScriptError {
	if p.closed {
		return nil
	}
	all := p.s.report.Errors
	if p.errSeen > len(all) {
		p.errSeen = len(all)
	}
	out := append([]ScriptError(nil), all[p.errSeen:]...)
	p.errSeen = len(all)
	return out
}

// TakeConsole returns the page's console messages recorded since the
// previous TakeConsole (or since the document was loaded), as TakeErrors
// does for errors. Past 1000 messages of one document nothing more is
// recorded.
func (p *Page) TakeConsole() []ConsoleEntry {
	if p.closed {
		return nil
	}
	all := p.s.report.Console
	if p.consoleSeen > len(all) {
		p.consoleSeen = len(all)
	}
	out := append([]ConsoleEntry(nil), all[p.consoleSeen:]...)
	p.consoleSeen = len(all)
	return out
}
