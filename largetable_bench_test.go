package bangsnap_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

// largeTablePage is a data grid as sites ship them, built from a Go
// string: a table of rows rows of 5 cells under <html lang=en>, a sheet
// with zebra rows (:nth-child), first and last cells, adjacent rows,
// Handsontable's right-to-left :lang() lists of 19 languages, a :has()
// rule and a transition on every cell; its script sorts the rows by a
// column (each row moved), marks the negative cells, reads cells'
// widths, then selects a row at each of 20 animation frames and reads a
// cell's style. The title ends as the number of negative cells.
func largeTablePage(rows int) string {
	langs := strings.Split("ae,ar,arc,bcc,bqi,ckb,dv,fa,glk,he,ku,mzn,nqo,pnb,ps,sd,ug,ur,yi", ",")
	for i, l := range langs {
		langs[i] = ":lang(" + l + ")"
	}
	rtl := strings.Join(langs, ",")
	var b strings.Builder
	fmt.Fprintf(&b, `<!doctype html><html lang=en><head><title>0</title><style>
table.grid { border-collapse: collapse } .grid td { padding: 2px 4px; border: 1px solid #ccc; transition: background-color .2s }
.grid tbody tr:nth-child(2n) td { background-color: #f6f6f6 } .grid td:first-child { font-weight: bold }
.grid tr + tr td:last-child { color: gray } .grid td.neg { color: red } .grid tr.sel td { background-color: #def }
.grid td:not(%s) { border-right-width: 1px } .grid td:is(%s) { border-left-width: 1px }
.grid tr:first-child > td:first-child:not(%s) { border-top-width: 2px } .grid tr:has(td.neg) td:first-child { text-decoration: underline }
</style></head><body><h1>Orders</h1><table class=grid><thead><tr><th>City<th>Region<th>Orders<th>Growth<th>Since</thead><tbody>`, rtl, rtl, rtl)
	for i := range rows {
		fmt.Fprintf(&b, "<tr><td>City %d</td><td>%s</td><td>%d</td><td>%d</td><td>20%02d-01-01</td></tr>", i, []string{"West", "East", "North", "South"}[i%4], (i*7919)%1000, (i*31)%41-20, i%30)
	}
	b.WriteString(`</tbody></table><script>
var tb = document.querySelector('.grid tbody'), rows = Array.prototype.slice.call(tb.rows);
rows.sort(function (a, b) { return b.cells[2].textContent - a.cells[2].textContent; });
rows.forEach(function (r) { tb.appendChild(r); });
var neg = 0;
rows.forEach(function (r) { var c = r.cells[3]; if (+c.textContent < 0) { c.classList.add('neg'); neg++; } });
var w = 0;
for (var i = 0; i < 20; i++) w += rows[i * 7].cells[0].offsetWidth;
var n = 0;
(function frame() {
  if (n > 0) rows[(n - 1) * 13].classList.remove('sel');
  if (n == 20) { document.title = String(neg); return; }
  rows[n * 13].classList.add('sel');
  getComputedStyle(rows[n * 13].cells[1]).backgroundColor;
  n++;
  requestAnimationFrame(frame);
})();
</script></body></html>`)
	return b.String()
}

// BenchmarkLargeTable renders largeTablePage with 2,000 rows (10,000
// cells): the cascade's :lang() and sibling rules, the style updates of
// a page declaring transitions after each mutation, the flow estimate
// behind offsetWidth. cpu-ns/op is the process's CPU time per render.
func BenchmarkLargeTable(b *testing.B) {
	const rows = 2000
	page := largeTablePage(rows)
	neg := 0
	for i := range rows {
		if (i*31)%41-20 < 0 {
			neg++
		}
	}
	want := fmt.Sprintf("<title>%d</title>", neg)
	r := bangsnap.NewRenderer(bangsnap.Options{Timeout: time.Minute, Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(page))
	})})
	ctx := context.Background()
	render := func() {
		snap, err := r.Render(ctx, "http://table.test/")
		if err != nil {
			b.Fatal(err)
		}
		if len(snap.Report.Errors) > 0 || !strings.Contains(string(snap.HTML), want) {
			b.Fatalf("the page did not mark its %d negative cells: %+v", neg, snap.Report.Errors)
		}
	}
	render() // compiled once: the renders measured are warm
	b.ReportAllocs()
	cpu := startCPUClock()
	for b.Loop() {
		render()
	}
	cpu.report(b)
}
