#!/usr/bin/env python3
"""The cron case at scale: an unchanged book's rerun, by book size.

Usage: python3 scripts/bench-scale.py [--sizes 1000,10000,20000,50000,100000]
                                      [--repeats 3] [--jobs 2] [--only days]
                                      [--memo-chars N] [--bin PATH]
                                      [--baseline PATH]

For each size, generates a book of that many entries (one small JPEG each,
hard links to one file; folders YYYY/NNNNNN; dates spread over 20 years,
so 100,000 entries fill 7,300 days), renders it once with
`render --only days` (or the kinds `--only` names: `days,site` adds the
browsable site's page per entry, day, month and book page), then times
the rerun that finds nothing to do:
median wall time and median peak RSS (ru_maxrss) of `--repeats` runs, and
the index's size; then edits one entry's title and times the rerun that
finds it (one run: it loads the book). Prints a Markdown table, and one of
where the last unchanged rerun of each size spent its time and memory (from
render.log's phases). With `--baseline`, another build's unchanged reruns
alternate with this one's (`--repeats` each; the other build on a copy of
the cache, after one run of its own there) and a third table puts the two
side by side. The book is left to settle for 2.5 s before its first
render, as a real book's files are older than the cron job's run.
"""
import argparse
import datetime
import os
import shutil
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from bench import run  # noqa: E402  (wall seconds, peak RSS MiB)


def make_photo(path):
    """A 64x48 JPEG gradient (Pillow, a test dependency)."""
    from PIL import Image
    img = Image.new("RGB", (64, 48))
    img.putdata([(x * 4 % 256, y * 5 % 256, 128) for y in range(48) for x in range(64)])
    img.save(path, quality=85)


def memo_text(i, chars):
    """A memo of about `chars` characters of Korean prose, different per entry."""
    words = ["오늘은", "친구들과", "극장에서", "영화를", "봤다", "배우들의", "연기가", "정말", "좋았고",
             "음악도", "오래", "기억에", "남을", "것", "같다", "다음에", "또", "보고", "싶다"]
    out, k = [], i
    while sum(len(w) + 1 for w in out) < chars:
        out.append(words[k % len(words)])
        k = (k * 7 + 3) % 1000003
    return " ".join(out)[:chars]


