package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/bangsnap/bangsnap/mapping"
)

func init() {
	register(command{name: "map", summary: "print the _escaped_fragment_ form of #! URLs and the reverse", run: runMap})
}

const mapDescription = `Map prints, one per line and in order, the counterpart of each URL: the
ugly form of a pretty URL, and the pretty form of an ugly URL.

  pretty  http://example.com/page?query#!key1=value1&key2=value2
  ugly    http://example.com/page?query&_escaped_fragment_=key1=value1%26key2=value2

The fragment after #! becomes the last query parameter _escaped_fragment_,
with the bytes 0x00-0x20, #, %, &, + and 0x7F-0xFF escaped as %XX. An ugly
URL must hold exactly one _escaped_fragment_ parameter, last in its query; an
empty value (?_escaped_fragment_=) maps to the URL without #!. URLs must be
absolute; everything but the fragment is kept byte for byte.

A URL that cannot be mapped (a plain URL, or one that breaks the rules) gets
a one-line error naming it on stderr and no line on stdout; map goes on with
the remaining URLs and exits with status 2 if any URL failed.`

func runMap(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("map", "map URL...", mapDescription)
	if code, ok := fs.parse(args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.usageError(stderr, "no URL given")
		return exitUsage
	}
	code := exitOK
	for _, u := range fs.Args() {
		out, err := counterpart(u)
		if err != nil {
			fmt.Fprintf(stderr, "bangsnap map: %v\n", err)
			code = exitUsage
			continue
		}
		if _, err := fmt.Fprintln(stdout, out); err != nil {
			fmt.Fprintf(stderr, "bangsnap map: %v\n", err)
			return exitFail
		}
	}
	return code
}

// errPlain reports a valid URL that uses neither side of the scheme.
var errPlain = errors.New("neither a #! fragment nor an _escaped_fragment_ parameter: nothing to map")

// counterpart maps a pretty URL to its ugly form and an ugly URL to its
// pretty form. For any other URL it returns the most telling error: the rule
// an ugly-looking URL breaks, else the rule a pretty-looking one breaks.
func counterpart(u string) (string, error) {
	switch mapping.Classify(u) {
	case mapping.Pretty:
		return mapping.ToUgly(u)
	case mapping.Ugly:
		return mapping.ToPretty(u)
	case mapping.Plain:
		return "", fmt.Errorf("%s: %w", strconv.Quote(u), errPlain)
	}
	if _, err := mapping.ToPretty(u); !errors.Is(err, mapping.ErrNoParam) {
		return "", err
	}
	_, err := mapping.ToUgly(u)
	return "", err
}
