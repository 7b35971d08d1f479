#!/usr/bin/env bash
# Sets up what is missing, builds in release mode, makes the sample ticket
# book's photos, and runs the main job on it: `render` into out/cache.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release
bin=$(swift build -c release --show-bin-path)
"$bin/fixture-maker" --book fixtures/book
# The sample book is from August and September 2022; mark a day in it.
"$bin/photicase-render" render fixtures/book --cache out/cache --today 2022-08-27 "$@"
echo "main: outputs in out/cache: open out/cache/index.html (the site); images in tickets/ (cards, story, feed), days/, months/, books/, years/; the print books in print/"
