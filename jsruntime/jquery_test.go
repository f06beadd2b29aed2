package jsruntime

import (
	"os"
	"testing"
)

// jqueryPath is where `make deps` installs jQuery 3 (pinned in
// testdata/package.json).
const jqueryPath = "../testdata/node_modules/jquery/dist/jquery.js"

func loadJQuery(t testing.TB) string {
	t.Helper()
	src, err := os.ReadFile(jqueryPath)
	if err != nil {
		t.Fatalf("jQuery is not installed (%v): run `make deps` first", err)
	}
	return string(src)
}

func TestJQuery(t *testing.T) {
	lib := loadJQuery(t)
	page := `<!doctype html><html><head><title>jq</title>
<script src="/jquery.js"></script>
<script>
var log = [];
$(document).ready(function() { log.push('ready:' + document.readyState) });
$(function() {
	$('#list').append('<li class="item">c</li>');
	$('#list li').addClass('seen');
	$('#box').css({color: 'red', width: 20}).on('ping', function(e, arg) { log.push('ping:' + arg + ':' + this.id) });
	$('#box').trigger('ping', ['x']);
	$('#btn').on('click', function() { log.push('clicked') }).click();
	$('#hideme').hide();
	log.push('visible:' + $('#list').is(':visible') + ',' + $('#hideme').is(':hidden'));
	$('#out').html('<b>' + $('li.item').length + '</b>');
	log.push('text:' + $('#out').text());
	log.push('data:' + $('#box').data('k'));
	log.push('attr:' + $('#box').attr('data-k') + ',' + $('#list > li:first').text() + ',' + $('li:eq(1)').text());
});
</script></head>
<body><ul id="list"><li class="item">a</li><li class="item">b</li></ul><div id="box" data-k="7"></div>
<button id="btn">b</button><p id="hideme">h</p><div id="out"></div></body></html>`
	p := newPage(t, page, mapLoader{"https://example.test/jquery.js": lib})
	p.run()
	p.noErrors()
	// jQuery 3 runs ready callbacks in a zero-delay timer after
	// DOMContentLoaded; with no image to wait for, load comes first, as in
	// Chromium.
	want := "ready:complete ping:x:box clicked visible:true,true text:3 data:7 attr:7,a,b"
	if got := p.eval(`log.join(' ')`); got != want {
		t.Errorf("log\n got %q\nwant %q", got, want)
	}
	checks := []struct{ js, want string }{
		{`$('li.seen').length`, "3"},
		{`document.getElementById('box').style.color + ',' + document.getElementById('box').style.width`, "red,20px"},
		{`$('#box').css('color').replace('rgb(255, 0, 0)', 'red')`, "red"}, // computed colors are rgb() in browsers
		{`document.getElementById('hideme').style.display`, "none"},
		{`$('#out').html()`, "<b>3</b>"},
		{`$('#hideme').show().css('display')`, "block"},
		{`$.map($('li'), function(e) { return e.textContent }).join('')`, "abc"},
		{`$('ul').find('li').filter(':last').text()`, "c"},
		{`$('<div><span>q</span></div>').find('span').text()`, "q"},
	}
	for _, c := range checks {
		if got := p.eval(c.js); got != c.want {
			t.Errorf("%s = %q, want %q", c.js, got, c.want)
		}
	}
}
