#!/usr/bin/env python3
"""Benchmark: `photicase-render convert --max-size 256` against
`vipsthumbnail -s 256` on the same photo, in the same run.

Usage: scripts/bench-convert.py [PHOTO] [--runs N]
Default PHOTO: ../shared/corpus/photos/image-rs_scaledown_test_4032x3024.jpg
Prints wall time per image (median of N runs), the ratio, and each
tool's peak resident memory (from wait4, per process). Build first:
`swift build -c release`.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def measure(cmd, runs):
    """Median wall seconds and max peak RSS (MiB) over `runs` runs."""
    walls, peaks = [], []
    for _ in range(runs + 1):  # the first run warms the page cache
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        err = proc.stderr.read().decode()
        proc.stderr.close()
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"bench: {' '.join(cmd)} failed: {err}")
        walls.append(wall)
        peaks.append(usage.ru_maxrss / 1024)
    return statistics.median(walls[1:]), max(peaks[1:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("photo", nargs="?",
                    default=os.path.join(ROOT, "..", "shared", "corpus", "photos",
                                         "image-rs_scaledown_test_4032x3024.jpg"))
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.strip() + "/photicase-render"
    if not os.path.exists(binary):
        sys.exit("bench: build first with `swift build -c release`")
    with tempfile.TemporaryDirectory() as tmp:
        ours = measure([binary, "convert", args.photo, f"{tmp}/ours.jpg", "--max-size", "256"], args.runs)
        vips = measure(["vipsthumbnail", args.photo, "-s", "256", "-o", f"{tmp}/vips.jpg"], args.runs)
    print(f"photo: {os.path.basename(args.photo)}, {args.runs} runs each, median wall time, peak RSS")
    print(f"{'tool':<34}{'ms/image':>10}{'peak MiB':>10}")
    print(f"{'photicase-render convert':<34}{ours[0]*1000:>10.1f}{ours[1]:>10.1f}")
    print(f"{'vipsthumbnail -s 256':<34}{vips[0]*1000:>10.1f}{vips[1]:>10.1f}")
    print(f"speed ratio (vipsthumbnail time / ours): {vips[0]/ours[0]:.2f}x")
    print(f"memory ratio (ours / vipsthumbnail): {ours[1]/vips[1]:.2f}")


main()
