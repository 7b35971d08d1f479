#!/usr/bin/env bash
# Sets up what is missing, then runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh --test
swift test "$@"
