package bangsnap_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// routerSite is a #! app with a second document that reads what the first
// one stored.
func routerSite() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><h1 id="view"></h1><script>
			var events = [];
			function render() { document.getElementById("view").textContent = "route " + (location.hash.slice(2) || "/"); }
			addEventListener("popstate", function () { events.push("popstate " + location.hash); });
			addEventListener("hashchange", function (e) { events.push("hashchange " + e.oldURL.split("#")[1] + ">" + e.newURL.split("#")[1]); render(); });
			render();
			document.cookie = "seen=yes; path=/";
			localStorage.setItem("visits", String(Number(localStorage.getItem("visits") || 0) + 1));
		</script>`)
	})
	mux.HandleFunc("/other", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		c, _ := r.Cookie("seen")
		fmt.Fprintf(w, `<!doctype html><p id="server">cookie %v</p><p id="client"></p><script>
			document.getElementById("client").textContent = document.cookie + " visits=" + localStorage.getItem("visits");
		</script>`, c != nil)
	})
	return mux
}

func TestPageNavigate(t *testing.T) {
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, "http://app.test/#!/home", bangsnap.Options{Handler: routerSite()})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	view := func() string { return page.Query("#view").Text() }
	if view() != "route /home" {
		t.Fatalf("opened at %q", view())
	}
	steps := []struct {
		do     func() error
		url    string
		view   string
		events string
	}{
		{func() error { return page.Navigate(ctx, "#!/about") }, "http://app.test/#!/about", "route /about",
			"popstate #!/about,hashchange !/home>!/about"},
		{func() error { return page.Navigate(ctx, "http://app.test/?_escaped_fragment_=/shop") }, "http://app.test/#!/shop", "route /shop",
			"popstate #!/shop,hashchange !/about>!/shop"},
		{func() error { return page.Back(ctx) }, "http://app.test/#!/about", "route /about",
			"popstate #!/about,hashchange !/shop>!/about"},
		{func() error { return page.Forward(ctx) }, "http://app.test/#!/shop", "route /shop",
			"popstate #!/shop,hashchange !/about>!/shop"},
	}
	for i, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		ev, err := page.Eval(ctx, `var e = events.join(); events = []; e`)
		if err != nil {
			t.Fatal(err)
		}
		if page.URL() != s.url || view() != s.view || ev != s.events {
			t.Errorf("step %d: at %s showing %q after %q; want %s, %q, %q", i, page.URL(), view(), ev, s.url, s.view, s.events)
		}
	}

	// Another document: loaded in the same Page with the cookies and
	// storage of the first.
	if err := page.Navigate(ctx, "/other"); err != nil {
		t.Fatal(err)
	}
	if page.URL() != "http://app.test/other" {
		t.Errorf("URL %s", page.URL())
	}
	if got := page.Query("#server").Text(); got != "cookie true" {
		t.Errorf("the new document's request: %q", got)
	}
	if got := page.Query("#client").Text(); got != "seen=yes visits=1" {
		t.Errorf("the new document sees %q", got)
	}
	if page.Query("#view") != nil {
		t.Error("the old document is still there")
	}
	// And back to the app by URL: a new document again, its storage carried.
	if err := page.Navigate(ctx, "/#!/home"); err != nil {
		t.Fatal(err)
	}
	if v, _ := page.Eval(ctx, `localStorage.getItem("visits")`); v != "2" || view() != "route /home" {
		t.Errorf("back in the app: visits %v, view %q", v, view())
	}

	if err := page.Navigate(ctx, "mailto:x@y"); err == nil {
		t.Error("navigating to a mailto: URL succeeded")
	}
	page.Close()
	for _, err := range []error{page.Navigate(ctx, "#!/x"), page.Back(ctx), page.Forward(ctx)} {
		if err != bangsnap.ErrClosed {
			t.Errorf("after Close: %v", err)
		}
	}
}

// TestPageNavigateIndexedDB: a Page carries IndexedDB to the next document
// of the same origin, as localStorage, and not to another origin.
func TestPageNavigateIndexedDB(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><p id="out">waiting</p><script>
			var r = indexedDB.open("carry", 1);
			r.onupgradeneeded = function () { r.result.createObjectStore("s"); };
			r.onsuccess = function () {
				var db = r.result, tx = db.transaction("s", "readwrite"), s = tx.objectStore("s");
				s.get("visits").onsuccess = function (e) {
					var n = (e.target.result || 0) + 1;
					s.put(n, "visits");
					tx.oncomplete = function () { document.getElementById("out").textContent = "visits " + n; };
				};
			};
		</script>`)
	})
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, "http://app.test/", bangsnap.Options{Handler: mux})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	out := func() string { return page.Query("#out").Text() }
	if out() != "visits 1" {
		t.Fatalf("first document: %q", out())
	}
	if err := page.Navigate(ctx, "/again"); err != nil {
		t.Fatal(err)
	}
	if out() != "visits 2" {
		t.Errorf("same origin: %q, want visits 2", out())
	}
	if err := page.Navigate(ctx, "http://other.test/"); err != nil {
		t.Fatal(err)
	}
	if out() != "visits 1" {
		t.Errorf("another origin: %q, want visits 1", out())
	}
}
