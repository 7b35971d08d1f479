#!/usr/bin/env python3
"""photicase-render against its peers, measured in one run on this machine.

Usage: python3 scripts/bench.py [--thumbs N] [--entries N] [--skip-book] [--out docs/PERFORMANCE.md]

1. Calendar-day thumbnails (256x256, cover crop) from N 12-megapixel
   photos in JPEG, PNG and WebP: `render --only days` against vipsthumbnail,
   ImageMagick `convert -thumbnail`, GraphicsMagick with its size hint, and
   (JPEG) the floor, libjpeg-turbo's `djpeg -scale 1/8`.
2. A full render of a generated ticket book (default 1,000 entries with
   12-megapixel JPEG photos): entries per second, --jobs scaling, the
   no-change rerun as a fraction of the full run, peak RSS.
3. Colour and HEIC (`--color-only` measures just this section and puts
   it into the existing docs/PERFORMANCE.md): day thumbnails of the same
   12 MP photo as an untagged JPEG, a Display P3 JPEG and a HEIC (heif-enc,
   with a 320-pixel thumbnail as phones write), against vipsthumbnail.
Writes the tables, the machine and the commands to docs/PERFORMANCE.md.
Needs: libvips-tools, imagemagick, graphicsmagick, libjpeg-turbo-progs,
libheif-examples.
"""
import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS_PHOTO = os.path.join(ROOT, "..", "shared", "corpus", "photos", "image-rs_scaledown_test_4032x3024.jpg")


