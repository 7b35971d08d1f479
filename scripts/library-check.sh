#!/usr/bin/env bash
# docs/library.md's promise, checked as a reader would meet it: its two
# programs, copied from the page, build in a new package outside the
# repository that depends on this one by path, beside a target of that
# package named `Text` (as an app may have); program 1 writes a 1080x1920
# JPEG of the sample book's first entry, program 2 exits 0 and prints both
# typed errors, and neither loads libsqlite3.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="/opt/swift/usr/bin:$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The n-th ```swift block of the page that starts with `// docs/library.md`.
program() {
  awk -v n="$1" '
    /^```swift$/ { inside = 1; text = ""; next }
    /^```$/ && inside { inside = 0; if (text ~ /^\/\/ docs\/library.md, program/) { count++; if (count == n) { printf "%s", text; exit } } next }
    inside { text = text $0 "\n" }
  ' "$repo/docs/library.md"
}

mkdir -p "$work/outside/Sources/story-from-bytes" "$work/outside/Sources/share-errors" "$work/outside/Sources/Text"
program 1 >"$work/outside/Sources/story-from-bytes/main.swift"
program 2 >"$work/outside/Sources/share-errors/main.swift"
for n in 1 2; do
  [ -s "$work/outside/Sources/$([ $n = 1 ] && echo story-from-bytes || echo share-errors)/main.swift" ] \
    || { echo "library-check: docs/library.md has no program $n"; exit 1; }
done
# The page's programs are the repository's examples, word for word.
cmp -s "$work/outside/Sources/story-from-bytes/main.swift" "$repo/Examples/story-from-bytes/main.swift" \
  || { echo "library-check: docs/library.md's program 1 differs from Examples/story-from-bytes/main.swift"; exit 1; }
cmp -s "$work/outside/Sources/share-errors/main.swift" "$repo/Examples/share-errors/main.swift" \
  || { echo "library-check: docs/library.md's program 2 differs from Examples/share-errors/main.swift"; exit 1; }
cat >"$work/outside/Sources/Text/Text.swift" <<'SWIFT'
/// A module of the reader's own that happens to share a common name.
public enum Text { public static let greeting = "hello" }
SWIFT
# SwiftPM names a package given by path after its folder (the reader's
# ../photicase-render; a CI clone's may differ).
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')
cat >"$work/outside/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "outside",
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(name: "Text"),
        .executableTarget(name: "story-from-bytes",
                          dependencies: ["Text", .product(name: "PhotiCase", package: "$identity")]),
        .executableTarget(name: "share-errors",
                          dependencies: [.product(name: "PhotiCase", package: "$identity")]),
    ]
)
SWIFT
cd "$work/outside"
echo "library-check: building docs/library.md's programs in $work/outside"
swift build 2>&1 | grep -E "error|warning: |Compiling story|Compiling share|Build complete" | grep -v "^\[" || true
bin=$(swift build --show-bin-path)
[ -x "$bin/story-from-bytes" ] && [ -x "$bin/share-errors" ] || { echo "library-check: the programs did not build"; exit 1; }

entry=$(ls -d "$repo"/fixtures/book/*/ | head -n 1)
"$bin/story-from-bytes" "$entry" "$work/story.jpg"
size=$(python3 -c "
import struct,sys
b=open(sys.argv[1],'rb').read()
i=2
while i < len(b):
    m=b[i+1]; n=b[i+2]<<8|b[i+3]
    if m in (0xC0,0xC1,0xC2): print('%dx%d' % (b[i+7]<<8|b[i+8], b[i+5]<<8|b[i+6])); break
    i+=2+n
" "$work/story.jpg")
[ "$size" = 1080x1920 ] || { echo "library-check: program 1 wrote a $size image, not 1080x1920"; exit 1; }
out=$("$bin/share-errors")
echo "$out"
grep -q "^invalid request: field scale: " <<<"$out" || { echo "library-check: program 2 did not catch the bad request"; exit 1; }
grep -q "^invalid entry: 2022/08/decision/entry.json, field rating: " <<<"$out" \
  || { echo "library-check: program 2 did not catch the malformed entry"; exit 1; }
for program in story-from-bytes share-errors; do
  if ldd "$bin/$program" | grep -q sqlite; then echo "library-check: $program loads libsqlite3"; exit 1; fi
done
echo "library-check: both programs built outside the repository, beside a target named Text; the story is 1080x1920; no libsqlite3"
