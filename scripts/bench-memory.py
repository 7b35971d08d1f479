#!/usr/bin/env python3
"""Peak memory of `render` on huge progressive JPEGs, with and without the
decode budget, measured in one run (release build).

Usage: python3 scripts/bench-memory.py [--megapixels 100] [--entries 4] [--jobs 4]

Makes ENTRIES entries whose front photos are MEGAPIXELS progressive JPEGs
(a progressive file makes libjpeg hold every DCT coefficient of the whole
image, whatever the output scale), then renders tickets with --jobs N under
the default 1 GiB budget and under a budget large enough not to matter, and
prints each run's peak RSS (GNU time's %M) and wall time. Also runs
vipsthumbnail and ImageMagick on one of the files for comparison.
Needs: Pillow, /usr/bin/time, libvips-tools and imagemagick for the peers.
"""
import argparse
import os
import shutil
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def peak(cmd):
    """(peak RSS in MiB, seconds, exit status) of `cmd`."""
    start = time.monotonic()
    r = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    kib = int(r.stderr.strip().splitlines()[-1])
    return kib / 1024, seconds, r.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--megapixels", type=int, default=100)
    ap.add_argument("--entries", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=4)
    args = ap.parse_args()
    from PIL import Image

    subprocess.run(["swift", "build", "-c", "release", "--product", "photicase-render"], cwd=ROOT, check=True)
    binary = os.path.join(ROOT, ".build", "release", "photicase-render")
    work = tempfile.mkdtemp(prefix="pr-mem-")
    try:
        side = int((args.megapixels * 1_000_000) ** 0.5)
        # A smooth gradient compresses small but decodes like any photo.
        gradient = Image.linear_gradient("L").resize((side, side))
        photo = Image.merge("RGB", (gradient, gradient.rotate(90), gradient.rotate(180)))
        first = None
        for i in range(args.entries):
            folder = os.path.join(work, "book", f"e{i}")
            os.makedirs(folder)
            path = os.path.join(folder, "front.jpg")
            if first is None:
                photo.save(path, quality=85, progressive=True)
                first = path
            else:
                shutil.copy(first, path)
            with open(os.path.join(folder, "entry.json"), "w") as f:
                f.write('{"title": "big %d", "date": "2022-08-%02d", "rating": 4, "front": {"photo": "front.jpg"}}'
                        % (i, 10 + i))
        size = os.path.getsize(first)
        print(f"{args.entries} entries, {side}x{side} progressive JPEG ({size / 1e6:.1f} MB each), --jobs {args.jobs}")
        print("| run | peak RSS (MiB) | seconds | exit |")
        print("|---|---:|---:|---:|")
        for label, extra in [("budget 1 GiB (default)", []), ("budget 64 GiB (no limit in effect)", ["--memory-limit", "64G"])]:
            cache = os.path.join(work, "cache-" + str(len(extra)))
            mib, secs, status = peak([binary, "render", os.path.join(work, "book"), "--cache", cache, "--only", "tickets",
                                      "--jobs", str(args.jobs), "--progress", "none"] + extra)
            print(f"| photicase-render, {label} | {mib:.0f} | {secs:.1f} | {status} |")
        if shutil.which("vipsthumbnail"):
            mib, secs, status = peak(["vipsthumbnail", first, "--size", "600", "-o", os.path.join(work, "v.jpg")])
            print(f"| vipsthumbnail, one file | {mib:.0f} | {secs:.1f} | {status} |")
        if shutil.which("convert"):
            mib, secs, status = peak(["convert", first, "-thumbnail", "600x600", os.path.join(work, "m.jpg")])
            print(f"| ImageMagick convert -thumbnail, one file | {mib:.0f} | {secs:.1f} | {status} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
