package jsruntime

import (
	"strings"
	"testing"
)

// TestFormSubmission: submissions that are not canceled are navigations,
// reported with the URL a browser would load.
func TestFormSubmission(t *testing.T) {
	tests := []struct {
		name, markup, js string
		want             []string // navigations reported
		url              string   // location.href afterwards ("" = unchanged)
		log              string   // window.log afterwards
	}{
		{name: "GET with the entry list",
			markup: `<form id="f" action="/search?old=1#frag"><input name="q" value="moss &amp; stone"><input type="checkbox" name="c" checked>
				<input type="checkbox" name="off"><input type="radio" name="r" value="b" checked><select name="s" multiple><option selected>x</option><option selected disabled>y</option><option value="z" selected>zz</option></select>
				<textarea name="t">a
b</textarea><input name="dis" disabled value="no"><fieldset disabled><input name="fs" value="no"><legend><input name="lg" value="yes"></legend></fieldset>
				<input type="file" name="file"><input type="hidden" name="_charset_"><input name="" value="anon"><input type="submit" name="go" value="Go"><button name="b" value="v">b</button>
				<datalist><input name="dl" value="no"></datalist><input name="u" value="é*-._~!"></form>
				<input form="f" name="outside" value="1">`,
			js:   `document.getElementById('f').requestSubmit()`,
			want: []string{"https://example.test/search?q=moss+%26+stone&c=on&r=b&s=x&s=z&t=a%0D%0Ab&lg=yes&file=&_charset_=UTF-8&dl=no&u=%C3%A9*-._%7E%21&outside=1#frag"}},
		{name: "submitter name and formaction/formmethod",
			markup: `<form id="f" action="/a" method="post"><input name="q" value="1"><button id="b" name="btn" value="x" formaction="/b" formmethod="get">b</button></form>`,
			js:     `document.getElementById('f').requestSubmit(document.getElementById('b'))`,
			want:   []string{"https://example.test/b?q=1&btn=x"}},
		{name: "POST goes to the action URL",
			markup: `<form id="f" action="/post?x=1" method="POST"><input name="q" value="1"></form>`,
			js:     `var log = []; addEventListener('submit', e => log.push(e.type + ':' + (e.submitter === null))); document.getElementById('f').requestSubmit()`,
			want:   []string{"https://example.test/post?x=1"}, log: "submit:true"},
		{name: "submit() fires no submit event and skips validation",
			markup: `<form id="f" action="/s"><input name="q" required></form>`,
			js:     `var log = []; var f = document.getElementById('f'); f.onsubmit = () => log.push('submit'); f.oninvalid = () => log.push('invalid'); f.submit()`,
			want:   []string{"https://example.test/s?q="}, log: ""},
		{name: "invalid controls stop requestSubmit",
			markup: `<form id="f" action="/s"><input id="q" name="q" required></form>`,
			js:     `var log = []; var f = document.getElementById('f'); document.getElementById('q').oninvalid = () => log.push('invalid'); f.onsubmit = () => log.push('submit'); f.requestSubmit()`,
			log:    "invalid"},
		{name: "novalidate",
			markup: `<form id="f" action="/s" novalidate><input name="q" required></form>`,
			js:     `document.getElementById('f').requestSubmit()`,
			want:   []string{"https://example.test/s?q="}},
		{name: "preventDefault cancels",
			markup: `<form id="f" action="/s" onsubmit="return false"><input name="q"></form>`,
			js:     `document.getElementById('f').requestSubmit(); document.getElementById('f').addEventListener('submit', e => e.preventDefault())`},
		{name: "fragment-only action with an empty form gets a ? and leaves",
			markup: `<form id="f" action="#!/results"></form>`,
			js:     `var log = []; addEventListener('hashchange', () => log.push(location.hash)); document.getElementById('f').submit()`,
			want:   []string{"https://example.test/page?#!/results"}},
		{name: "same URL but the fragment is a fragment navigation",
			markup: `<form id="f" action="#!/results"><input name="q" value="1"></form>`,
			js: `var log = []; addEventListener('hashchange', () => log.push(location.hash)); history.replaceState(null, '', '/page?q=1');
				document.getElementById('f').submit()`,
			url: "https://example.test/page?q=1#!/results", log: "#!/results"},
		{name: "submit() inside a submit handler navigates, requestSubmit() does not recurse",
			markup: `<form id="f" action="/h"><input name="q" value="1"></form>`,
			js: `var log = []; var f = document.getElementById('f'); f.onsubmit = e => { log.push('submit'); e.preventDefault(); f.requestSubmit(); f.submit() };
				f.requestSubmit()`,
			want: []string{"https://example.test/h?q=1"}, log: "submit"},
		{name: "last submission of a task wins",
			markup: `<form id="a" action="/a"></form><form id="b" action="/b"></form>`,
			js:     `document.getElementById('a').submit(); document.getElementById('b').submit()`,
			want:   []string{"https://example.test/b?"}},
		{name: "other targets do not navigate this page",
			markup: `<form id="f" action="/a" target="_blank"></form><form id="g" action="/g"><button id="b" formtarget="_self">x</button></form>`,
			js:     `document.getElementById('f').submit(); document.getElementById('g').target = 'other'; document.getElementById('g').requestSubmit(document.getElementById('b'))`,
			want:   []string{"https://example.test/g?"}},
		{name: "links and forms for other windows or downloads leave the page alone",
			markup: `<a id="blank" href="/x" target="_blank">x</a><a id="dl" href="/dl" download>d</a><a id="self" href="/s" target="_self">s</a>
				<form id="f" action="/f"></form><form id="top" action="/top" target="_top"></form><base target="win">`,
			js: `['blank', 'dl', 'self'].forEach(id => document.getElementById(id).click()); document.getElementById('f').submit();
				setTimeout(() => document.getElementById('top').submit())`,
			want: []string{"https://example.test/s", "https://example.test/top?"}},
		{name: "detached forms and javascript actions do nothing",
			markup: `<form id="j" action="javascript:void 0"></form>`,
			js:     `document.createElement('form').submit(); document.getElementById('j').submit()`},
		{name: "dialog method closes the dialog",
			markup: `<dialog id="d" open><form method="dialog" id="f"><button id="b" value="yes">ok</button></form></dialog>`,
			js:     `var log = []; var d = document.getElementById('d'); d.onclose = () => log.push('close:' + d.returnValue + ':' + d.open); document.getElementById('f').requestSubmit(document.getElementById('b'))`,
			log:    "close:yes:false"},
		{name: "clicking submit, button and reset",
			markup: `<form id="f" action="/c"><input id="q" name="q" value="v"><button id="plain" type="button">p</button><input type="reset" id="r">
				<span><button id="s" name="s" value="1"><b id="inner">go</b></button></span><button id="dis" disabled>no</button></form>`,
			js: `var log = []; var f = document.getElementById('f'); f.onsubmit = e => log.push('submit:' + e.submitter.id); f.onreset = () => log.push('reset');
				document.getElementById('plain').click(); document.getElementById('q').value = 'changed'; document.getElementById('r').click();
				log.push(document.getElementById('q').value); document.getElementById('dis').click(); document.getElementById('inner').click()`,
			want: []string{"https://example.test/c?q=v&s=1"}, log: "reset,v,submit:s"},
		{name: "requestSubmit argument errors",
			markup: `<form id="f"></form><form id="g"><button id="other">x</button></form>`,
			js: `var log = []; var f = document.getElementById('f');
				try { f.requestSubmit(document.createElement('div')) } catch (e) { log.push(e.name) }
				try { f.requestSubmit(document.getElementById('other')) } catch (e) { log.push(e.name) }`,
			log: "TypeError,NotFoundError"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><head></head><body>`+tt.markup+`</body></html>`, nil)
			var navs []string
			p.w.cfg.OnNavigate = func(u string) { navs = append(navs, u) }
			p.run()
			p.eval(`var log = []`)
			p.eval(tt.js)
			p.run()
			if strings.Join(navs, " ") != strings.Join(tt.want, " ") {
				t.Errorf("navigations\n got %q\nwant %q", navs, tt.want)
			}
			url := tt.url
			if url == "" {
				url = "https://example.test/page"
			}
			if got := p.w.URL(); got != url {
				t.Errorf("URL %q, want %q", got, url)
			}
			if got := p.eval(`log.join()`); got != tt.log {
				t.Errorf("log %q, want %q", got, tt.log)
			}
			p.noErrors()
		})
	}
}

// A form without accept-charset submits in its document's encoding: the
// characters of a windows-1252 page's form are sent as windows-1252 bytes,
// those it lacks as character references, and _charset_ names it.
func TestFormSubmitDocumentEncoding(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head></head><body><form id="f" action="/h"><input type="hidden" name="_charset_"><input name="v" value="caf&eacute; &euro;&#x4e2d;"></form></body></html>`, nil)
	p.w.doc.SetCharacterSet("windows-1252")
	var navs []string
	p.w.cfg.OnNavigate = func(u string) { navs = append(navs, u) }
	p.run()
	p.eval(`document.getElementById('f').submit()`)
	p.run()
	want := "https://example.test/h?_charset_=windows-1252&v=caf%E9+%80%26%2320013%3B"
	if len(navs) != 1 || navs[0] != want {
		t.Errorf("navigations %q, want [%q]", navs, want)
	}
	p.noErrors()
}
