#!/usr/bin/env python3
"""What the browsable site adds to a render.

Usage: python3 scripts/bench-site.py [--entries 1000] [--jobs 2] [--book DIR]

Makes ENTRIES photo-less entries over three years (or renders --book DIR),
renders everything but the site, then measures, into the same cache:
a run that changes nothing without the site, the first run with the site
(every page written, every image skipped), a run with the site that
changes nothing (no page written), and one after a memo edit. Prints
seconds (medians of three for the no-change runs) and what each wrote.
Release build.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd):
    start = time.monotonic()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    seconds = time.monotonic() - start
    done = [json.loads(line) for line in out.stderr.splitlines() if line.startswith("{")][-1]
    return seconds, done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--book")
    args = ap.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "photicase-render"], cwd=ROOT, check=True,
                   capture_output=True)
    binary = os.path.join(ROOT, ".build", "release", "photicase-render")
    work = tempfile.mkdtemp(prefix="pr-site-")
    try:
        book = args.book
        if not book:
            book = os.path.join(work, "book")
            for i in range(args.entries):
                folder = os.path.join(book, f"e{i:04d}")
                os.makedirs(folder)
                with open(os.path.join(folder, "entry.json"), "w") as f:
                    json.dump({"title": f"영화 {i}", "date": "%04d-%02d-%02d" % (2020 + i % 3, 1 + i % 12, 1 + i % 28),
                               "rating": (i % 11) / 2, "memo": f"메모 {i}\n둘째 줄", "friends": ["민수"]}, f,
                              ensure_ascii=False)
        cache = os.path.join(work, "cache")
        common = [binary, "render", book, "--cache", cache, "--jobs", str(args.jobs), "--progress", "json",
                  "--today", "2022-12-31"]
        images = "tickets,days,months,books,years"
        full, _ = run(common + ["--only", images])
        still = statistics.median(run(common + ["--only", images])[0] for _ in range(3))
        first, wrote = run(common)
        pages = wrote["rendered"]
        again = [run(common) for _ in range(3)]
        rerun = statistics.median(s for s, _ in again)
        if not args.book:
            with open(os.path.join(book, "e0500", "entry.json"), "r+") as f:
                entry = json.load(f)
                entry["memo"] = "바뀐 메모\n둘째 줄"
                f.seek(0)
                f.truncate()
                json.dump(entry, f, ensure_ascii=False)
            memo, after = run(common)
        print(f"{'photo-less ' + str(args.entries) if not args.book else args.book} entries, --jobs {args.jobs}, release build")
        print("| run | seconds | written |")
        print("|---|---:|---:|")
        print(f"| everything but the site, fresh cache | {full:.2f} | |")
        print(f"| the same again, nothing changed | {still:.2f} | 0 |")
        print(f"| with the site, first time | {first:.2f} | {pages} pages |")
        print(f"| with the site, nothing changed | {rerun:.2f} | {again[0][1]['rendered']} |")
        if not args.book:
            print(f"| with the site, one memo edited | {memo:.2f} | {after['rendered']} (ticket, list image, 2 pages) |")
        print(f"| site pages on disk | | {sum(len(f) for _, _, f in os.walk(os.path.join(cache, 'site'))) + 1} |")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
