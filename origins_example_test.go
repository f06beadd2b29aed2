package bangsnap_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/xhr"
)

// Render https://www.example.com/ from a build served on loopback, before it
// is deployed: the page sees its public origin and builds its links with
// it, while every request for that origin goes to the build.
func ExampleOptions_origins() {
	build := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<p id="p"></p><script src="/app.js"></script>`)
		case "/app.js":
			w.Header().Set("Content-Type", "text/javascript")
			io.WriteString(w, `document.getElementById("p").innerHTML = '<a href="' + location.origin + '/about">About</a>';`)
		}
	}))
	defer build.Close()

	origins, err := xhr.NewOriginMap("https://www.example.com=" + build.URL)
	if err != nil {
		panic(err)
	}
	snap, err := bangsnap.Render(context.Background(), "https://www.example.com/", bangsnap.Options{Origins: origins})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(snap.HTML))
	for _, r := range snap.Report.Requests {
		fmt.Println(r.Kind, r.URL, r.Status)
	}
	// Output:
	// <html><head></head><body><p id="p"><a href="https://www.example.com/about">About</a></p></body></html>
	// document https://www.example.com/ 200
	// script https://www.example.com/app.js 200
}
