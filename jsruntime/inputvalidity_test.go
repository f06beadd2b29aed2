package jsruntime

import (
	"strings"
	"testing"
)

func TestInputNumbersAndValidity(t *testing.T) {
	flags := `(function (m, v) { var d = document.createElement('div'); d.innerHTML = m; var e = d.firstChild;
		if (v !== undefined) e.value = v;
		return ['valueMissing','typeMismatch','patternMismatch','rangeUnderflow','rangeOverflow','stepMismatch','customError']
			.filter(function (f) { return e.validity[f]; }).join(); })`
	runEvalCases(t, []evalCase{
		{"date valueAsNumber", "", `var i = document.createElement('input'); i.type = 'date'; i.value = '2024-03-05'; String(i.valueAsNumber)`, "1709596800000"},
		{"week valueAsDate", "", `var i = document.createElement('input'); i.type = 'week'; i.valueAsDate = new Date(Date.UTC(2024, 11, 30)); i.value`, "2025-W01"},
		{"valueAsNumber Infinity", "", `var i = document.createElement('input'); i.type = 'number'; try { i.valueAsNumber = Infinity; 'no' } catch (e) { e.name }`, "TypeError"},
		{"valueAsNumber on text", "", `var i = document.createElement('input'); try { i.valueAsNumber = 1; 'no' } catch (e) { e.name }`, "InvalidStateError"},
		{"stepUp", "", `var i = document.createElement('input'); i.type = 'number'; i.step = '0.1'; i.value = '0.2'; i.stepUp(); i.value`, "0.3"},
		{"indeterminate", "", `var c = document.createElement('input'); c.type = 'checkbox'; c.indeterminate = true; document.body.appendChild(c);
			var m = c.matches(':indeterminate'); c.click(); [m, c.indeterminate, c.checked].join()`, "true,false,true"},
		{"stepMismatch", "", flags + `('<input type=number step=2>', '3')`, "stepMismatch"},
		{"time step", "", flags + `('<input type=time>', '10:00:30')`, "stepMismatch"},
		{"reversed time range", "", flags + `('<input type=time min=22:00 max=02:00>', '12:00')`, "rangeUnderflow,rangeOverflow"},
		{"week max", "", flags + `('<input type=week max=2024-W10>', '2024-W11')`, "rangeOverflow"},
		{"url scheme", "", flags + `('<input type=url>', 'example.com')`, "typeMismatch"},
		{"url with scheme", "", flags + `('<input type=url>', 'a:')`, ""},
		{"email multiple pattern", "", flags + `('<input type=email multiple pattern="a.*">', 'ab@c, xb@c')`, "patternMismatch"},
		{"unicode property pattern", "", flags + `('<input pattern="\\p{L}+">', '\u00e9t\u00e9')`, ""},
		{"barred custom error", "", `var i = document.createElement('input'); i.disabled = true; i.setCustomValidity('x'); [i.validity.customError, i.checkValidity()].join()`, "true,true"},
		{"color attribute takes CSS colors", `<input id=c type=color value=" RGB(1, 2, 3)">`, `var c = document.getElementById('c'); var a = c.value; c.setAttribute('value', 'nonsense'); [a, c.value].join()`, "#010203,#000000"},
		{"output setCustomValidity", "", `var o = document.createElement('output'); o.setCustomValidity('x'); [o.willValidate, o.validity.customError].join()`, "false,true"},
	})
}

func TestFormNamedProperties(t *testing.T) {
	runEvalCases(t, []evalCase{
		{"img named property", `<form id=f><img name=pic></form>`, `var f = document.getElementById('f'); [f.pic && f.pic.tagName, f.elements.pic].join()`, "IMG,"},
		{"past names map", `<form id=f><input name=keep></form>`, `var f = document.getElementById('f'), k = f.keep; k.name = 'other';
			var same = f.keep === k; k.remove(); [same, f.keep].join()`, "true,"},
	})
}

func TestFormDataEvent(t *testing.T) {
	srv := netServer(t)
	got := netPageWith(t, srv, true, `<form id=f><input name=a value=1></form><script>
		var f = document.getElementById('f'), seen = '', err = '';
		f.addEventListener('formdata', function (e) {
			seen = e.constructor.name + ' ' + e.bubbles + ' ' + e.cancelable;
			e.formData.append('x', 'y');
			try { new FormData(f); } catch (x) { err = x.name; }
		});
		out.push(seen, Array.from(new FormData(f).keys()).join(), seen, err);
		try { new FormDataEvent('formdata'); } catch (x) { out.push(x.name); }
		var fd = new FormData();
		out.push(new FormDataEvent('x', {formData: fd}).formData === fd);
		var sub = [];
		f.onformdata = function (e) { sub.push(e.formData.get('a')); f.submit(); };
		f.action = 'javascript:void 0';
		f.submit();
		out.push(sub.join());
	</script>`, nil)
	lines := strings.Split(got, "\n")
	wantLines := []string{"", "a,x", "FormDataEvent true false", "InvalidStateError", "TypeError", "true", "1"}
	if strings.Join(lines, "|") != strings.Join(wantLines, "|") {
		t.Errorf("got %q, want %q", lines, wantLines)
	}
}
