package jsruntime

import "testing"

// TestCSSOMSheetRules checks what a sheet accepts and what reaches the
// cascade, each answer Chromium 156's for the same page
// (testdata/wpt/conf-cssom.html has them too).
func TestCSSOMSheetRules(t *testing.T) {
	const markup = `<!doctype html><head><style id=s1>#t { color: rgb(1, 2, 3); }</style>
<style id=s2>.a {} @import url(late.css); @namespace svg url(http://www.w3.org/2000/svg); .b {}</style>
<style id=s3>@import url(x.css); .c {}</style></head><body><div id=t></div>`
	steps := []cssomStep{
		{"replaceSync on an element's sheet", `try { s1.sheet.replaceSync('.x {}'); 'no' } catch (e) { e.name + ' ' + s1.sheet.cssRules.length }`, "NotAllowedError 1"},
		{"replace on an element's sheet rejects", `var got; s1.sheet.replace('.x {}').catch(function (e) { got = e.name; }); 'sync'`, "sync"},
		{"with NotAllowedError", `got`, "NotAllowedError"},
		{"constructed sheets replace", `var c = new CSSStyleSheet(); c.replaceSync('.a {} .b {}'); c.cssRules.length`, "2"},
		{"misplaced @import and @namespace dropped", `Array.from(s2.sheet.cssRules).map(function (r) { return r.type; }).join()`, "1,1"},
		{"@import after a rule", `try { s3.sheet.insertRule('@import url(y.css);', 2); 'no' } catch (e) { e.name }`, "HierarchyRequestError"},
		{"a rule before @import", `try { s3.sheet.insertRule('.z {}', 0); 'no' } catch (e) { e.name }`, "HierarchyRequestError"},
		{"@import before @import", `s3.sheet.insertRule('@import url(y.css);', 0)`, "0"},
		{"@namespace among rules", `try { s3.sheet.insertRule('@namespace url(a);', 2); 'no' } catch (e) { e.name }`, "InvalidStateError"},
		{"the rule style's parentRule", `var r = s1.sheet.cssRules[0]; r.style.parentRule === r`, "true"},
		{"an element's style has none", `document.body.style.parentRule`, "null"},
		{"cascade", `getComputedStyle(t).color`, "rgb(1, 2, 3)"},
		{"a disabled sheet does not apply", `s1.sheet.disabled = true; getComputedStyle(t).color`, "rgb(0, 0, 0)"},
		{"enabled again", `s1.sheet.disabled = false; getComputedStyle(t).color`, "rgb(1, 2, 3)"},
		{"a style element's media attribute", `s1.media = 'print'; getComputedStyle(t).color`, "rgb(0, 0, 0)"},
		{"a matching media attribute", `s1.media = 'screen'; getComputedStyle(t).color`, "rgb(1, 2, 3)"},
	}
	runCSSOMSteps(t, newCSSOMWindow(t, markup), steps)
}

// TestCSSOMDeclarationsAndViews checks setProperty's priority argument,
// and blockified computed display, each answer
// Chromium 156's (testdata/wpt/conf-cssom.html has them too).
func TestCSSOMDeclarationsAndViews(t *testing.T) {
	const markup = `<!doctype html><body><div id=flex style="display: flex"><span id=item></span></div><span id=s></span>`
	steps := []cssomStep{
		{"important", `var d = document.createElement('div').style; d.setProperty('color', 'green', 'IMPORTANT'); d.getPropertyPriority('color')`, "important"},
		{"an unknown priority is ignored", `d.setProperty('color', 'black', 'urgent'); d.color`, "green"},
		{"an empty value still removes", `d.setProperty('color', '', 'urgent'); d.length`, "0"},
		{"no priority", `d.setProperty('color', 'red'); d.cssText`, "color: red;"},
		{"inline stays inline", `getComputedStyle(s).display`, "inline"},
		{"absolute blockifies", `s.style.position = 'absolute'; getComputedStyle(s).display`, "block"},
		{"float blockifies inline-flex", `s.style.cssText = 'float: left; display: inline-flex'; getComputedStyle(s).display`, "flex"},
		{"none stays none", `s.style.cssText = 'float: left; display: none'; getComputedStyle(s).display`, "none"},
		{"a flex item", `getComputedStyle(item).display`, "block"},
		{"the root element", `document.documentElement.style.display = 'inline'; getComputedStyle(document.documentElement).display`, "block"},
	}
	runCSSOMSteps(t, newCSSOMWindow(t, markup), steps)
}