def make_book(root, count, photo, memo_chars=0):
    base = datetime.date(2006, 1, 1)
    for i in range(count):
        date = base + datetime.timedelta(days=i % 7300)
        folder = os.path.join(root, str(date.year), f"{i:06d}")
        os.makedirs(folder, exist_ok=True)
        # ext4 allows 65,000 links to one file: a fresh copy every 50,000.
        source = photo if i < 50000 else f"{photo}.{i // 50000}"
        if not os.path.exists(source):
            shutil.copyfile(photo, source)
        os.link(source, os.path.join(folder, "front.jpg"))
        with open(os.path.join(folder, "entry.json"), "w") as f:
            if memo_chars:
                extra = ('"memo": "%s", "friends": ["지민", "수아"], "director": "봉준호"'
                         % memo_text(i, memo_chars))
            else:
                extra = '"memo": "메모 %d"' % i
            f.write('{"title": "영화 %d", "date": "%s", "rating": %.1f, "kind": "movie", '
                    '%s, "front": {"photo": "front.jpg"}}' % (i, date.isoformat(), (i % 11) / 2, extra))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1000,10000,20000,50000,100000")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="days", help="the kinds rendered, as render's --only")
    ap.add_argument("--memo-chars", type=int, default=0,
                    help="give each entry a memo of this many Korean characters, two friends and a director "
                         "(0: the short memo of the tables in docs/PERFORMANCE.md)")
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "photicase-render"))
    ap.add_argument("--baseline", help="another build whose unchanged reruns alternate with this one's")
    args = ap.parse_args()
    if not os.access(args.bin, os.X_OK):
        sys.exit(f"bench-scale: build first (swift build -c release): {args.bin}")
    work = tempfile.mkdtemp(prefix="pr-scale-")
    rows, side = [], []
    try:
        photo = os.path.join(work, "photo.jpg")
        make_photo(photo)
        for size in [int(s) for s in args.sizes.split(",")]:
            book, cache = os.path.join(work, f"book-{size}"), os.path.join(work, f"cache-{size}")
            t0 = time.perf_counter()
            make_book(book, size, photo, args.memo_chars)
            gen = time.perf_counter() - t0
            # A real book's entries were written before the cron job runs;
            # an entry.json changed in the last two seconds is not stamped
            # (it could change again within the same clock tick), so the
            # first render would leave no mark for the reruns to use.
            time.sleep(2.5)
            cmd = [args.bin, "render", book, "--cache", cache, "--only", args.only, "--jobs", str(args.jobs),
                   "--progress", "none", "--today", "2025-12-31"]
            first, first_rss = run(cmd)
            reruns = [run(cmd) for _ in range(args.repeats)]
            wall = statistics.median(r[0] for r in reruns)
            rss = statistics.median(r[1] for r in reruns)
            index = sum(os.path.getsize(os.path.join(cache, n)) for n in os.listdir(cache) if n.startswith("index"))
            phases = last_phases(cache)
            if args.baseline:
                # The baseline on a copy of the cache: a build's mark names
                # the build, so two builds of the check on one cache would
                # take each other's mark away and both load. Its first run
                # there leaves its own mark (or, for a build without the
                # check, is simply its first). Then alternating, so a busy
                # machine slows both alike.
                base_cache = cache + "-baseline"
                shutil.copytree(cache, base_cache, symlinks=True)
                base_cmd = [args.baseline] + cmd[1:]
                base_cmd[base_cmd.index("--cache") + 1] = base_cache
                run(base_cmd)
                pairs = [(run(base_cmd), run(cmd)) for _ in range(args.repeats)]
                shutil.rmtree(base_cache)
                side.append((size, statistics.median(b[0] for b, _ in pairs), statistics.median(b[1] for b, _ in pairs),
                             statistics.median(n[0] for _, n in pairs), statistics.median(n[1] for _, n in pairs)))
            # One entry edited: the rerun loads the book to find what the
            # change touches (the unchanged-book check fails at that entry).
            edited = os.path.join(book, str(datetime.date(2006, 1, 1).year), f"{0:06d}", "entry.json")
            with open(edited, encoding="utf-8") as f:
                text = f.read()
            with open(edited, "w", encoding="utf-8") as f:
                f.write(text.replace('"title": "영화 0"', '"title": "영화 영"'))
            changed, changed_rss = run(cmd)
            rows.append((size, first, wall, rss, index / 1e6, phases, changed, changed_rss))
            print(f"{size} entries: generated in {gen:.1f} s, first render {first:.1f} s, "
                  f"rerun {wall:.2f} s, {rss:.0f} MiB, index {index / 1e6:.1f} MB, "
                  f"one entry changed {changed:.2f} s, {changed_rss:.0f} MiB", file=sys.stderr)
            shutil.rmtree(book)
            shutil.rmtree(cache)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"| entries | first render (`--only {args.only}`) | unchanged rerun | peak RSS | µs per entry | index size "
          "| rerun, one entry changed | its peak RSS |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size, first, wall, rss, index, _, changed, changed_rss in rows:
        print(f"| {size:,} | {first:.1f} s | {wall:.2f} s | {rss:.0f} MiB | {wall / size * 1e6:.0f} | {index:.1f} MB "
              f"| {changed:.2f} s | {changed_rss:.0f} MiB |")
    # Where the last rerun of each size spent its time, from render.log.
    names = [name for name, _, _ in rows[0][5]] if rows and rows[0][5] else []
    if names:
        print()
        print("| entries | " + " | ".join(names) + " |")
        print("|---:|" + "---:|" * len(names))
        for size, _, _, _, _, phases, _, _ in rows:
            print(f"| {size:,} | " + " | ".join(f"{sec:.3f} s, {mib} MiB" for _, sec, mib in phases) + " |")
    print_side_by_side(side, args.baseline or "")


def print_side_by_side(side, baseline):
    if not side:
        return
    print()
    print(f"| entries | baseline ({os.path.basename(baseline)}) | its peak RSS | this build | its peak RSS | speed-up |")
    print("|---:|---:|---:|---:|---:|---:|")
    for size, bw, brss, nw, nrss in side:
        print(f"| {size:,} | {bw:.2f} s | {brss:.0f} MiB | {nw:.2f} s | {nrss:.0f} MiB | {bw / nw:.1f}x |")


def last_phases(cache):
    """The phases of the last run in `cache`'s render.log: (name, seconds,
    peak MiB so far) from its `run phases discover=0.057s/36MiB ...` line."""
    try:
        with open(os.path.join(cache, "render.log"), encoding="utf-8") as f:
            lines = [line for line in f if " run phases " in line]
    except OSError:
        return []
    if not lines:
        return []
    out = []
    for field in lines[-1].split(" run phases ", 1)[1].split():
        name, value = field.split("=", 1)
        sec, mib = value.split("/")
        out.append((name, float(sec.rstrip("s")), int(mib.rstrip("MiB"))))
    return out


if __name__ == "__main__":
    main()
