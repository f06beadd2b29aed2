package bangsnap_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

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

// TestPageNavigationRouter: a router on the Navigation API (app
// navrouter) intercepts the navigations its links start, so a click shows
// the next view in the same document (Chromium's behaviour: the URL
// changes, nothing is fetched but data); a link to another origin cannot
// be intercepted and is listed, not followed.
func TestPageNavigationRouter(t *testing.T) {
	ctx := context.Background()
	page, err := bangsnap.Open(ctx, "http://app.test/apps/navrouter/#!/tours/2", bangsnap.Options{Handler: newAppServer(t, false)})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	state := func() string {
		return page.URL() + " | " + page.Query("#view h2").Text() + " | " + page.Query("#status").Text()
	}
	steps := []struct {
		name string
		do   func() error
		want string
	}{
		{"opened", func() error { return nil },
			"http://app.test/apps/navrouter/tours/2 | Lighthouse Run | shown /apps/navrouter/tours/2 (entry 0 of 1, from push)"},
		{"click About", func() error { return page.Click(ctx, `nav a[href$="about"]`) },
			"http://app.test/apps/navrouter/about | About us | shown /apps/navrouter/about (entry 1 of 2, from push)"},
		{"click Tours", func() error { return page.Click(ctx, `nav a[href$="/tours"]`) },
			"http://app.test/apps/navrouter/tours | All tours | shown /apps/navrouter/tours (entry 2 of 3, from push)"},
		{"click a tour", func() error { return page.Click(ctx, `.tours li:last-child a`) },
			"http://app.test/apps/navrouter/tours/3 | Sunset Cruise | shown /apps/navrouter/tours/3 (entry 3 of 4, from push)"},
		{"back", func() error { return page.Back(ctx) },
			"http://app.test/apps/navrouter/tours | All tours | shown /apps/navrouter/tours (entry 2 of 4, from push)"},
		{"back again", func() error { return page.Back(ctx) },
			"http://app.test/apps/navrouter/about | About us | shown /apps/navrouter/about (entry 1 of 4, from push)"},
		{"click Partners (another origin)", func() error { return page.Click(ctx, `nav a[href^="https:"]`) },
			"http://app.test/apps/navrouter/about | About us | shown /apps/navrouter/about (entry 1 of 4, from push)"},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got := state(); got != s.want {
			t.Errorf("%s: %s\nwant %s", s.name, got, s.want)
		}
	}
	nav := page.Report().Navigations
	if len(nav) != 1 || nav[0] != "https://example.com/partners" {
		t.Errorf("navigations %q, want only the partners link", nav)
	}

	// Page.Click is a user's click: its navigation is userInitiated, a
	// script's click() is not.
	if _, err := page.Eval(ctx, `navigation.addEventListener('navigate', e => { window.userInitiated = e.userInitiated; })`); err != nil {
		t.Fatal(err)
	}
	if err := page.Click(ctx, `nav a[href$="/tours"]`); err != nil {
		t.Fatal(err)
	}
	byUser, err := page.Eval(ctx, `window.userInitiated`)
	if err != nil {
		t.Fatal(err)
	}
	byScript, err := page.Eval(ctx, `document.querySelector('nav a').click(); window.userInitiated`)
	if err != nil {
		t.Fatal(err)
	}
	if byUser != true || byScript != false {
		t.Errorf("userInitiated: %v after Page.Click, %v after click(); want true, false", byUser, byScript)
	}
}

// TestPageUserActivation: a page starts never activated; Page.Click's
// pointerdown activates it for 5 s, as a user's click does in Chromium
// (a script's click() does not).
func TestPageUserActivation(t *testing.T) {
	ctx := context.Background()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><button id=b>b</button><script>
			var log = [];
			function ua() { return navigator.userActivation.hasBeenActive + ' ' + navigator.userActivation.isActive; }
			document.getElementById('b').click();
			log.push('script ' + ua());
			document.getElementById('b').addEventListener('pointerdown', () => log.push('pointerdown ' + ua()));
		</script>`)
	})
	page, err := bangsnap.Open(ctx, "http://app.test/", bangsnap.Options{Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	if err := page.Click(ctx, "#b"); err != nil {
		t.Fatal(err)
	}
	if err := page.Advance(ctx, 5200*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	got, err := page.Eval(ctx, `log.concat('later ' + ua()).join()`)
	if err != nil {
		t.Fatal(err)
	}
	if want := "script false false,pointerdown true true,later true false"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
