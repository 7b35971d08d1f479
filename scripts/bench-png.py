#!/usr/bin/env python3
"""PNG through igzip, libdeflate or zlib: the `--format png` ticket run three ways.

Usage: python3 scripts/bench-png.py [--entries 6] [--repeats 5] [--jobs 1]

Makes ENTRIES entries whose front photo is a 12 MP JPEG (the corpus's
4032x3024 photo, or `fixture-maker --photo 4032 3024 0.3` without the
corpus) and whose back photo is a 2000x1500 JPEG made from it, then runs
`render --format png --only tickets,months --force --jobs N` (level 1)
with the default writer (Paeth rows deflated by ISA-L's igzip), with
PHOTICASE_PNG_LIBDEFLATE=1 (the same rows through libdeflate, level 1's
writer before igzip) and with PHOTICASE_PNG_ZLIB=1 (libpng and zlib, the
first writer), alternating so a busy machine slows all alike. Prints
medians of wall and CPU time (user + system), the bytes written per entry,
and checks that every cache holds the same pixels (Pillow). Then the
encode alone of a share card (a 1360x1072 PNG) in-process, with each
writer, igzip's rows filtered by the SSE2 code (PHOTICASE_PNG_SSE2=1) and
with AVX2, on one thread and on every core (`serve-floor`'s encodes, best
of 9).
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


def card_encodes(work, env_for):
    """The encode alone of a share card (serve-floor's encode_s: a 64x64
    photo's card, 1360x1072), with each writer, at level 1 and 3."""
    import json
    from PIL import Image
    subprocess.run(["swift", "build", "-c", "release", "--product", "serve-floor"], cwd=os.path.dirname(ROOT),
                   check=True, stdout=subprocess.DEVNULL)
    floor = os.path.join(os.path.dirname(ROOT), ".build", "release", "serve-floor")
    folder = os.path.join(work, "card")
    os.makedirs(folder)
    Image.effect_noise((64, 64), 40).convert("RGB").save(os.path.join(folder, "front.jpg"), quality=90)
    with open(os.path.join(folder, "entry.json"), "w", encoding="utf-8") as f:
        f.write('{"title": "헤어질 결심", "date": "2022-08-01", "rating": 4, "front": {"photo": "front.jpg"}}')
    print()
    print("A share card's encode alone (1360x1072, in-process, best of 9):")
    print()
    print("| PNG writer | ms | bytes |")
    print("|---|---:|---:|")
    sse2 = dict(env_for("igzip"), PHOTICASE_PNG_SSE2="1")
    for env, label, key in [(env_for("libdeflate"), "libdeflate level 1", "encode_s"),
                            (sse2, "igzip level 1, rows filtered by the SSE2 code", "encode_s"),
                            (env_for("igzip"), "igzip level 1, rows filtered with AVX2 (`serve`)", "encode_s"),
                            (env_for("igzip"), "igzip level 1, AVX2, its segments on every core (`share`)",
                             "encode_all_cores_s")]:
        out = subprocess.run([floor, folder, "card", "png", "--repeats", "9"], env=env, check=True,
                             capture_output=True, text=True).stdout
        figures = json.loads(out)
        print(f"| {label} | {figures[key] * 1000:.1f} | {figures['bytes']:,} |")


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
        switches = {"igzip": None, "libdeflate": "PHOTICASE_PNG_LIBDEFLATE", "zlib": "PHOTICASE_PNG_ZLIB"}
        runs = {name: [] for name in switches}
        caches = {name: os.path.join(work, f"cache-{name}") for name in runs}

        def env_for(name):
            env = dict(os.environ)
            for switch in switches.values():
                if switch:
                    env.pop(switch, None)
            if switches[name]:
                env[switches[name]] = "1"
            return env

        for _ in range(args.repeats):
            for name in runs:
                cmd = [ours, "render", book, "--cache", caches[name], "--format", "png", "--only", "tickets,months",
                       "--force", "--jobs", str(args.jobs), "--progress", "none"]
                runs[name].append(decode_bench.run(cmd, env=env_for(name)))
        images = same_pixels(caches["zlib"], caches["igzip"])
        same_pixels(caches["libdeflate"], caches["igzip"])
        print(f"{args.entries} entries ({source} front, 2000x1500 back), `render --format png --only tickets,months "
              f"--force --jobs {args.jobs}`, medians of {args.repeats}; {images} images, the same pixels every way:")
        print()
        print("| PNG writer, level 1 | wall s | CPU s | KB per entry |")
        print("|---|---:|---:|---:|")
        medians = {}
        for name, label in [("zlib", "libpng + zlib (PHOTICASE_PNG_ZLIB=1)"),
                            ("libdeflate", "Paeth rows + libdeflate (PHOTICASE_PNG_LIBDEFLATE=1)"),
                            ("igzip", "Paeth rows + igzip (default)")]:
            wall = statistics.median(r[0] for r in runs[name])
            cpu = statistics.median(r[1] for r in runs[name])
            medians[name] = (wall, cpu)
            kb = png_bytes(caches[name]) / 1024 / args.entries
            print(f"| {label} | {wall:.2f} | {cpu:.2f} | {kb:.0f} |")
        print()
        for name in ("zlib", "libdeflate"):
            print(f"igzip over {name}: {medians[name][0] / medians['igzip'][0]:.2f}x faster (wall), "
                  f"{medians[name][1] / medians['igzip'][1]:.2f}x (CPU)")
        card_encodes(work, env_for)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
