# bangsnap — see README.md. `make test` is what CI runs.
GO        ?= go
PKGS      ?= ./...
FUZZTIME  ?= 10s
BENCHTIME ?= 1x
NPM_DIR   := testdata

.PHONY: test deps run bench fuzz lint build compat-chromium conformance-chromium wpt-chromium loadtest crawl-demo compiled intl-locales intl-matrix domdiff layoutdiff

build:
	$(GO) build -o bangsnap ./cmd/bangsnap

# deps installs the JavaScript libraries the tests render (pinned in testdata/package-lock.json).
deps:
	@if [ -f $(NPM_DIR)/package-lock.json ]; then \
		if [ ! -d $(NPM_DIR)/node_modules ] || [ $(NPM_DIR)/package-lock.json -nt $(NPM_DIR)/node_modules/.package-lock.json ]; then \
			npm ci --prefix $(NPM_DIR) --no-audit --no-fund --loglevel=error; \
		fi; \
	fi

# The apps compiled by node (Svelte, Handlebars precompilation, Vue's server
# render) commit their output so that go test needs no node; it must match
# their sources.
compiled: deps
	node testdata/apps/svelte/compile.mjs --check
	node testdata/apps/svelte4/compile.mjs --check
	node testdata/apps/hbsruntime/precompile.mjs --check
	node testdata/apps/vuessr/render.mjs --check

test: deps compiled
	$(GO) vet $(PKGS)
	$(GO) test -count=1 -timeout 9m $(PKGS)

run:
	$(GO) run ./cmd/bangsnap demo

# crawl-demo serves the demo site and crawls it as an AJAX-crawling crawler would.
crawl-demo: build
	@./bangsnap demo -port 8471 >/dev/null 2>&1 & pid=$$!; sleep 1; ./bangsnap crawl http://127.0.0.1:8471/; st=$$?; kill $$pid; exit $$st

bench: deps
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

# loadtest measures the snapshot server on loopback: req/s and p50/p99 for
# cached and uncached snapshots.
loadtest:
	$(GO) test -run '^$$' -bench 'Serve' -benchtime 3s ./server/

# fuzz runs every fuzz target for FUZZTIME each.
fuzz:
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
		for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			echo "== $$pkg $$t"; \
			$(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 2s $$pkg; \
		done; \
	done

# intl-locales regenerates jsruntime/webapi/intl_locales.js and .txt, the Intl locale
# tables, from headless Chromium's ICU (see jsruntime/webapi/intlgen/gen.mjs).
intl-locales:
	node jsruntime/webapi/intlgen/gen.mjs

# intl-matrix reruns the Intl differential matrix in headless Chromium
# (jsruntime/webapi/testdata/intlmatrix/chromium.json) and prints how many
# calls bangsnap's Intl answers differently, by API. Not part of `make test`
# (TestIntlMatrix checks the committed chromium.json without Chromium).
intl-matrix:
	@[ -d testdata/compat/node_modules ] || npm ci --prefix testdata/compat --no-audit --no-fund --loglevel=error
	node jsruntime/webapi/intlgen/gen-matrix.mjs
	$(GO) test ./jsruntime/webapi/ -count=1 -run TestIntlMatrix -v

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

# compat-chromium renders every test app in headless Chromium (Debian's
# package, installed on demand) and in bangsnap, checks Chromium against the
# expectations in testdata/apps and prints both wall times. Not part of `make test`.
compat-chromium:
	sh testdata/compat/run.sh

# conformance-chromium rewrites testdata/conformance/expected from headless
# Chromium. Not part of `make test`.
conformance-chromium:
	@[ -d testdata/compat/node_modules ] || npm ci --prefix testdata/compat --no-audit --no-fund --loglevel=error
	node testdata/conformance/run-chromium.mjs

# wpt-chromium rewrites testdata/wpt/expected from headless Chromium. Not part
# of `make test`.
# domdiff runs seeded random DOM operation sequences in headless Chromium and
# in bangsnap and prints the first operation of each case where they differ
# (testdata/domdiff). SEEDS seeds from SEED, CASES cases each; GROUPS picks
# the operation groups (core, mo, shadow, ce, range, attr, html, tree,
# collections, style, traversal, events2, selection, forms2, cssom, attrs2,
# slots, innertext, reflect, table, xml, text, fragments, documents, shadow2,
# move, abort, nodeapi), SKIP operations
# to leave out (DOMSKIP=style,focus).
SEED  ?= 1
SEEDS ?= 10
CASES ?= 40
GROUPS ?= all
DOMSKIP ?=
domdiff: build
	node testdata/domdiff/run.mjs $(SEED) $(SEEDS) $(CASES) $(GROUPS) $(DOMSKIP)

# layoutdiff builds seeded random box trees in headless Chromium and in
# bangsnap and prints, for each tree whose boxes differ, the first box that
# differs (testdata/layoutdiff). SEED, SEEDS and CASES as for domdiff; DEPTH
# is how deeply the trees nest.
DEPTH ?= 2
layoutdiff: build
	node testdata/layoutdiff/run.mjs $(SEED) $(SEEDS) $(CASES) $(DEPTH)

wpt-chromium: deps
	@[ -d testdata/compat/node_modules ] || npm ci --prefix testdata/compat --no-audit --no-fund --loglevel=error
	node testdata/wpt/run-chromium.mjs
