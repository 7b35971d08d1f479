#!/usr/bin/env python3
"""What the ticket book's pages and the years add to a full render.

Usage: python3 scripts/bench-book.py [--entries 1000] [--jobs 2]

Makes ENTRIES entries whose front photos are the corpus's 12-megapixel
camera JPEG (../shared/corpus/photos), renders tickets, days and months,
then, into the same cache, the book's pages and the years (which decode
the cached front faces, never the photos), and prints both times and the
ratio. Release build; each step measured once, fresh cache.
"""
import argparse
import os
import shutil
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHOTO = os.path.join(ROOT, "..", "shared", "corpus", "photos", "image-rs_scaledown_test_4032x3024.jpg")


def timed(cmd):
    start = time.monotonic()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.monotonic() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if not os.path.exists(PHOTO):
        print("skipping: ../shared/corpus/photos is not there")
        return
    subprocess.run(["swift", "build", "-c", "release", "--product", "photicase-render"], cwd=ROOT, check=True,
                   capture_output=True)
    binary = os.path.join(ROOT, ".build", "release", "photicase-render")
    work = tempfile.mkdtemp(prefix="pr-book-")
    try:
        for i in range(args.entries):
            folder = os.path.join(work, "book", f"e{i:04d}")
            os.makedirs(folder)
            shutil.copy(PHOTO, os.path.join(folder, "front.jpg"))
            with open(os.path.join(folder, "entry.json"), "w") as f:
                f.write('{"title": "영화 %d", "date": "%04d-%02d-%02d", "rating": %.1f, "memo": "메모 %d", '
                        '"front": {"photo": "front.jpg"}}' % (i, 2020 + i % 3, 1 + i % 12, 1 + i % 28, (i % 11) / 2, i))
        cache = os.path.join(work, "cache")
        common = [binary, "render", os.path.join(work, "book"), "--cache", cache, "--jobs", str(args.jobs),
                  "--progress", "none", "--today", "2022-12-31"]
        base = timed(common + ["--only", "tickets,days,months"])
        book = timed(common + ["--only", "books,years"])
        pages = len(os.listdir(os.path.join(cache, "books"))) + len(os.listdir(os.path.join(cache, "years")))
        print(f"{args.entries} entries (12 MP JPEG fronts), --jobs {args.jobs}, release build")
        print("| step | seconds |")
        print("|---|---:|")
        print(f"| tickets, days, months | {base:.1f} |")
        print(f"| books and years ({pages} images) on top | {book:.1f} |")
        print(f"| added by the book | {100 * book / base:.1f}% |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
