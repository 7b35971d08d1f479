#!/usr/bin/env bash
# ThreadSanitizer over the code that runs on several threads, as it runs:
# the tool and the library's pool built with --sanitize=thread (release,
# so that the load is real), then
#   - `render` of the sample book on 2 threads, every kind, twice (the
#     second run stat-only, after one entry changed);
#   - `serve` under 16 concurrent clients: cold and warm cards and stories,
#     requests that join a render another started, clients that give up
#     before their answer (their render stopped), /metrics meanwhile;
#   - thread-check: the library's pool, 48 renders from 8 tasks, a third
#     cancelled or past a deadline.
# Any ThreadSanitizer report fails the script (and names the log).
# Run by `scripts/sanitize.sh thread` and by CI; needs fixtures/book's
# photos (scripts/test.sh makes them) and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scratch=/tmp/photicase-thread-build
work=$(mktemp -d)
serve_pid=
cleanup() {
  if [ -n "$serve_pid" ]; then kill "$serve_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1"
log=/tmp/photicase-thread.log
: >"$log"
echo "sanitize: building photicase-render and thread-check with --sanitize=thread"
for product in photicase-render thread-check; do
  swift build -c release --sanitize=thread --scratch-path "$scratch" --product "$product" 2>&1 \
    | grep -E "error|warning: unhandled" || true
done
bin=$(swift build -c release --sanitize=thread --scratch-path "$scratch" --show-bin-path)
[ -x "$bin/photicase-render" ] && [ -x "$bin/thread-check" ] || { echo "sanitize: the build failed"; exit 1; }
[ -f fixtures/book/2022-08-27-decision/front.jpg ] \
  || { echo "sanitize: fixtures/book has no photos: run fixture-maker --book fixtures/book (scripts/test.sh does)"; exit 1; }

fail() { echo "sanitize: thread: $1; see $log"; exit 1; }
run() {  # run NAME COMMAND...: its output to the log; fails on a report or a bad status
  local name=$1 status=0
  shift
  echo "== $name" >>"$log"
  "$@" >>"$log" 2>&1 || status=$?
  if grep -q "WARNING: ThreadSanitizer" "$log"; then fail "$name: ThreadSanitizer reported a race"; fi
  [ "$status" = 0 ] || fail "$name exited $status"
}

cp -r fixtures/book "$work/book"
echo "sanitize: render on 2 threads"
run "render" "$bin/photicase-render" render "$work/book" --cache "$work/cache" --jobs 2 --progress none --today 2022-08-30
touch "$work/book/2022-08-03-hansan/entry.json"
sleep 0.1
run "render again" "$bin/photicase-render" render "$work/book" --cache "$work/cache" --jobs 2 --progress none --today 2022-08-30

echo "sanitize: serve under 16 concurrent clients"
"$bin/photicase-render" serve "$work/book" --cache "$work/serve-cache" --listen 127.0.0.1:0 --jobs 2 --queue 32 \
  >"$work/serve.out" 2>"$work/serve.err" &
serve_pid=$!
port=
for _ in $(seq 1 100); do
  port=$(sed -n 's|^listening on http://[^:]*:\([0-9]*\).*|\1|p' "$work/serve.out")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/serve.err" >>"$log"; fail "serve did not start"; }
# Entries whose id is their folder's name (entry.json gives none).
ids=$(cd "$work/book" && for d in */; do grep -q '"id"' "$d/entry.json" || echo "${d%/}"; done | head -n 6 || true)
urls=()
for id in $ids; do
  for file in card.png story.jpg front.webp; do urls+=("http://127.0.0.1:$port/entries/$id/$file"); done
done
for round in 1 2; do
  pids=()
  for i in $(seq 0 15); do
    url=${urls[$(( (i * 7 + round) % ${#urls[@]} ))]}
    if [ $(( i % 5 )) = 4 ]; then
      # Gives up at once: its render, if no one else waits, is stopped.
      curl -s -o /dev/null --max-time 0.02 "$url" &
    else
      curl -s -o /dev/null -w "%{http_code}\n" "$url" >>"$work/codes" &
    fi
    pids+=($!)
    if [ $(( i % 4 )) = 0 ]; then
      curl -s -o /dev/null "http://127.0.0.1:$port/metrics" &
      pids+=($!)
    fi
  done
  for pid in "${pids[@]}"; do wait "$pid" || true; done
done
kill -TERM "$serve_pid" 2>/dev/null || true  # gone already: its stderr says why
status=0
wait "$serve_pid" || status=$?
serve_pid=
cat "$work/serve.err" >>"$log"
if grep -q "WARNING: ThreadSanitizer" "$log"; then fail "serve: ThreadSanitizer reported a race"; fi
grep -qv '^200$' "$work/codes" && fail "serve answered $(sort "$work/codes" | uniq -c | tr '\n' ' ')"
[ "$status" = 0 ] || fail "serve exited $status after SIGTERM"

echo "sanitize: the library's pool (thread-check)"
# An entry whose card decodes two 40-megapixel PNGs: long enough to stop
# part-way.
mkdir -p "$work/big"
python3 -c "
from PIL import Image
im = Image.new('RGB', (8000, 5000), (40, 90, 160))
for y in range(0, 5000, 97):
    for x in range(0, 8000, 89): im.putpixel((x, y), (x % 256, y % 256, 200))
im.save('$work/big/front.png', compress_level=1)
im.save('$work/big/back.png', compress_level=1)
"
printf '%s' '{"title": "big", "date": "2022-08-02", "rating": 3, "front": {"photo": "front.png"}, "back": {"photo": "back.png"}}' \
  >"$work/big/entry.json"
run "thread-check" "$bin/thread-check" "$work/book" "$work/big"
grep "^thread-check:" "$log" | tail -n 1
echo "sanitize: thread: clean ($(grep -c '' "$work/codes") answers, no report)"
