#!/usr/bin/env bash
# Checks that a new build takes over a cache made by an older one: the old
# build renders the sample book, the new one renders it again into the same
# cache (it must exit 0), and the cache then holds exactly the files, byte
# for byte, that a fresh render of the new build makes (no orphans, nothing
# missing). The index, the log and the lock file are compared by name only.
#
#   bash scripts/takeover-check.sh OLD_BINARY [NEW_BINARY]
#
# Build the old one from a tag or commit, e.g.
#   git worktree add /tmp/old <commit> && (cd /tmp/old && swift build -c release)
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: takeover-check.sh OLD_BINARY [NEW_BINARY]}
new=${2:-$(swift build -c release --show-bin-path)/photicase-render}
[ -d fixtures/book/2022-08-03-hansan ] || "$(swift build --show-bin-path)/fixture-maker" --book fixtures/book >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { "$1" render fixtures/book --cache "$2" --today 2022-08-27 --jobs 2 --progress none 2>/dev/null; }
# An older build may refuse entries this one reads (a kind it did not
# know): its partial run (exit 1) is a cache to take over all the same.
old_status=0
run "$old" "$work/taken" >/dev/null || old_status=$?
echo "takeover: the old build's run exited $old_status"
[ "$old_status" -le 1 ] || { echo "takeover: the old build did not make a cache"; exit 1; }
status=0
run "$new" "$work/taken" >/dev/null || status=$?
echo "takeover: the new build's first run on the old cache exited $status"
run "$new" "$work/fresh" >/dev/null
(cd "$work/taken" && find . -type f | sort) > "$work/taken.txt"
(cd "$work/fresh" && find . -type f | sort) > "$work/fresh.txt"
if ! diff "$work/taken.txt" "$work/fresh.txt"; then
  echo "takeover: the file sets differ (< taken over, > fresh)"; exit 1
fi
differ=0
while read -r f; do
  case "$f" in ./index*.sqlite*|./render.log*|./.lock*) continue ;; esac
  cmp -s "$work/taken/$f" "$work/fresh/$f" || { echo "takeover: $f differs"; differ=1; }
done < "$work/taken.txt"
[ "$status" = 0 ] && [ "$differ" = 0 ] || exit 1
echo "takeover: $(wc -l < "$work/taken.txt") files, the same names and bytes as a fresh render"
