#!/usr/bin/env bash
# Builds photicase-render in release mode and installs it as
# PREFIX/bin/photicase-render (default PREFIX: /usr/local, so the binary
# is /usr/local/bin/photicase-render, on every user's PATH and cron's).
#
#   bash scripts/install.sh              # /usr/local/bin/photicase-render
#   bash scripts/install.sh "$HOME/.local"   # ~/.local/bin/photicase-render, no sudo
#
# Installs what is missing first (scripts/setup.sh: the C libraries and
# fonts the tool runs with, through apt). The Swift runtime is linked into
# the binary (--static-swift-stdlib), so it runs without the toolchain;
# it is built in a folder of its own (.build/install), which leaves the
# everyday build's folder as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-/usr/local}"
case "$prefix" in
  /*) ;;
  *) echo "install: PREFIX must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac
source scripts/setup.sh
build=(swift build -c release --product photicase-render --static-swift-stdlib --scratch-path .build/install)
"${build[@]}"
bin="$("${build[@]}" --show-bin-path)/photicase-render"
# sudo only where this user may not write PREFIX/bin.
as=()
if [ "$(id -u)" -ne 0 ] && ! { mkdir -p "$prefix/bin" 2>/dev/null && [ -w "$prefix/bin" ]; }; then
  as=(sudo)
fi
"${as[@]}" install -d "$prefix/bin"
"${as[@]}" install -m 0755 "$bin" "$prefix/bin/photicase-render"
echo "install: $("$prefix/bin/photicase-render" --version) is $prefix/bin/photicase-render"
