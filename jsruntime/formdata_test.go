package jsruntime

import "testing"

// TestFormDataFromForm: new FormData(form, submitter) is the form's entry
// list, the same one a submission sends (formEntries).
// https://xhr.spec.whatwg.org/#dom-formdata
func TestFormDataFromForm(t *testing.T) {
	const entries = `[...fd].map(p => p[0] + "=" + (typeof p[1] === "string" ? p[1] : "File(" + p[1].name + "," + p[1].type + "," + p[1].size + ")")).join("&")`
	cases := []struct {
		name, markup, js, want string
	}{
		{"form attribute",
			`<input name="before" form="f" value="0"><form id="f"><input name="a" value="1"><input name="other" form="g" value="x"></form><input name="out" form="f" value="2"><form id="g"></form>`,
			`var fd = new FormData(document.getElementById("f"));`,
			"before=0&a=1&out=2"},
		{"disabled fieldset and its first legend",
			`<form id="f"><fieldset disabled><legend><input name="inlegend" value="L"></legend><input name="inside" value="I"><legend><input name="second" value="S"></legend><fieldset><input name="nested" value="N"></fieldset></fieldset><input name="after" value="A"><input name="dis" disabled value="D"></form>`,
			`var fd = new FormData(document.getElementById("f"));`,
			"inlegend=L&after=A"},
		{"submitter",
			`<form id="f"><input name="q" value="x"><button name="b1" value="v1">1</button><button id="s2" name="b2" value="v2">2</button><input type="submit" name="s3" value="v3"><input type="reset" name="r" value="R"></form>`,
			`var fd = new FormData(document.getElementById("f"), document.getElementById("s2"));`,
			"q=x&b2=v2"},
		{"no submitter: no buttons",
			`<form id="f"><input name="q" value="x"><button name="b1" value="v1">1</button><input type="submit" name="s3" value="v3"></form>`,
			`var fd = new FormData(document.getElementById("f"));`,
			"q=x"},
		{"image button submitter",
			`<form id="f"><input name="q" value="x"><input type="image" id="img" name="img"><input type="image" id="anon"></form>`,
			`var f = document.getElementById("f"); var fd = new FormData(f, document.getElementById("img")); fd = new FormData(f, document.getElementById("anon"));`,
			"q=x&x=0&y=0"},
		{"named image button submitter",
			`<form id="f"><input name="q" value="x"><input type="image" id="img" name="img"></form>`,
			`var fd = new FormData(document.getElementById("f"), document.getElementById("img"));`,
			"q=x&img.x=0&img.y=0"},
		{"file input is an empty file",
			`<form id="f"><input type="file" name="up"><input name="t" value="v"></form>`,
			`var fd = new FormData(document.getElementById("f"));`,
			"up=File(,application/octet-stream,0)&t=v"},
		{"selects, checkboxes, radios",
			`<form id="f"><select name="s" multiple><option selected>a</option><optgroup disabled><option selected>b</option></optgroup><option selected disabled>c</option><option selected value="dv">d</option></select><input type="checkbox" name="c" checked><input type="checkbox" name="c2" value="yes" checked><input type="radio" name="r" value="r1"><input type="radio" name="r" value="r2" checked><textarea name="ta">t</textarea></form>`,
			`var fd = new FormData(document.getElementById("f"));`,
			"s=a&s=dv&c=on&c2=yes&r=r2&ta=t"},
	}
	srv := netServer(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := netPage(t, srv, true, c.markup+"<script>"+c.js+"out.push("+entries+");</script>"); got != c.want {
				t.Fatalf("entries %q, want %q", got, c.want)
			}
		})
	}
}
