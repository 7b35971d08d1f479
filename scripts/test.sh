#!/usr/bin/env bash
# Sets up what is missing, makes the sample book's photos (the fixture
# tests render them), then runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh --test
swift build --product fixture-maker
"$(swift build --show-bin-path)/fixture-maker" --book fixtures/book >/dev/null
swift test "$@"
