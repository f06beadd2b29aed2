//go:build ignore

// gen writes walk_gen.go from goja's AST package (see astgen).
package main

import (
	"fmt"
	"os"

	"github.com/bangsnap/bangsnap/jsruntime/internal/astwalk/astgen"
)

func main() {
	src, err := astgen.Source()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("walk_gen.go", src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
