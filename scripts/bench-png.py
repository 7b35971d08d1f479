#!/usr/bin/env python3
"""PNG through zlib or libdeflate: the `--format png` ticket run both ways.

Usage: python3 scripts/bench-png.py [--entries 6] [--repeats 5] [--jobs 1]

Makes ENTRIES entries whose front photo is a 12 MP JPEG (the corpus's
4032x3024 photo, or `fixture-maker --photo 4032 3024 0.3` without the
corpus) and whose back photo is a 2000x1500 JPEG made from it, then runs
`render --format png --only tickets,months --force --jobs N` with the
default writer (levels 1-3: Paeth rows deflated by libdeflate) and with
PHOTICASE_PNG_ZLIB=1 (the benchmark switch that writes them through libpng
and zlib level 1, as before), alternating so a busy machine slows both
alike. Prints medians of wall and CPU time (user + system), the bytes
written per entry, and checks that both caches hold the same pixels
(Pillow).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, ROOT)
from importlib import import_module  # noqa: E402

decode_bench = import_module("bench-decode")  # build(), source_jpeg(), run()


def make_book(work, photo, entries):
    from PIL import Image
    back = os.path.join(work, "back.jpg")
    Image.open(photo).convert("RGB").resize((2000, 1500)).save(back, quality=90)
    book = os.path.join(work, "book")
    for i in range(entries):
        folder = os.path.join(book, f"e{i:02d}")
        os.makedirs(folder)
        shutil.copyfile(photo, os.path.join(folder, "front.jpg"))
        shutil.copyfile(back, os.path.join(folder, "back.jpg"))
        with open(os.path.join(folder, "entry.json"), "w", encoding="utf-8") as f:
            f.write('{"title": "영화 %d", "date": "2024-03-%02d", "rating": 4.5, "kind": "movie", '
                    '"memo": "두 번 봤다. 음악이 좋았다.", "front": {"photo": "front.jpg", "crop": {"frame": [300, 480], "zoomScale": 1.2, "contentOffset": [20, 30]}}, '
                    '"back": {"photo": "back.jpg"}}' % (i, i + 1))
    return book


def png_bytes(cache):
    total = 0
    for root, _, files in os.walk(cache):
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files if f.endswith(".png"))
    return total


def same_pixels(a, b):
    from PIL import Image
    count = 0
    for root, _, files in os.walk(a):
        for name in files:
            if not name.endswith(".png"):
                continue
            pa = os.path.join(root, name)
            pb = os.path.join(b, os.path.relpath(pa, a))
            ia, ib = Image.open(pa), Image.open(pb)
            if ia.mode != ib.mode or ia.size != ib.size or ia.tobytes() != ib.tobytes():
                sys.exit(f"bench-png: {os.path.relpath(pa, a)} differs between the writers")
            count += 1
    return count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=6)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    ours = decode_bench.build("photicase-render")
    work = tempfile.mkdtemp(prefix="pr-png-")
    try:
        photo, source = decode_bench.source_jpeg(work)
        book = make_book(work, photo, args.entries)
        runs = {"libdeflate": [], "zlib": []}
        caches = {name: os.path.join(work, f"cache-{name}") for name in runs}
        for _ in range(args.repeats):
            for name in runs:
                env = dict(os.environ)
                env.pop("PHOTICASE_PNG_ZLIB", None)
                if name == "zlib":
                    env["PHOTICASE_PNG_ZLIB"] = "1"
                cmd = [ours, "render", book, "--cache", caches[name], "--format", "png", "--only", "tickets,months",
                       "--force", "--jobs", str(args.jobs), "--progress", "none"]
                runs[name].append(decode_bench.run(cmd, env=env))
        images = same_pixels(caches["zlib"], caches["libdeflate"])
        print(f"{args.entries} entries ({source} front, 2000x1500 back), `render --format png --only tickets,months "
              f"--force --jobs {args.jobs}`, medians of {args.repeats}; {images} images, the same pixels both ways:")
        print()
        print("| PNG writer | wall s | CPU s | KB per entry |")
        print("|---|---:|---:|---:|")
        medians = {}
        for name, label in [("zlib", "libpng + zlib level 1 (PHOTICASE_PNG_ZLIB=1)"),
                            ("libdeflate", "Paeth rows + libdeflate level 1 (default)")]:
            wall = statistics.median(r[0] for r in runs[name])
            cpu = statistics.median(r[1] for r in runs[name])
            medians[name] = (wall, cpu)
            kb = png_bytes(caches[name]) / 1024 / args.entries
            print(f"| {label} | {wall:.2f} | {cpu:.2f} | {kb:.0f} |")
        print()
        print(f"libdeflate over zlib: {medians['zlib'][0] / medians['libdeflate'][0]:.2f}x faster (wall), "
              f"{medians['zlib'][1] / medians['libdeflate'][1]:.2f}x (CPU)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
