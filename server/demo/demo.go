// Package demo is the small site `bangsnap demo` (and `make run`) serves
// behind the snapshot middleware: a home page that opts in to the AJAX
// crawling scheme with <meta name="fragment" content="!">, and a shop whose
// states are #! URLs (#!/, #!/item/ID, #!/about). Every page is built by
// plain JavaScript (DOM, XMLHttpRequest, fetch, setTimeout; no libraries)
// from the JSON endpoints this package serves, so the HTML it sends holds
// no content until a script runs.
//
// The site is embedded in the binary with go:embed. Package demo imports
// only the standard library; it must never import the render stages or
// goja.
package demo

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed site
var siteFS embed.FS

//go:embed data.json
var dataJSON []byte

// An Item is one product of the demo shop.
type Item struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Price       string   `json:"price"`
	Description string   `json:"description,omitempty"`
	Tags        []string `json:"tags,omitempty"`
}

type data struct {
	Shop  string `json:"shop"`
	Intro string `json:"intro"`
	News  string `json:"news"`
	Items []Item `json:"items"`
}

// Paths a visitor can try: the meta-fragment home page and the shop's #!
// states.
var Paths = []string{"/", "/shop#!/", "/shop#!/item/1", "/shop#!/about", "/shop#!/item/404"}

// Handler returns the demo site:
//
//	GET /               home page (meta fragment opt-in), built from /api/home
//	GET /shop           the #! shop, built from /api/items and /api/items/{id}
//	GET /static/…       its scripts and style sheet
//	GET /api/home       {"shop", "intro", "news", "featured": [Item…]}
//	GET /api/items      [Item…] without descriptions
//	GET /api/items/{id} Item, or 404
func Handler() http.Handler {
	var d data
	if err := json.Unmarshal(dataJSON, &d); err != nil {
		panic("demo: embedded data.json: " + err.Error()) // a build defect, caught by the tests
	}
	site, err := fs.Sub(siteFS, "site")
	if err != nil {
		panic("demo: embedded site: " + err.Error())
	}
	mux := http.NewServeMux()
	page := func(name string) http.HandlerFunc {
		body, err := fs.ReadFile(site, name)
		if err != nil {
			panic("demo: embedded " + name + ": " + err.Error())
		}
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Write(body)
		}
	}
	mux.HandleFunc("GET /{$}", page("index.html"))
	mux.HandleFunc("GET /shop", page("shop.html"))
	mux.Handle("GET /static/", http.FileServerFS(site))

	mux.HandleFunc("GET /api/home", func(w http.ResponseWriter, r *http.Request) {
		featured := make([]Item, 0, 3)
		for _, it := range d.Items[:min(3, len(d.Items))] {
			featured = append(featured, Item{ID: it.ID, Name: it.Name, Price: it.Price})
		}
		writeJSON(w, http.StatusOK, map[string]any{"shop": d.Shop, "intro": d.Intro, "news": d.News, "featured": featured})
	})
	mux.HandleFunc("GET /api/items", func(w http.ResponseWriter, r *http.Request) {
		list := make([]Item, 0, len(d.Items))
		for _, it := range d.Items {
			list = append(list, Item{ID: it.ID, Name: it.Name, Price: it.Price})
		}
		writeJSON(w, http.StatusOK, list)
	})
	mux.HandleFunc("GET /api/items/{id}", func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		for _, it := range d.Items {
			if it.ID == id {
				writeJSON(w, http.StatusOK, it)
				return
			}
		}
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no item " + strings.ReplaceAll(id, "\n", " ")})
	})
	return mux
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
