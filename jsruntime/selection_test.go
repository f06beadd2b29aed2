package jsruntime

import (
	"strings"
	"testing"
)

// TestSelection runs one script of selection operations, step by step,
// and compares each step's state with Chromium 156's for the same page
// (anchor node and offset, focus node and offset, isCollapsed, rangeCount,
// type, direction; or the exception).
func TestSelection(t *testing.T) {
	const markup = `<!doctype html><body><div id=d><p id=p1>Hello <b>bold</b> world</p><p id=p2>Second para</p></div>`
	const prelude = `var s=getSelection(), p1=document.getElementById('p1'), p2=document.getElementById('p2'), tx=p1.firstChild;
function st(){return [s.anchorNode&&s.anchorNode.nodeName, s.anchorOffset, s.focusNode&&s.focusNode.nodeName, s.focusOffset, s.isCollapsed, s.rangeCount, s.type, s.direction].join()}
function tr(f){try{return String(f())}catch(e){return '!! '+e.name+': '+e.message}}
var evs=[]; document.addEventListener('selectionchange', function(e){evs.push(e.target.nodeName+':'+e.bubbles+':'+e.cancelable)});`
	steps := []struct{ name, js, want string }{
		{"same object", `getSelection()===document.getSelection() && s===window.getSelection()`, "true"},
		{"initial", `st()`, ",0,,0,true,0,None,none"},
		{"extend without a range", `s.extend(tx,2); st()`, "!! InvalidStateError: Failed to execute 'extend' on 'Selection': This Selection object doesn't have any Ranges."},
		{"collapse", `s.collapse(tx,2); st()`, "#text,2,#text,2,true,1,Caret,none"},
		{"extend forward", `s.extend(tx,5); st()+'|'+s`, "#text,2,#text,5,false,1,Range,forward|llo"},
		{"extend backward", `s.extend(tx,0); st()+'|'+s`, "#text,2,#text,0,false,1,Range,backward|He"},
		{"range", `var r=s.getRangeAt(0); r.startOffset+','+r.endOffset+','+(r===s.getRangeAt(0))`, "0,2,true"},
		{"setBaseAndExtent backward", `s.setBaseAndExtent(p2.firstChild,3,tx,1); st()`, "#text,3,#text,1,false,1,Range,backward"},
		{"setBaseAndExtent forward", `s.setBaseAndExtent(tx,1,p2.firstChild,3); st()`, "#text,1,#text,3,false,1,Range,forward"},
		{"containsNode", `[s.containsNode(p1), s.containsNode(p1,true), s.containsNode(p1.childNodes[1]), s.containsNode(document.body,true)].join()`, "false,true,true,true"},
		{"collapseToStart", `s.collapseToStart(); st()`, "#text,1,#text,1,true,1,Caret,none"},
		{"selectAllChildren", `s.selectAllChildren(p1); st()`, "P,0,P,3,false,1,Range,forward"},
		{"addRange with a range", `var r=document.createRange(); r.selectNode(p2); s.addRange(r); st()`, "P,0,P,3,false,1,Range,forward"},
		{"removeAllRanges", `s.removeAllRanges(); st()`, ",0,,0,true,0,None,none"},
		{"addRange", `var r=document.createRange(); r.selectNode(p2); s.addRange(r); st()+(s.getRangeAt(0)===r)`, "DIV,1,DIV,2,false,1,Range,forwardtrue"},
		{"the range is live", `p2.remove(); st()`, "DIV,1,DIV,1,true,1,Caret,none"},
		{"collapse outside the document", `var x=document.createElement('x'); s.collapse(x,0); st()`, "DIV,1,DIV,1,true,1,Caret,none"},
		{"collapse(null)", `s.collapse(null); st()`, ",0,,0,true,0,None,none"},
		{"offset past the length", `s.collapse(tx,100); st()`, "!! IndexSizeError: Failed to execute 'collapse' on 'Selection': The offset 100 is larger than the node's length (6)."},
		{"doctype", `s.collapse(document.doctype,0); st()`, "!! InvalidNodeTypeError: Failed to execute 'collapse' on 'Selection': The node provided is of type 'html'."},
		{"extend outside the document", `s.collapse(tx,1); var x=document.createElement('x'); s.extend(x,0); st()`, "#text,1,#text,1,true,1,Caret,none"},
		{"extend past the length", `s.collapse(tx,1); s.extend(tx, 99); st()`, "!! IndexSizeError: Failed to execute 'extend' on 'Selection': The offset 99 is larger than the node's length (6)."},
		{"getComposedRanges", `s.setBaseAndExtent(tx,1,tx,3); var r=s.getComposedRanges(); r.length+' '+r[0].constructor.name+' '+r[0].startOffset+' '+r[0].endOffset`, "1 StaticRange 1 3"},
		{"getComposedRanges backward", `s.setBaseAndExtent(tx,3,tx,1); var r=s.getComposedRanges({shadowRoots:[]}); r.length+' '+r[0].startOffset+' '+r[0].endOffset`, "1 1 3"},
		{"getComposedRanges empty", `s.removeAllRanges(); s.getComposedRanges().length`, "0"},
		{"deleteFromDocument", `s.setBaseAndExtent(tx,1,tx,3); s.deleteFromDocument(); p1.textContent + '|' + st()`, "Hlo bold world|#text,1,#text,1,true,1,Caret,none"},
		{"removeRange of another range", `s.selectAllChildren(p1); s.removeRange(document.createRange()); st()`, "!! NotFoundError: Failed to execute 'removeRange' on 'Selection': Range not found."},
		{"removeRange", `s.removeRange(s.getRangeAt(0)); st()`, ",0,,0,true,0,None,none"},
		{"getRangeAt without a range", `s.getRangeAt(0)`, "!! IndexSizeError: Failed to execute 'getRangeAt' on 'Selection': 0 is not a valid index."},
		{"collapseToEnd without a range", `s.collapseToEnd()`, "!! InvalidStateError: Failed to execute 'collapseToEnd' on 'Selection': there is no selection."},
		{"setPosition", `s.setPosition(p1,1); st()`, "P,1,P,1,true,1,Caret,none"},
		{"lengths", `['collapse','setPosition','extend','setBaseAndExtent','selectAllChildren','containsNode','addRange','getComposedRanges','modify'].map(function(k){return s[k].length}).join()`, "1,1,1,4,1,1,1,0,0"},
		{"a document without a window", `document.implementation.createHTMLDocument('').getSelection()`, "null"},
		{"collapse in a fragment", `s.collapse(document.createDocumentFragment(),0); st()`, "P,1,P,1,true,1,Caret,none"},
		{"no event during the task", `evs.length`, "0"},
	}
	p := newPage(t, markup, nil)
	p.run()
	p.eval(prelude)
	for _, st := range steps {
		stmts, last := st.js, st.js
		if i := strings.LastIndex(st.js, ";"); i >= 0 {
			stmts, last = st.js[:i+1], st.js[i+1:]
		} else {
			stmts = ""
		}
		got := p.eval("tr(function(){" + stmts + " return " + last + ";})")
		if got != st.want {
			t.Errorf("%s: %s\n got %q\nwant %q", st.name, st.js, got, st.want)
		}
	}
	p.run()
	// Chromium queues one selectionchange for all the changes of a task.
	if got := p.eval(`evs.join(' ')`); got != "#document:false:false" {
		t.Errorf("selectionchange events: got %q, want one at the document", got)
	}
	p.noErrors()
}

