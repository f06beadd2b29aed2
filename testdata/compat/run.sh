#!/bin/sh
# run.sh renders the bangsnap test apps in headless Chromium and in bangsnap,
# compares Chromium with testdata/apps/*/expect*.json, and prints both wall
# times and their ratio. `make compat-chromium` calls it.
#
#   testdata/compat/run.sh            check the expectations, time both
#   testdata/compat/run.sh --update   rewrite the expectations from Chromium
#   testdata/compat/run.sh --runs 5   more timed runs per app, in both (median)
#
# Needs node/npm; installs playwright-core and esbuild here (npm ci), the app
# libraries in testdata (npm ci), and Debian's chromium (apt) when missing.
# Set COMPAT_SKIP_BANGSNAP=1 to time Chromium only.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

npm_ci() { # dir
	if [ ! -d "$1/node_modules" ] || [ "$1/package-lock.json" -nt "$1/node_modules/.package-lock.json" ]; then
		npm ci --prefix "$1" --no-audit --no-fund --loglevel=error
	fi
}
npm_ci "$here"
npm_ci "$root/testdata"

if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
	echo "installing chromium (apt)" >&2
	apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null
fi

# The timed runs per app: --runs N for Chromium, BANGSNAP_APP_RUNS for
# TestApps (the same number, 3 by default).
runs=3
prev=""
for a in "$@"; do
	[ "$prev" = "--runs" ] && runs=$a
	prev=$a
done

timings=""
if [ -z "${COMPAT_SKIP_BANGSNAP:-}" ] && command -v go >/dev/null 2>&1; then
	tfile=$(mktemp "${TMPDIR:-/tmp}/bangsnap-timings.XXXXXX")
	trap 'rm -f "$tfile" "$tfile.log"' EXIT
	echo "rendering the apps with bangsnap (go test -run TestApps)" >&2
	if ! (cd "$root" && BANGSNAP_APP_TIMINGS="$tfile" BANGSNAP_APP_RUNS="$runs" go test -count=1 -run '^TestApps$' . >"$tfile.log" 2>&1); then
		echo "bangsnap: go test failed (last lines below); apps it rendered are still timed" >&2
		tail -n 40 "$tfile.log" >&2
	fi
	[ -s "$tfile" ] && timings=$tfile
fi

cd "$here"
if [ -n "$timings" ]; then
	exec_args="--bangsnap $timings"
else
	exec_args=""
fi
# shellcheck disable=SC2086 # exec_args is two words on purpose
node compat.mjs $exec_args "$@"