def run(cmd, **kw):
    """Runs `cmd`; returns (wall seconds, peak RSS MiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kw)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"bench: {' '.join(cmd[:6])} ... exited {code}: {err[-400:]}")
    return wall, usage.ru_maxrss / 1024


def run_each(cmds):
    """Runs commands one after another; total wall time and max peak RSS."""
    total, peak = 0.0, 0.0
    for c in cmds:
        w, m = run(c)
        total += w
        peak = max(peak, m)
    return total, peak


def best_of(n, fn):
    results = [fn() for _ in range(n)]
    return min(r[0] for r in results), max(r[1] for r in results)


def tool_version(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True).stdout + ""
        return out.strip().splitlines()[0] if out.strip() else "?"
    except OSError:
        return "not installed"


def make_entry(folder, date, photo_src, photo_name, back_src=None, memo=""):
    os.makedirs(folder, exist_ok=True)
    dst = os.path.join(folder, photo_name)
    if not os.path.exists(dst):
        os.link(photo_src, dst)
    back = ""
    if back_src:
        b = os.path.join(folder, "back" + os.path.splitext(back_src)[1])
        if not os.path.exists(b):
            os.link(back_src, b)
        back = f', "back": {{"photo": "{os.path.basename(b)}"}}'
    with open(os.path.join(folder, "entry.json"), "w") as f:
        f.write(f'{{"title": "벤치마크 {os.path.basename(folder)}", "date": "{date}", "rating": 4.5, '
                f'"kind": "movie", "memo": "{memo}", "front": {{"photo": "{photo_name}", '
                f'"crop": {{"frame": [300, 480], "zoomScale": 1.2, "contentOffset": [20, 30]}}}}{back}}}')


def jpeg_without_icc(data):
    """The JPEG with its APP2 ICC_PROFILE segments removed."""
    out, i = bytearray(data[:2]), 2
    while i + 4 <= len(data) and data[i] == 0xFF and data[i + 1] not in (0xDA, 0xD9):
        length = int.from_bytes(data[i + 2:i + 4], "big")
        segment = data[i:i + 2 + length]
        if not (data[i + 1] == 0xE2 and segment[4:16] == b"ICC_PROFILE\0"):
            out += segment
        i += 2 + length
    return bytes(out + data[i:])


def jpeg_with_icc(data, profile):
    """The JPEG with `profile` in one APP2 segment after SOI (profiles here are small)."""
    payload = b"ICC_PROFILE\0\x01\x01" + profile
    return data[:2] + b"\xff\xe2" + (len(payload) + 2).to_bytes(2, "big") + payload + data[2:]


def days_vs_vips(ours, work, tag, src, ext, n, cores, repeats):
    """`render --only days` over n entries sharing `src`, and vipsthumbnail
    over the same files: (files, ours (s, MiB), vips (s, MiB))."""
    book = os.path.join(work, f"thumbs-{tag}")
    files = []
    for i in range(n):
        folder = os.path.join(book, f"e{i:03d}")
        make_entry(folder, date_for(i), src, f"front.{ext}")
        files.append(os.path.join(folder, f"front.{ext}"))
    cache = os.path.join(work, f"cache-{tag}")
    run([ours, "render", book, "--cache", cache, "--only", "days", "--progress", "none"])  # warm
    t_ours = best_of(repeats, lambda: run([ours, "render", book, "--cache", cache, "--only", "days", "--force",
                                           "--progress", "none", "--jobs", str(cores)]))
    out = os.path.join(work, "out")
    os.makedirs(out, exist_ok=True)
    t_vips = best_of(repeats, lambda: run(["vipsthumbnail", "-s", "256x256", "--smartcrop", "centre",
                                           "-o", os.path.join(out, "%s-vips.jpg")] + files))
    return files, t_ours, t_vips


def color_section(ours, maker, work, cores, n, jpeg_src):
    """Day thumbnails of untagged JPEG, Display P3 JPEG and HEIC photos."""
    plain = os.path.join(work, "plain.jpg")
    with open(jpeg_src, "rb") as f:
        untagged = jpeg_without_icc(f.read())
    with open(plain, "wb") as f:
        f.write(untagged)
    icc = os.path.join(work, "p3.icc")
    run([maker, "--icc", "p3", icc])
    p3 = os.path.join(work, "p3.jpg")
    with open(icc, "rb") as f, open(p3, "wb") as out:
        out.write(jpeg_with_icc(untagged, f.read()))
    heic = os.path.join(work, "photo.heic")
    run(["heif-enc", "-q", "80", "-t", "320", plain, "-o", heic])
    rows = []
    for name, src, ext in (("JPEG, untagged", plain, "jpg"), ("JPEG, Display P3", p3, "jpg"), ("HEIC", heic, "heic")):
        _, t_ours, t_vips = days_vs_vips(ours, work, f"color-{len(rows)}", src, ext, n, cores, 5)
        rows.append((name, t_ours, t_vips))
        print(f"bench: {name} thumbnails done", file=sys.stderr)
    lines = [f"## 3. Colour management and HEIC: day thumbnails, {n} photos of 12 MP\n",
             "The same 4032x3024 photo three ways: a JPEG with no profile, the same JPEG tagged Display P3 "
             "(converted to sRGB after shrink-on-load), and a HEIC made from it by `heif-enc -q 80 -t 320` "
             "(HEVC, a 320x240 thumbnail as phones write; a 256-pixel day thumbnail needs 768 pixels with "
             "the 3x headroom HEIF thumbnails get, so the full image is decoded). Commands as in section 1; best of 5.\n",
             "| source | photicase-render images/s | vipsthumbnail images/s | ours vs. vips | peak RSS MiB (ours) |",
             "|---|---:|---:|---:|---:|"]
    for name, t_ours, t_vips in rows:
        lines.append(f"| {name} | {n / t_ours[0]:.1f} | {n / t_vips[0]:.1f} | {t_vips[0] / t_ours[0]:.2f}x | {t_ours[1]:.0f} |")
    lines.append(f"\nDisplay P3 against untagged JPEG: {100 * (rows[1][1][0] / rows[0][1][0] - 1):+.1f}% time.\n")
    return lines


def date_for(i):
    # Spread over 2022: one entry per day until the year is full.
    import datetime
    return (datetime.date(2022, 1, 1) + datetime.timedelta(days=i % 365)).isoformat()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--thumbs", type=int, default=24)
    ap.add_argument("--entries", type=int, default=1000)
    ap.add_argument("--skip-book", action="store_true")
    ap.add_argument("--color-only", action="store_true")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "PERFORMANCE.md"))
    args = ap.parse_args()

    subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, capture_output=True)
    bindir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.strip()
    ours = os.path.join(bindir, "photicase-render")
    maker = os.path.join(bindir, "fixture-maker")
    magick = "/usr/bin/convert"  # the real ImageMagick, not a stand-in on PATH
    cores = os.cpu_count()
    work = tempfile.mkdtemp(prefix="photicase-bench-")
    lines = []
    if args.color_only:
        try:
            src = CORPUS_PHOTO if os.path.exists(CORPUS_PHOTO) else os.path.join(work, "src.jpg")
            if not os.path.exists(src):
                run([maker, "--photo", "4032", "3024", "0.3", src])
            section = color_section(ours, maker, work, cores, args.thumbs, src)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        with open(args.out) as f:
            text = f.read()
        start = text.find("## 3. Colour management")
        if start >= 0:
            end = text.find("\n## ", start + 1)
            text = text[:start] + (text[end + 1:] if end >= 0 else "")
        text = text.rstrip("\n") + "\n\n" + "\n".join(section) + "\n"
        with open(args.out, "w") as f:
            f.write(text)
        print("\n".join(section))
        return
    try:
        # Source photos: the corpus's 12 MP phone photo when present, else a
        # synthetic one; PNG and WebP made from it by our own convert.
        src = {}
        if os.path.exists(CORPUS_PHOTO):
            src["jpeg"] = CORPUS_PHOTO
            source_note = "the 4032x3024 phone photo from ../shared/corpus/photos"
        else:
            src["jpeg"] = os.path.join(work, "src.jpg")
            run([maker, "--photo", "4032", "3024", "0.3", src["jpeg"]])
            source_note = "a synthetic 4032x3024 scene made by fixture-maker"
        for fmt, ext in (("png", "png"), ("webp", "webp")):
            src[fmt] = os.path.join(work, f"src.{ext}")
            run([ours, "convert", src["jpeg"], src[fmt]])

        table = []
        for fmt in ("jpeg", "png", "webp"):
            ext = {"jpeg": "jpg", "png": "png", "webp": "webp"}[fmt]
            files, t_ours, t_vips = days_vs_vips(ours, work, fmt, src[fmt], ext, args.thumbs, cores, 3)
            out = os.path.join(work, "out")
            hint_im = ["-define", "jpeg:size=512x512"] if fmt == "jpeg" else []
            t_im = best_of(1, lambda: run_each([[magick] + hint_im + [f, "-thumbnail", "256x256^", "-gravity", "center",
                                                 "-extent", "256x256", os.path.join(out, "im.jpg")] for f in files]))
            hint_gm = ["-size", "512x512"] if fmt == "jpeg" else []
            t_gm = best_of(1, lambda: run_each([["gm", "convert"] + hint_gm + [f, "-thumbnail", "256x256^", "-gravity",
                                                 "center", "-extent", "256x256", os.path.join(out, "gm.jpg")] for f in files]))
            row = {"fmt": fmt, "ours": t_ours, "vips": t_vips, "im": t_im, "gm": t_gm}
            if fmt == "jpeg":
                row["floor"] = best_of(3, lambda: run_each([["djpeg", "-scale", "1/8", "-outfile", os.devnull, f]
                                                            for f in files]))
            table.append(row)
            print(f"bench: {fmt} thumbnails done", file=sys.stderr)

        n = args.thumbs
        lines.append(f"## 1. Calendar-day thumbnails, 256x256 cover crop, {n} photos of 12 MP\n")
        lines.append(f"Source: {source_note}, hard-linked into {n} entries on {n} days. "
                     f"photicase-render runs `render --only days --force --jobs {cores}` (all {cores} cores; its "
                     "incremental skipping is bypassed by --force, the photo hashes are already known); "
                     "vipsthumbnail gets all files in one invocation (libvips threads internally); ImageMagick "
                     "and GraphicsMagick run once per file, as scripts call them; the floor is `djpeg -scale 1/8` "
                     "per file on one core. Best of 3 (1 for ImageMagick and GraphicsMagick). Peak RSS is the "
                     "largest single process.\n")
        lines.append("| source | tool | images/s | ours vs. it | peak RSS MiB |")
        lines.append("|---|---|---:|---:|---:|")
        for row in table:
            ours_rate = n / row["ours"][0]
            entries = [("photicase-render", row["ours"]), ("vipsthumbnail", row["vips"]),
                       ("ImageMagick convert -thumbnail", row["im"]), ("GraphicsMagick (size hint)", row["gm"])]
            if "floor" in row:
                entries.append(("floor: djpeg -scale 1/8 (1 core)", row["floor"]))
            for name, (t, rss) in entries:
                rate = n / t
                ratio = "—" if name == "photicase-render" else f"{ours_rate / rate:.2f}x"
                lines.append(f"| {row['fmt'].upper()} | {name} | {rate:.1f} | {ratio} | {rss:.0f} |")
        lines.append("")

        if not args.skip_book:
            book = os.path.join(work, "book")
            back = os.path.join(work, "back.webp")
            run([ours, "convert", src["jpeg"], back, "--max-size", "2000"])
            for i in range(args.entries):
                make_entry(os.path.join(book, f"{i // 100:02d}", f"entry-{i:04d}"), date_for(i), src["jpeg"], "front.jpg",
                           back_src=back if i % 2 == 0 else None, memo="두 번 봐도 좋았다. " * (i % 5))
            cache = os.path.join(work, "book-cache")
            full2 = run([ours, "render", book, "--cache", cache, "--jobs", "2", "--progress", "none", "--today", "2022-06-15"])
            rerun = run([ours, "render", book, "--cache", cache, "--jobs", "2", "--progress", "none", "--today", "2022-06-15"])
            full1 = run([ours, "render", book, "--cache", cache, "--jobs", "1", "--force", "--progress", "none",
                         "--today", "2022-06-15"])
            small_book = os.path.join(work, "book-small")
            for i in range(100):
                make_entry(os.path.join(small_book, f"entry-{i:04d}"), date_for(i), src["jpeg"], "front.jpg",
                           back_src=back if i % 2 == 0 else None)
            small = run([ours, "render", small_book, "--cache", os.path.join(work, "small-cache"), "--jobs", "2",
                         "--progress", "none", "--today", "2022-06-15"])
            days = min(args.entries, 365)
            months = len({date_for(i)[:7] for i in range(args.entries)})
            lines.append(f"## 2. Full render of a generated ticket book, {args.entries} entries\n")
            lines.append(f"Each entry has a 12 MP JPEG front photo (cropped at zoom 1.2) and every other one a "
                         f"2000-pixel WebP back photo; {days} days and {months} months. Outputs per entry: front, "
                         "back and share image at scale 2 (PNG), plus day thumbnails (JPEG) and month sheets (PNG).\n")
            lines.append("| measurement | value |")
            lines.append("|---|---:|")
            lines.append(f"| full render, --jobs 2 | {full2[0]:.1f} s, {args.entries / full2[0]:.2f} entries/s |")
            lines.append(f"| full render, --jobs 1 (--force) | {full1[0]:.1f} s, {args.entries / full1[0]:.2f} entries/s |")
            lines.append(f"| speedup of --jobs 2 over --jobs 1 | {full1[0] / full2[0]:.2f}x |")
            lines.append(f"| no-change rerun | {rerun[0]:.2f} s = {100 * rerun[0] / full2[0]:.2f}% of the full run |")
            lines.append(f"| peak RSS, {args.entries} entries (--jobs 2) | {full2[1]:.0f} MiB |")
            lines.append(f"| peak RSS, 100 entries (--jobs 2) | {small[1]:.0f} MiB |")
            lines.append(f"| peak RSS, --jobs 1 | {full1[1]:.0f} MiB |")
            lines.append("")
        lines += color_section(ours, maker, work, cores, args.thumbs, src["jpeg"])
    finally:
        shutil.rmtree(work, ignore_errors=True)

    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    header = ["# Performance", "",
              "Generated by `python3 scripts/bench.py` (release build); do not edit by hand.", "",
              f"Machine: {platform.system()} {platform.machine()}, {cores} cores ({cpu}), {mem:.0f} GiB RAM. "
              f"Tools: photicase-render {tool_version([ours, '--version'])}; {tool_version(['vipsthumbnail', '--vips-version'])}; "
              f"{tool_version([magick, '-version'])}; {tool_version(['gm', 'version'])}; libjpeg-turbo djpeg.", ""]
    text = "\n".join(header + lines) + "\n"
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
