package jsruntime

import "testing"

// TestBarPropAndDOMStringList checks window's BarProps and
// location.ancestorOrigins against Chromium 156.
func TestBarPropAndDOMStringList(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "bars", js: `['locationbar','menubar','personalbar','scrollbars','statusbar','toolbar'].map(function(k){return k+':'+String(window[k])+':'+window[k].visible+':'+(window[k]===window[k])}).join(' ')`,
			want: "locationbar:[object BarProp]:true:true menubar:[object BarProp]:true:true personalbar:[object BarProp]:true:true scrollbars:[object BarProp]:true:true statusbar:[object BarProp]:true:true toolbar:[object BarProp]:true:true"},
		{name: "bar accessors", js: `Object.getOwnPropertyNames(BarProp.prototype).sort().join()+' '+typeof Object.getOwnPropertyDescriptor(window,'locationbar').get+' '+!!Object.getOwnPropertyDescriptor(window,'locationbar').set+' '+(menubar!==toolbar)`,
			want: "constructor,visible function true true"},
		{name: "ancestorOrigins", js: `var a=location.ancestorOrigins; [String(a), a.length, a.item(0), a.contains('x'), a[0], a===location.ancestorOrigins, Object.getOwnPropertyNames(DOMStringList.prototype).sort().join()].join('|')`,
			want: "[object DOMStringList]|0||false||true|constructor,contains,item,length"},
	})
}
