package jsruntime

import "testing"

func TestCustomElements(t *testing.T) {
	markup := `<div id="root"><x-greet name="a">old</x-greet></div>
<script>
var log = [];
class XGreet extends HTMLElement {
	static get observedAttributes() { return ['name'] }
	constructor() { super(); this.made = true; log.push('ctor:' + this.isConnected) }
	connectedCallback() { log.push('connected:' + this.getAttribute('name')); this.textContent = 'hello ' + this.getAttribute('name') }
	disconnectedCallback() { log.push('disconnected') }
	attributeChangedCallback(n, o, v) { log.push('attr:' + n + ':' + o + ':' + v) }
	greet() { return 'hi' }
}
customElements.define('x-greet', XGreet);
log.push('defined');
</script>`
	runEvalCases(t, []evalCase{
		{name: "upgrade existing", markup: markup, js: `var e = document.querySelector('x-greet');
			[log.join(' '), e.textContent, e instanceof XGreet, e instanceof HTMLElement, e.greet(), e.made, customElements.get('x-greet') === XGreet].join('|')`,
			want: "ctor:true attr:name:null:a connected:a defined|hello a|true|true|hi|true|true"},
		{name: "createElement and callbacks", markup: markup, js: `log = []; var e = document.createElement('x-greet');
			log.push('created:' + (e instanceof XGreet)); e.setAttribute('name', 'b'); document.body.appendChild(e); e.remove();
			var d = document.createElement('div'); d.innerHTML = '<x-greet name="c"></x-greet>'; document.body.appendChild(d);
			log.join(' ')`, want: "ctor:false created:true attr:name:null:b connected:b disconnected ctor:false attr:name:null:c connected:c"},
		{name: "new and whenDefined", markup: markup, js: `var e = new XGreet(); var r = [e.tagName, e.localName, e instanceof XGreet];
			try { new HTMLElement() } catch (x) { r.push(x.message) }
			try { customElements.define('x-greet', class extends HTMLElement {}) } catch (x) { r.push(x.name) }
			try { customElements.define('nodash', class extends HTMLElement {}) } catch (x) { r.push(x.name) }
			customElements.whenDefined('x-later').then(c => window.later = c.name);
			customElements.define('x-later', class XLater extends HTMLElement {}); r.join()`,
			want: "X-GREET,x-greet,true,Illegal constructor,NotSupportedError,SyntaxError"},
	})
	p := newPage(t, markup+`<script>customElements.whenDefined('x-later').then(c => window.later = c.name); customElements.define('x-later', class XLater extends HTMLElement {})</script>`, nil)
	p.run()
	if got := p.eval(`later`); got != "XLater" {
		t.Fatalf("whenDefined gave %q", got)
	}
}

func TestElementInternals(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "form associated", markup: `<form id="f"><input name="a"></form>`, js: `class XF extends HTMLElement {
				static formAssociated = true;
				constructor() { super(); this.i = this.attachInternals() } }
			customElements.define('x-f', XF);
			var f = document.getElementById('f'), x = document.createElement('x-f'); f.appendChild(x);
			x.i.setFormValue('v'); x.i.states.add('on');
			var r = [f.elements.length, x.i.form === f, x.i.checkValidity(), x.i.states.has('on')];
			try { x.attachInternals() } catch (e) { r.push(e.name) }
			try { document.createElement('div').attachInternals() } catch (e) { r.push(e.name) }
			r.join()`, want: "2,true,true,true,NotSupportedError,NotSupportedError"},
	})
}
