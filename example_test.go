package bangsnap_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/bangsnap/bangsnap"
)

// app is a tiny AJAX application: its page holds no content, a script builds
// it from the #! state and, after a timer, from a JSON endpoint.
func app() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><head><title>App</title></head><body><h1 id="h"></h1><button>More</button><p id="more"></p><script>
			var route = location.hash.slice(2) || "/";
			document.getElementById("h").textContent = "Page " + route;
			if (route === "/missing") {
				var m = document.createElement("meta");
				m.name = "prerender-status-code"; m.content = "404";
				document.head.appendChild(m);
			}
			document.querySelector("button").onclick = function () {
				setTimeout(function () { document.getElementById("more").textContent = "More for " + route; }, 1000);
			};
		</script></body></html>`)
	})
	return mux
}

// A crawler asks for the ugly URL; the page is rendered at its pretty URL
// and sees its #! state in location.hash.
func ExampleRenderer_Render() {
	r := bangsnap.NewRenderer(bangsnap.Options{Handler: app()})
	for _, u := range []string{
		"http://app.example/?_escaped_fragment_=/about",
		"http://app.example/?_escaped_fragment_=/missing",
	} {
		snap, err := r.Render(context.Background(), u)
		if err != nil {
			fmt.Println(err)
			return
		}
		html := string(snap.HTML)
		start := strings.Index(html, "<h1")
		end := strings.Index(html, "</h1>") + len("</h1>")
		fmt.Println(snap.Status, snap.URL, html[start:end])
	}
	// Output:
	// 200 http://app.example/#!/about <h1 id="h">Page /about</h1>
	// 404 http://app.example/#!/missing <h1 id="h">Page /missing</h1>
}

// Open gives a live page to test from Go, with no browser.
func ExampleOpen() {
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, "http://app.example/#!/shop", bangsnap.Options{Handler: app()})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer page.Close()

	fmt.Printf("before: %q\n", page.Query("#more").Text())
	if err := page.Click(ctx, "button"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("after: %q\n", page.Query("#more").Text())
	title, _ := page.Eval(ctx, "document.title + ' at ' + location.hash")
	fmt.Println(title)
	// Output:
	// before: ""
	// after: "More for /shop"
	// App at #!/shop
}

// A page built by XMLHttpRequest: the render waits for the request and its
// report lists every request the page made.
func ExampleRender() {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/greeting", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"text": "Hello from the API"}`)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><p id="greeting">…</p><script>
			var x = new XMLHttpRequest();
			x.open("GET", "/api/greeting");
			x.onload = function () { document.getElementById("greeting").textContent = JSON.parse(x.responseText).text; };
			x.send();
		</script>`)
	})
	snap, err := bangsnap.Render(context.Background(), "http://site.example/", bangsnap.Options{Handler: mux})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(snap.HTML))
	for _, r := range snap.Report.Requests {
		fmt.Println(r.Kind, r.Method, r.URL, r.Status)
	}
	fmt.Println(snap.Report.Reason)
	// Output:
	// <!DOCTYPE html><html><head></head><body><p id="greeting">Hello from the API</p></body></html>
	// document GET http://site.example/ 200
	// xhr GET http://site.example/api/greeting 200
	// quiescent
}
