package bangsnap_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/bangsnap/bangsnap"
)

// shopHandler serves a small single-page shop: a #! router, a debounced
// search, a cart badge, a sale countdown and a newsletter form.
func shopHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/search", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `["%s lamp", "%s chair"]`, r.URL.Query().Get("q"), r.URL.Query().Get("q"))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>Shop</title>
<h1 id="view"></h1>
<input id="search"><ul id="results"></ul>
<select id="size"><option value="s">S</option><option value="m">M</option></select>
<label><input id="gift" type="checkbox"> gift wrap</label>
<p id="summary"></p>
<p id="countdown"></p>
<form id="news"><input id="email" name="email"><button>Subscribe</button></form><p id="thanks"></p>
<script>
function route() { document.getElementById("view").textContent = "Page " + (location.hash.slice(2) || "/"); }
addEventListener("hashchange", route); route();

var timer, search = document.getElementById("search");
search.addEventListener("input", function () {
  clearTimeout(timer);
  timer = setTimeout(function () {
    fetch("/api/search?q=" + encodeURIComponent(search.value)).then(function (r) { return r.json(); }).then(function (items) {
      document.getElementById("results").innerHTML = items.map(function (i) { return "<li>" + i + "</li>"; }).join("");
    });
  }, 300);
});

function summary() {
  document.getElementById("summary").textContent = "size " + document.getElementById("size").value +
    (document.getElementById("gift").checked ? ", gift wrapped" : "");
}
document.getElementById("size").addEventListener("change", summary);
document.getElementById("gift").addEventListener("change", summary);

var left = 10;
setInterval(function () { document.getElementById("countdown").textContent = "sale ends in " + (left > 0 ? --left : 0) + "s"; }, 1000);

document.getElementById("news").addEventListener("submit", function (e) {
  e.preventDefault();
  if (!/@/.test(document.getElementById("email").value)) throw new Error("invalid email");
  setTimeout(function () { document.getElementById("thanks").textContent = "Thanks!"; }, 8000);
});
</script>`)
	})
	return mux
}

func openShop(url string) (*bangsnap.Page, error) {
	return bangsnap.Open(context.Background(), url, bangsnap.Options{Handler: shopHandler(), Deterministic: true})
}

// Advance steps the page's virtual clock: a countdown ticking every second
// shows three ticks more after three seconds, which take no wall time.
func ExamplePage_Advance() {
	ctx := context.Background()
	page, err := openShop("http://shop.example/")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer page.Close()

	fmt.Println(page.Query("#countdown").Text()) // Open ran the page until quiet: one tick
	if err := page.Advance(ctx, 3*time.Second); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(page.Query("#countdown").Text())
	// Output:
	// sale ends in 9s
	// sale ends in 6s
}

// Type types into the search box one key at a time; the page's debounced
// handler then fetches results, which Type waits for.
func ExamplePage_Type() {
	ctx := context.Background()
	page, err := openShop("http://shop.example/")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer page.Close()

	if err := page.Type(ctx, "#search", "oak"); err != nil {
		fmt.Println(err)
		return
	}
	items, _ := page.QueryAll("#results li")
	for _, li := range items {
		fmt.Println(li.Text())
	}
	// Output:
	// oak lamp
	// oak chair
}

// Select and Check change form controls with the input and change events
// a user's choice fires.
func ExamplePage_Select() {
	ctx := context.Background()
	page, err := openShop("http://shop.example/")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer page.Close()

	if err := page.Select(ctx, "#size", "m"); err != nil {
		fmt.Println(err)
		return
	}
	if err := page.Check(ctx, "#gift"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(page.Query("#summary").Text())
	err = page.Select(ctx, "#size", "xl")
	fmt.Println(errors.Is(err, bangsnap.ErrNotFound))
	// Output:
	// size m, gift wrapped
	// true
}

// Press presses Enter in a field, which submits its form as in a browser;
// TakeErrors tells what the page threw meanwhile. The thank-you message
// comes 8s later, past the settle horizon Press waits within: WaitFor
// waits for it.
func ExamplePage_Press() {
	ctx := context.Background()
	page, err := openShop("http://shop.example/")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer page.Close()

	page.Type(ctx, "#email", "nope")
	page.Press(ctx, "Enter")
	for _, e := range page.TakeErrors() {
		fmt.Println("page error:", e.Message)
	}

	page.Type(ctx, "#email", "ada@example.com")
	page.Press(ctx, "Enter")
	fmt.Printf("%q\n", page.Query("#thanks").Text())
	thanks, err := page.WaitFor(ctx, "#thanks:not(:empty)")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(thanks.Text())
	// Output:
	// page error: Uncaught Error: invalid email
	// ""
	// Thanks!
}

// Navigate moves the app to another #! route (hashchange fires, the router
// renders), as a link would.
func ExamplePage_Navigate() {
	ctx := context.Background()
	page, err := openShop("http://shop.example/#!/home")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer page.Close()

	fmt.Println(page.Query("#view").Text())
	if err := page.Navigate(ctx, "#!/cart"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(page.Query("#view").Text(), "at", page.URL())
	page.Back(ctx)
	fmt.Println(page.Query("#view").Text())
	// Output:
	// Page /home
	// Page /cart at http://shop.example/#!/cart
	// Page /home
}

// EvalInto decodes what a page expression returns into Go values.
func ExamplePage_EvalInto() {
	ctx := context.Background()
	page, err := openShop("http://shop.example/")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer page.Close()

	var sizes []struct {
		Value string `json:"value"`
		Label string `json:"label"`
	}
	err = page.EvalInto(ctx, `Array.from(document.querySelectorAll("#size option"), function (o) { return {value: o.value, label: o.text} })`, &sizes)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sizes)
	// A value that cannot be exported is an error, not a crash.
	_, err = page.Eval(ctx, `var a = []; a.length = 2 ** 32 - 1; a`)
	var ee *bangsnap.ExportError
	fmt.Println(errors.As(err, &ee))
	// Output:
	// [{s S} {m M}]
	// true
}

// WaitFor runs the page until what it waits for is there: here a message
// the page shows 8s after a subscription, past the settle horizon the
// actions wait within (Submit ran the page for one second, while the
// countdown interval kept it busy).
func ExamplePage_WaitFor() {
	ctx := context.Background()
	page, err := openShop("http://shop.example/")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer page.Close()

	page.Type(ctx, "#email", "ada@example.com")
	page.Submit(ctx, "#news")
	start := page.Now()
	thanks, err := page.WaitFor(ctx, "#thanks:not(:empty)")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Rounded: the page time also holds the few microseconds the page's
	// own work took (loop.WorkCost per DOM call).
	fmt.Println(thanks.Text(), "after", page.Now().Sub(start).Round(time.Millisecond), "of page time")
	_, err = page.WaitFor(ctx, "#never")
	fmt.Println(errors.Is(err, bangsnap.ErrNotFound))
	// Output:
	// Thanks! after 7s of page time
	// true
}
