#!/usr/bin/env bash
# Sets up what is missing, builds in release mode, makes the project's own
# fixture photos and runs the main job on them, into out/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release
bin=$(swift build -c release --show-bin-path)
"$bin/fixture-maker" fixtures/photos
mkdir -p out/thumbnails
"$bin/photicase-render" inspect fixtures/photos/*
for f in fixtures/photos/*; do
  name=$(basename "${f%.*}")
  "$bin/photicase-render" convert "$f" "out/thumbnails/$name.jpg" --max-size 256
done
echo "main: wrote $(ls out/thumbnails | wc -l) thumbnails to out/thumbnails"
