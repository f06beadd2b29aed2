module github.com/bangsnap/bangsnap

go 1.26.0

require (
	github.com/andybalholm/brotli v1.3.0
	github.com/andybalholm/cascadia v1.3.5
	github.com/dlclark/regexp2/v2 v2.13.0
	github.com/dop251/goja v0.0.0-20260917113740-793a2a65c13b
	github.com/evanw/esbuild v0.28.2
	github.com/rivo/uniseg v0.4.7
	github.com/tetratelabs/wazero v1.12.0
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)

require (
	github.com/go-sourcemap/sourcemap v2.1.4+incompatible // indirect
	github.com/google/pprof v0.0.0-20240727154555-813a5fbdbec8 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