// TestSelectionLeavesControl checks the document's selection while it is a
// text field's (after select()) against Chromium 156: extend() collapses
// at the new focus, another selection collapses a focused field's own at
// its start, and collapseToStart/End collapse the field's and focus it.
func TestSelectionLeavesControl(t *testing.T) {
	const markup = `<!doctype html><body><div id=s>xyz<input value="abc"><b>q</b></div>`
	const prelude = `var sel=getSelection(), s=document.getElementById('s'), inp=s.childNodes[1], t=s.firstChild, q=s.lastChild.firstChild;
function st(){return [sel.anchorNode&&sel.anchorNode.nodeName, sel.anchorOffset, sel.focusNode&&sel.focusNode.nodeName, sel.focusOffset, sel.type, document.activeElement.localName, inp.selectionStart, inp.selectionEnd].join()}
function run(focused, f){sel.removeAllRanges(); inp.blur(); inp.value='abc'; inp.select(); if(!focused) inp.blur(); f(); return st()}`
	cases := []struct {
		name, op string
		focused  bool
		want     string
	}{
		{"extend focused", `sel.extend(t,1)`, true, "#text,1,#text,1,Caret,input,0,0"},
		{"extend after blur", `sel.extend(q,1)`, false, "#text,1,#text,1,Caret,body,0,3"},
		{"extend to its own point", `sel.extend(s,1)`, true, "DIV,1,DIV,1,Caret,input,0,0"},
		{"collapse focused", `sel.collapse(t,1)`, true, "#text,1,#text,1,Caret,input,0,0"},
		{"setBaseAndExtent after blur", `sel.setBaseAndExtent(t,0,t,2)`, false, "#text,0,#text,2,Range,body,0,3"},
		{"selectAllChildren focused", `sel.selectAllChildren(s.lastChild)`, true, "B,0,B,1,Range,input,0,0"},
		{"collapseToEnd focused", `sel.collapseToEnd()`, true, "DIV,1,DIV,1,Caret,input,3,3"},
		{"collapseToStart after blur", `sel.collapseToStart()`, false, "DIV,1,DIV,1,Caret,input,0,0"},
		{"deleteFromDocument", `sel.deleteFromDocument()`, true, "DIV,1,DIV,1,Range,input,0,3"},
	}
	p := newPage(t, markup, nil)
	p.run()
	p.eval(prelude)
	for _, c := range cases {
		got := p.eval("run(" + map[bool]string{true: "true", false: "false"}[c.focused] + ", function(){" + c.op + "})")
		if got != c.want {
			t.Errorf("%s: %s\n got %q\nwant %q", c.name, c.op, got, c.want)
		}
	}
	p.noErrors()
}
