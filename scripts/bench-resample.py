#!/usr/bin/env python3
"""The resize against the fastest a user could pick instead, in one run.

Usage: python3 scripts/bench-resample.py [--iterations 10] [--rounds 3]
                                         [--pillow-simd VENV] [--make-venv]
                                         [--bin PATH]

One 4032x3024 photo stand-in (smooth gradients, hard edges and noise,
made here with numpy; the same pixels for everyone) resized to 1080x810
with Lanczos-3 on one thread, in-process, best of `--iterations` a round,
rounds alternating between the tools:

- ours: `resample-bench --raw` (release build), the fixed-point resize on
  the CPU's widest path, then its SSE2 and scalar paths and the float
  reference, and the automatic split over the cores;
- pillow-simd (Pillow's AVX2 fork) in its own venv, RGB and RGBA;
- Pillow, the system's, RGB and RGBA.

pillow-simd is not on Debian: `--make-venv` makes its venv (default
.bench/pillow-simd) with `CC="cc -mavx2" pip install --no-binary
pillow-simd pillow-simd`, which needs PyPI once; after that the script
runs offline. Without the venv, pillow-simd's rows are left out and the
script says so. Prints a Markdown table with each time and its ratio to
pillow-simd's best (RGB or RGBA, whichever is faster), and the CPU's name.
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from bench import PILLOW_SIMD_VENV, cpu_name, pillow_simd_python  # noqa: E402
SOURCE = (4032, 3024)
TARGET = (1080, 810)

# Times Pillow's (or pillow-simd's) resize of the raw pixels: "best mean" ms.
PILLOW_TIMER = r"""
import sys, time
from PIL import Image
path, w, h, tw, th, mode, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], int(sys.argv[7])
im = Image.frombytes("RGBA", (w, h), open(path, "rb").read())
if mode == "RGB":
    im = im.convert("RGB")
im.load()
im.resize((tw, th), Image.LANCZOS)  # warm-up
times = []
for _ in range(n):
    t0 = time.perf_counter()
    im.resize((tw, th), Image.LANCZOS)
    times.append((time.perf_counter() - t0) * 1000)
print(min(times), sum(times) / len(times))
"""


def make_photo(path):
    """The photo stand-in, RGBA bytes, opaque."""
    import numpy as np
    w, h = SOURCE
    y, x = np.mgrid[0:h, 0:w]
    rng = np.random.default_rng(12)
    noise = rng.integers(-16, 16, size=(h, w))
    steps = (((x // 97) + (y // 61)) % 2) * 60
    r = np.clip(x * 255 // w + noise + steps, 0, 255)
    g = np.clip(y * 255 // h + noise, 0, 255)
    b = np.clip((x + y) * 255 // (w + h) - noise, 0, 255)
    a = np.full((h, w), 255)
    pixels = np.stack([r, g, b, a], axis=-1).astype(np.uint8)
    with open(path, "wb") as f:
        f.write(pixels.tobytes())


def timed(cmd):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.split()
    return float(out[0]), float(out[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iterations", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--pillow-simd", default=PILLOW_SIMD_VENV)
    ap.add_argument("--make-venv", action="store_true")
    ap.add_argument("--bin", default=None, help="resample-bench (default: the release build's)")
    args = ap.parse_args()

    bench = args.bin
    if bench is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "resample-bench"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
        bench = os.path.join(path, "resample-bench")
    simd_python, why_not = pillow_simd_python(args.pillow_simd, make=args.make_venv)
    if why_not:
        print(f"bench-resample: {why_not}: pillow-simd's rows are left out", file=sys.stderr)

    with tempfile.TemporaryDirectory() as work:
        raw = os.path.join(work, "photo.rgba")
        make_photo(raw)
        w, h = SOURCE
        tw, th = TARGET
        n = str(args.iterations)
        ours = [f"--raw", raw, f"{w}x{h}", "--to", f"{tw}x{th}", "--iterations", n]
        tools = {
            "ours, fixed point, 1 thread": [bench] + ours,
            "ours, SSE2 path, 1 thread": [bench] + ours + ["--arithmetic", "sse2"],
            "ours, scalar path, 1 thread": [bench] + ours + ["--arithmetic", "scalar"],
            "ours, float reference, 1 thread": [bench] + ours + ["--arithmetic", "float"],
            "ours, fixed point, automatic threads": [bench] + ours + ["--threads", "auto"],
        }
        pillow_args = [raw, str(w), str(h), str(tw), str(th)]
        if simd_python:
            for mode in ("RGB", "RGBA"):
                tools[f"pillow-simd {mode}"] = [simd_python, "-c", PILLOW_TIMER] + pillow_args + [mode, n]
        for mode in ("RGB", "RGBA"):
            tools[f"Pillow {mode}"] = [sys.executable, "-c", PILLOW_TIMER] + pillow_args + [mode, n]
        best = {name: (float("inf"), 0.0) for name in tools}
        for _ in range(args.rounds):
            for name, cmd in tools.items():
                b, m = timed(cmd)
                if b < best[name][0]:
                    best[name] = (b, m)

    print(f"Resize 4032x3024 -> 1080x810, Lanczos-3, in-process; best of {args.rounds} rounds of "
          f"{args.iterations} ({cpu_name()}, {os.cpu_count()} cores)\n")
    peer = min((best[k][0] for k in best if k.startswith("pillow-simd")), default=None)
    print("| tool | best ms | mean ms (its best round) | against pillow-simd's best |")
    print("|---|---:|---:|---:|")
    for name, (b, m) in best.items():
        ratio = f"{b / peer:.2f}x" if peer else "-"
        print(f"| {name} | {b:.1f} | {m:.1f} | {ratio} |")
    single = best["ours, fixed point, 1 thread"][0]
    auto = best["ours, fixed point, automatic threads"][0]
    print(f"\nautomatic threads: {single / auto:.2f}x one thread")
    if peer:
        print(f"ours against pillow-simd's best: {single / peer:.2f}x (target at most 1.0x, goal 0.8x)")


if __name__ == "__main__":
    main()
