#!/usr/bin/env python3
"""Which format for ticket images: size and PSNR against the lossless render.

Usage: python3 scripts/bench-formats.py [--scale 2] [--photos DIR]

Renders a small book whose photos are real camera photos from
../shared/corpus/photos (front and back; `--photos` takes the JPEG, PNG,
WebP and HEIC files of another folder, for an outside check on other
photos), as lossless PNG, then re-encodes
every ticket image with photicase-render's own encoders (`convert`) as WebP
and JPEG at several qualities, and prints per format the mean size of an
entry's three images, the worst PSNR over opaque pixels against the PNG,
and the encode time. Needs Pillow and numpy.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHOTOS = os.path.join(ROOT, "..", "shared", "corpus", "photos")


def psnr_opaque(reference, candidate):
    a = np.asarray(Image.open(reference).convert("RGBA"), dtype=np.float64)
    b = np.asarray(Image.open(candidate).convert("RGBA"), dtype=np.float64)
    mask = a[:, :, 3] == 255
    diff = (a[:, :, :3] - b[:, :, :3])[mask]
    mse = float(np.mean(diff ** 2)) if diff.size else 0.0
    return 99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", default="2")
    ap.add_argument("--photos", help="a folder of other photos to use (default: the corpus's JPEG photos)")
    args = ap.parse_args()
    if args.photos:
        photos = sorted(p for p in glob.glob(os.path.join(args.photos, "*"))
                        if os.path.splitext(p)[1].lower() in (".jpg", ".jpeg", ".png", ".webp", ".heic"))
        if not photos:
            sys.exit(f"bench-formats: no JPEG, PNG, WebP or HEIC file in {args.photos}")
    else:
        photos = sorted(p for p in glob.glob(os.path.join(PHOTOS, "*.jpg")))
    if not photos:
        print("skipping: ../shared/corpus/photos is not there")
        return
    subprocess.run(["swift", "build", "-c", "release", "--product", "photicase-render"], cwd=ROOT, check=True,
                   capture_output=True)
    binary = os.path.join(ROOT, ".build", "release", "photicase-render")
    work = tempfile.mkdtemp(prefix="pr-formats-")
    try:
        for i, photo in enumerate(photos):
            folder = os.path.join(work, "book", f"e{i}")
            os.makedirs(folder)
            back = photos[(i + 1) % len(photos)]
            front_name = "front" + os.path.splitext(photo)[1].lower()
            back_name = "back" + os.path.splitext(back)[1].lower()
            shutil.copy(photo, os.path.join(folder, front_name))
            shutil.copy(back, os.path.join(folder, back_name))
            with open(os.path.join(folder, "entry.json"), "w") as f:
                f.write('{"title": "헤어질 결심 %d", "date": "2022-08-%02d", "rating": 4.5, "director": "박찬욱", '
                        '"friends": ["민수"], "memo": "산에서 만나요. 파도가 높았다.", '
                        '"front": {"photo": "%s"}, "back": {"photo": "%s"}}' % (i, 10 + i, front_name, back_name))
        cache = os.path.join(work, "cache")
        subprocess.run([binary, "render", os.path.join(work, "book"), "--cache", cache, "--only", "tickets",
                        "--format", "png", "--scale", args.scale, "--progress", "none"], check=True, capture_output=True)
        pngs = sorted(glob.glob(os.path.join(cache, "tickets", "*", "*.png")))
        entries = len(photos)
        source = args.photos or "corpus"
        print(f"{entries} entries with {source} photos front and back, scale {args.scale}")
        print("| format | KB per entry (3 images) | worst PSNR over opaque pixels (dB) | encode ms per image |")
        print("|---|---:|---:|---:|")
        total = sum(os.path.getsize(p) for p in pngs)
        print(f"| PNG (zlib 1, as rendered) | {total / entries / 1000:.0f} | lossless | - |")
        def rendered(name, extra):
            """Renders the tickets as WebP with `extra` options; their size
            per entry and worst PSNR against the same lossless render."""
            webp_cache = os.path.join(work, "cache-" + name)
            subprocess.run([binary, "render", os.path.join(work, "book"), "--cache", webp_cache, "--only", "tickets",
                            "--scale", args.scale, "--progress", "none"] + extra, check=True, capture_output=True)
            size, worst = 0, 99.0
            for png in pngs:
                out = os.path.join(webp_cache, os.path.relpath(png, cache))[:-4] + ".webp"
                size += os.path.getsize(out)
                worst = min(worst, psnr_opaque(png, out))
            return size / entries / 1000, worst

        # The default, as `render` writes it (method 1; front q93, back
        # q92, share image q89), against the same lossless render.
        kb, worst = rendered("webp", [])
        print(f"| **WebP as rendered (default: method 1; front q93, back q92, share q89)** | **{kb:.0f}** | **{worst:.1f}** | - |")
        # `render --quality Q`: one quality for all three images (method 1),
        # the user's trade of size and speed against the 40 dB default.
        for quality in (85, 80, 75):
            kb, worst = rendered(f"q{quality}", ["--quality", str(quality)])
            print(f"| WebP as rendered with `--quality {quality}` (method 1) | {kb:.0f} | {worst:.1f} | - |")
        for ext, quality, extra in [("webp", 85, []), ("webp", 90, []), ("webp", 92, []), ("webp", 95, []), ("jpg", 90, []),
                                    ("jpg", 90, ["--chroma", "444"]), ("jpg", 95, ["--chroma", "444"])]:
            size, worst, seconds = 0, 99.0, 0.0
            per_kind = {}
            for png in pngs:
                out = png[:-4] + f".q{quality}{''.join(extra)}.{ext}"
                start = time.monotonic()
                subprocess.run([binary, "convert", png, out, "--quality", str(quality)] + extra, check=True)
                seconds += time.monotonic() - start
                size += os.path.getsize(out)
                value = psnr_opaque(png, out)
                worst = min(worst, value)
                kind = os.path.basename(png)[:-4]
                low, kb = per_kind.get(kind, (99.0, 0))
                per_kind[kind] = (min(low, value), kb + os.path.getsize(out) / 1000 / entries)
            chroma = "4:4:4" if "444" in extra else "4:2:0"
            name = "WebP method 3 (alpha lossless)" if ext == "webp" else f"JPEG {chroma} (alpha flattened)"
            print(f"| {name} q{quality} | {size / entries / 1000:.0f} | {worst:.1f} | {seconds / len(pngs) * 1000:.0f} |")
            print("|   " + ", ".join(f"{k}: {kb:.0f} KB, {low:.1f} dB" for k, (low, kb) in sorted(per_kind.items())) + " | | | |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