// TestComputedStyleFromShorthands checks computed values of longhands an
// inline shorthand set, computed shorthands and currentcolor, each as
// Chromium 156 answers (testdata/wpt/conf-cssom-computed.html).
func TestComputedStyleFromShorthands(t *testing.T) {
	const markup = `<!doctype html><body><div id=p style="color: blue"><div id=d></div></div>`
	steps := []cssomStep{
		{"margin longhand from an inline shorthand", `d.style.margin = '5px'; getComputedStyle(d).marginTop`, "5px"},
		{"overflow-x from overflow", `d.style.cssText = 'overflow: hidden'; getComputedStyle(d).overflowX`, "hidden"},
		{"computed overflow", `getComputedStyle(d).overflow`, "hidden"},
		{"computed margin", `d.style.cssText = 'margin: 1px 2px'; getComputedStyle(d).margin`, "1px 2px"},
		{"computed border", `d.style.cssText = 'border: 2px dashed rgb(1, 2, 3)'; getComputedStyle(d).border`, "2px dashed rgb(1, 2, 3)"},
		{"currentcolor for color is the parent's", `d.style.cssText = 'color: currentcolor'; getComputedStyle(d).color`, "rgb(0, 0, 255)"},
		{"a border width under style none is 0", `d.style.cssText = 'border-top-width: 5px; border-left: 3px solid'; [getComputedStyle(d).borderTopWidth, getComputedStyle(d).borderLeftWidth, getComputedStyle(d).borderRightWidth].join()`, "0px,3px,0px"},
		{"em lengths in px", `d.style.cssText = 'font-size: 8px; width: 2em; padding-top: 1.5em; margin-left: 12pt'; var c = getComputedStyle(d); [c.width, c.paddingTop, c.marginLeft].join()`, "16px,12px,16px"},
		{"font-size in px", `d.style.cssText = 'font-size: 2em'; p.style.fontSize = '10px'; [getComputedStyle(d).fontSize, getComputedStyle(p).fontSize].join()`, "20px,10px"},
		{"a percentage font-size and a keyword", `d.style.cssText = 'font-size: 150%'; var a = getComputedStyle(d).fontSize; d.style.fontSize = 'large'; a + ',' + getComputedStyle(d).fontSize`, "15px,18px"},
		{"a number line-height in px", `d.style.cssText = 'line-height: 2'; getComputedStyle(d).lineHeight`, "20px"},
		{"normal line-height stays", `d.style.cssText = ''; getComputedStyle(d).lineHeight`, "normal"},
		{"a custom property's var() is substituted", `d.style.cssText = '--c: 1px; --d: var(--c); --e: var(--nope)'; [getComputedStyle(d).getPropertyValue('--d'), JSON.stringify(getComputedStyle(d).getPropertyValue('--e'))].join()`, `1px,""`},
		{"currentcolor of a border is the color", `d.style.cssText = 'color: red; border-top: 1px solid currentcolor'; getComputedStyle(d).borderTopColor`, "rgb(255, 0, 0)"},
		{"list-style-type from list-style: none", `d.style.cssText = 'list-style: none'; [getComputedStyle(d).listStyleType, getComputedStyle(d).listStyle].join()`, "none,outside none none"},
		{"list-style in any order", `d.style.cssText = 'list-style: square inside'; getComputedStyle(d).listStyle`, "inside none square"},
		{"text-decoration-color from text-decoration", `d.style.cssText = 'text-decoration: red underline 2px'; [getComputedStyle(d).textDecorationColor, getComputedStyle(d).textDecoration].join()`, "rgb(255, 0, 0),underline 2px rgb(255, 0, 0)"},
	}
	runCSSOMSteps(t, newCSSOMWindow(t, markup), steps)
}

// A cssomStep is one script run in turn in a page, and its result.
type cssomStep struct{ name, js, want string }

// runCSSOMSteps runs steps one after the other in w, checking each
// result.
func runCSSOMSteps(t *testing.T, w *Window, steps []cssomStep) {
	t.Helper()
	for _, st := range steps {
		v, err := w.RunScript("step.js", st.js)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := v.String(); got != st.want {
			t.Errorf("%s: %s\n got %q\nwant %q", st.name, st.js, got, st.want)
		}
	}
}
