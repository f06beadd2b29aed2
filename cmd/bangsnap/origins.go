package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bangsnap/bangsnap/xhr"
)

// originFlags are -map-origin and -preserve-host of crawl, render and
// snapshot: a site served elsewhere (a staging build, a local server) is
// rendered and crawled under its public URLs.
type originFlags struct {
	maps         repeatFlag
	preserveHost bool
}

// register adds the flags to fs.
func (f *originFlags) register(fs *commandFlags) {
	fs.Var(&f.maps, "map-origin", "send the requests for the public origin to another: `PUBLIC=TARGET`, e.g. https://www.example.com=http://127.0.0.1:8080; pages keep their public URLs (location, links, cookies, redirects), and results name them (repeatable)")
	fs.BoolVar(&f.preserveHost, "preserve-host", false, "with -map-origin: send the public host in the Host header to the mapped origin, instead of the mapped origin's host")
}

// originMap is the map the flags give, nil without -map-origin.
func (f *originFlags) originMap() (*xhr.OriginMap, error) {
	if len(f.maps) == 0 {
		if f.preserveHost {
			return nil, errors.New("-preserve-host needs -map-origin")
		}
		return nil, nil
	}
	m, err := xhr.NewOriginMap(f.maps...)
	if err != nil {
		return nil, fmt.Errorf("-map-origin: %s", strings.TrimPrefix(err.Error(), "xhr: "))
	}
	m.PreserveHost = f.preserveHost
	return m, nil
}
