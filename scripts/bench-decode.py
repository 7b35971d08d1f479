#!/usr/bin/env python3
"""Decoding each photo once per run: tickets and days of a HEIC book with
the shared decoded-photo cache and without it (release build).

Usage: python3 scripts/bench-decode.py [--entries 12] [--repeats 3] [--jobs 2]

Makes ENTRIES entries on as many days whose front photos are 12 MP HEICs
(`heif-enc -q 80 -t 320`, as phones write them, from the corpus's
4032x3024 JPEG, or from `fixture-maker --photo 4032 3024 0.3` without the
corpus), then runs `render --only tickets,days --jobs N --force` with the
cache and with PHOTICASE_DECODE_CACHE=0 (the benchmark switch that turns it
off), alternating so a busy machine slows both alike, and prints medians of
wall time, CPU time (user + system) and peak RSS, and the ratio. Also times
`djpeg` on the JPEG at 1/2, 1/8 and full scale: why a JPEG keeps its two
scaled decodes. Needs heif-enc (libheif-examples) and djpeg.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS_PHOTO = os.path.join(ROOT, "..", "shared", "corpus", "photos", "image-rs_scaledown_test_4032x3024.jpg")


def run(cmd, env=None):
    """(wall s, CPU s, peak RSS MiB) of `cmd`, which must succeed."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if status != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {err}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def build(product):
    subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(ROOT, ".build", "release", product)


def source_jpeg(work):
    if os.path.exists(CORPUS_PHOTO):
        return os.path.abspath(CORPUS_PHOTO), "the corpus photo"
    path = os.path.join(work, "photo.jpg")
    subprocess.run([build("fixture-maker"), "--photo", "4032", "3024", "0.3", path], check=True,
                   stdout=subprocess.DEVNULL)
    return path, "fixture-maker --photo 4032 3024 0.3"


def make_book(work, heic, entries):
    book = os.path.join(work, "book")
    for i in range(entries):
        folder = os.path.join(book, f"e{i:02d}")
        os.makedirs(folder)
        # Hard links: one file's bytes, but each entry's own path, so the
        # cache (keyed by path) shares nothing between entries.
        os.link(heic, os.path.join(folder, "front.heic"))
        with open(os.path.join(folder, "entry.json"), "w") as f:
            f.write('{"title": "HEIC %d", "date": "2024-03-%02d", "rating": 4, "front": {"photo": "front.heic"}}'
                    % (i, i + 1))
    return book


def djpeg_seconds(jpeg, repeats):
    """Median CPU seconds of djpeg at each scale (one core; CPU time, not
    wall, since other load on the machine stretches wall time)."""
    out = {}
    for scale in ["1/2", "1/8", "1/1"]:
        out[scale] = statistics.median(run(["djpeg", "-scale", scale, "-outfile", "/dev/null", jpeg])[1]
                                       for _ in range(max(repeats, 9)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=12)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    ours = build("photicase-render")
    work = tempfile.mkdtemp(prefix="pr-decode-")
    try:
        jpeg, origin = source_jpeg(work)
        heic = os.path.join(work, "photo.heic")
        subprocess.run(["heif-enc", "-q", "80", "-t", "320", jpeg, "-o", heic], check=True, stdout=subprocess.DEVNULL)
        book = make_book(work, heic, args.entries)
        cmd = [ours, "render", book, "--cache", os.path.join(work, "cache"), "--only", "tickets,days",
               "--jobs", str(args.jobs), "--force", "--progress", "none"]
        shared_env = dict(os.environ)
        shared_env.pop("PHOTICASE_DECODE_CACHE", None)
        unshared_env = dict(shared_env, PHOTICASE_DECODE_CACHE="0")
        run(cmd, shared_env)  # warm-up: hashes the photos, fills the page cache
        results = {"shared": [], "unshared": []}
        for _ in range(args.repeats):
            results["unshared"].append(run(cmd, unshared_env))
            results["shared"].append(run(cmd, shared_env))
        med = {k: [statistics.median(r[i] for r in v) for i in range(3)] for k, v in results.items()}
        scales = djpeg_seconds(jpeg, args.repeats)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"{args.entries} entries, 12 MP HEIC front photos (heif-enc -q 80 -t 320 from {origin}), "
          f"`render --only tickets,days --jobs {args.jobs} --force`, medians of {args.repeats}, alternating:\n")
    print("| run | wall s | CPU s | peak RSS MiB |")
    print("|---|---:|---:|---:|")
    print("| PHOTICASE_DECODE_CACHE=0 (each photo decoded for its ticket and its day) | %.2f | %.2f | %.0f |"
          % tuple(med["unshared"]))
    print("| decoded once, shared (default) | %.2f | %.2f | %.0f |" % tuple(med["shared"]))
    print("\nshared vs. not: wall %.2fx faster, CPU %.2fx less, peak RSS %+.0f MiB"
          % (med["unshared"][0] / med["shared"][0], med["unshared"][1] / med["shared"][1],
             med["shared"][2] - med["unshared"][2]))
    half, eighth, full = scales["1/2"], scales["1/8"], scales["1/1"]
    print(f"\ndjpeg on the JPEG, CPU medians of {max(args.repeats, 9)}: 1/2 {half * 1000:.0f} ms, 1/8 {eighth * 1000:.0f} ms, "
          f"full {full * 1000:.0f} ms; 1/2 + 1/8 = {(half + eighth) / half:.2f}x one 1/2 decode, "
          f"{(half + eighth) / full:.2f}x one full decode")


if __name__ == "__main__":
    main()
