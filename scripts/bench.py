#!/usr/bin/env python3
"""photicase-render against its peers, measured in one run on this machine.

Usage: python3 scripts/bench.py [--thumbs N] [--entries N] [--skip-book] [--out docs/PERFORMANCE.md]
       [--before OLD-BINARY] [--baseline PRE-ISSUE-14-BINARY [--book-repeats N]]
       python3 scripts/bench.py --tickets-only [--repeats N]
       python3 scripts/bench.py --color-only
       python3 scripts/bench.py --book-only [--entries N]
       python3 scripts/bench.py --other-photos A.jpg [B.jpg ...] [--thumbs N] [--repeats N] [--out FILE]

1. Calendar-day thumbnails (256x256, cover crop) from N 12-megapixel
   photos in JPEG, PNG and WebP: `render --only days` against vipsthumbnail,
   ImageMagick `convert -thumbnail`, GraphicsMagick with its size hint, and
   (JPEG) the floor, libjpeg-turbo's `djpeg -scale 1/8`.
2. A full render of a generated ticket book (default 1,000 entries with
   12-megapixel JPEG photos): entries per second, --jobs scaling, the
   no-change rerun as a fraction of the full run, peak RSS (`--book-only`
   measures just this section and puts it into docs/PERFORMANCE.md); the
   same outputs with `--format png` as well, and with `--baseline` the
   first version's build side by side.
3. Colour and HEIC (`--color-only` measures just this section and puts
   it into the existing docs/PERFORMANCE.md): day thumbnails of the same
   12 MP photo as an untagged JPEG, a Display P3 JPEG and a HEIC (heif-enc,
   with a 320-pixel thumbnail as phones write), against vipsthumbnail.
4. Tickets (`--tickets-only` measures just this section and puts it into
   the existing docs/PERFORMANCE.md): `render --only tickets --force` on
   12 entries with 12 MP JPEG photos front and back, with --jobs 1 and 2,
   against the floor, decoding those 24 photos once at half scale with
   `djpeg -scale 1/2` (the DCT scale a face at scale 2 needs), and ours
   with `--format png` at --jobs 1. The runs alternate (ours --jobs 1,
   floor, ours --jobs 2, ours PNG) so a busy machine slows them all alike;
   medians of --repeats runs, with CPU seconds (user + system) beside the
   wall time.
`--other-photos` repeats the JPEG rows of section 1 and section 4 on any
JPEGs (an outside run of the ratios on other photos), the floor at the DCT
scale a face needs from each photo's size, and prints the tables.
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


GNU_TIME = "/usr/bin/time"


def cpu_name():
    """The CPU's model name, from /proc/cpuinfo."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


PILLOW_SIMD_VENV = os.path.join(ROOT, ".bench", "pillow-simd")


def pillow_simd_python(venv, make=False):
    """The python of a venv holding pillow-simd (Pillow's AVX2 fork, not on
    Debian), made first when `make` (from PyPI, once; built with
    CC="cc -mavx2" as its README asks), or None with why it is absent."""
    python = os.path.join(venv, "bin", "python")
    if make and not os.path.exists(python):
        print(f"bench: making {venv} with pillow-simd (CC='cc -mavx2', from PyPI)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([os.path.join(venv, "bin", "pip"), "install", "--quiet", "--no-binary", "pillow-simd",
                        "pillow-simd"], check=True, env=dict(os.environ, CC="cc -mavx2"))
    if not os.path.exists(python):
        return None, f"no pillow-simd venv at {os.path.abspath(venv)} (--make-venv makes it)"
    version = subprocess.run([python, "-c", "import PIL; print(PIL.__version__)"], capture_output=True,
                             text=True).stdout.strip()
    # pillow-simd's versions end in .postN; Pillow's never do.
    if ".post" not in version:
        return None, f"{os.path.abspath(venv)} holds Pillow {version or '(none)'}, not pillow-simd"
    return python, None


def run_usage(cmd, **kw):
    """Runs `cmd`, exiting on failure; returns (wall seconds, rusage, peak
    RSS MiB). The peak RSS is GNU time's (`%M`) where it is installed: Linux
    carries a process's peak RSS across exec, so a child started from this
    script reports at least this script's own peak (which walking a large
    cache folder raises to 100 MiB and more), while GNU time's child is
    forked from a small process."""
    with tempfile.TemporaryFile() as errors, tempfile.NamedTemporaryFile("r") as peak:
        timed = os.access(GNU_TIME, os.X_OK)
        full = [GNU_TIME, "-f", "%M", "-o", peak.name] + cmd if timed else cmd
        # stderr into a file, not a pipe: a run that warns about every
        # entry (a small photo enlarged) writes more than a pipe holds, and
        # would wait for a reader while this waits for it to end.
        start = time.perf_counter()
        proc = subprocess.Popen(full, stdout=subprocess.DEVNULL, stderr=errors, **kw)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        errors.seek(0)
        err = errors.read().decode(errors="replace")
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            sys.exit(f"bench: {' '.join(cmd[:6])} ... exited {code}: {err[-400:]}")
        rss = usage.ru_maxrss / 1024
        if timed:
            lines = peak.read().split()
            rss = int(lines[-1]) / 1024 if lines else rss
    return wall, usage, rss


def run(cmd, **kw):
    """Runs `cmd`; returns (wall seconds, peak RSS MiB)."""
    wall, _, rss = run_usage(cmd, **kw)
    return wall, rss


def run_cpu(cmd):
    """Runs `cmd`; returns (wall seconds, CPU seconds: user + system)."""
    wall, usage, _ = run_usage(cmd)
    # GNU time's rusage includes its child's, which it waited for.
    return wall, usage.ru_utime + usage.ru_stime


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


def face_denominator(width, height, scale=2, zoom=1.2):
    """The JPEG DCT scale denominator (1, 2, 4 or 8) a face of `make_entry`'s
    crop needs from a `width` x `height` photo: the rule of
    `ShrinkOnLoad.jpegDenominator` (headroom 1) for the photo at the size
    the face samples it (aspect fill of the 300x480-point card at `scale`,
    times the crop's `zoom`). 2 for the 4032x3024 corpus photo."""
    s = zoom * max(300 * scale / width, 480 * scale / height)
    for d in (8, 4, 2):
        if -(-width // d) >= width * s and -(-height // d) >= height * s:
            return d
    return 1


def jpeg_size(path):
    """A JPEG's stored width and height, from its first SOF marker."""
    with open(path, "rb") as f:
        data = f.read()
    i = 2
    while i + 9 < len(data):
        marker, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
        i += 2 + length
    sys.exit(f"bench: {path}: no JPEG frame header found")


def tickets_section(ours, work, jpeg_src, repeats, entries=12, before=None, photo_note=None):
    """`render --only tickets --force` with --jobs 1 and 2 against the
    decode floor of the same photos (djpeg at the DCT scale a face needs:
    half scale for 12 MP photos); with `before` (another build's binary)
    that build's --jobs 1 too, in the same alternation, and whether the two
    builds wrote the same bytes. `photo_note` describes another photo than
    the corpus's (`--other-photos`)."""
    width, height = jpeg_size(jpeg_src)
    denominator = face_denominator(width, height)
    book = os.path.join(work, "tickets-book")
    # The back photo is the same picture in other bytes (re-encoded at full
    # size), so nothing could be shared between a ticket's two photos.
    back = os.path.join(work, "tickets-back.jpg")
    run([ours, "convert", jpeg_src, back, "--quality", "92"])
    photos = []
    for i in range(entries):
        folder = os.path.join(book, f"entry-{i:02d}")
        make_entry(folder, date_for(i * 3), jpeg_src, "front.jpg", back_src=back,
                   memo="두 번 봐도 좋았다. " * (1 + i % 4))
        photos += [os.path.join(folder, "front.jpg"), os.path.join(folder, "back.jpg")]
    cache = os.path.join(work, "tickets-cache")
    base = [ours, "render", book, "--cache", cache, "--only", "tickets", "--progress", "none"]
    run(base)  # hashes the photos once, warms the page cache
    before_cache = os.path.join(work, "tickets-cache-before")
    before_cmd = [before, "render", book, "--cache", before_cache, "--only", "tickets", "--progress", "none"] \
        if before else None
    if before_cmd:
        run(before_cmd)
    floor_cmds = [["djpeg", "-scale", f"1/{denominator}", "-outfile", os.devnull, p] for p in photos]

    def floor():
        wall, cpu = 0.0, 0.0
        for c in floor_cmds:
            w, u = run_cpu(c)
            wall, cpu = wall + w, cpu + u
        return wall, cpu

    def floor_pair():
        # Two floors at once: how much of a second core the machine gives
        # right now (other work on a shared machine takes some), the
        # ceiling for --jobs 2 over --jobs 1.
        import threading
        results = []
        start = time.perf_counter()
        threads = [threading.Thread(target=lambda: results.append(floor())) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return time.perf_counter() - start, sum(c for _, c in results)

    # The same tickets in PNG (libdeflate), as before the size target:
    # what WebP's smaller files cost in speed.
    png_cache = os.path.join(work, "tickets-cache-png")
    png_cmd = [ours, "render", book, "--cache", png_cache, "--only", "tickets", "--progress", "none", "--force",
               "--jobs", "1", "--format", "png"]
    # A lower quality (README, `--quality`): what the 40 dB default costs.
    q80_cache = os.path.join(work, "tickets-cache-q80")
    q80_cmd = [ours, "render", book, "--cache", q80_cache, "--only", "tickets", "--progress", "none", "--force",
               "--jobs", "1", "--quality", "80"]
    samples = {"j1": [], "floor": [], "j2": [], "pair": [], "png": [], "q80": []}
    if before_cmd:
        samples["before"] = []
    for _ in range(repeats):
        if before_cmd:
            samples["before"].append(run_cpu(before_cmd + ["--force", "--jobs", "1"]))
        samples["j1"].append(run_cpu(base + ["--force", "--jobs", "1"]))
        samples["floor"].append(floor())
        samples["j2"].append(run_cpu(base + ["--force", "--jobs", "2"]))
        samples["pair"].append(floor_pair())
        samples["png"].append(run_cpu(png_cmd))
        samples["q80"].append(run_cpu(q80_cmd))
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in samples.items()}
    sizes = [os.path.getsize(os.path.join(dirpath, f)) for dirpath, _, files in os.walk(os.path.join(cache, "tickets"))
             for f in files]
    png_size = sum(os.path.getsize(os.path.join(dirpath, f))
                   for dirpath, _, files in os.walk(os.path.join(png_cache, "tickets")) for f in files)
    q80_size = sum(os.path.getsize(os.path.join(dirpath, f))
                   for dirpath, _, files in os.walk(os.path.join(q80_cache, "tickets")) for f in files)
    megapixels = width * height / 1e6
    photo = photo_note or "the corpus photo"
    lines = [f"## 4. Ticket images, {entries} entries with {megapixels:.0f} MP JPEG photos front and back\n",
             f"`render --only tickets --force` at the defaults (scale 2, WebP method 1: front q93, back q92, share q89) on {entries} entries whose front "
             f"and back photos are {width}x{height} JPEGs ({photo}, and the same picture re-encoded), against the "
             f"floor: decoding those {2 * entries} photos once at the DCT scale a face needs, `djpeg -scale "
             f"1/{denominator} -outfile /dev/null` per file. The runs alternate so a busy machine slows them alike; "
             f"medians of {repeats}. CPU is user + system seconds.\n",
             "| run | wall s | CPU s | vs. floor (wall) |",
             "|---|---:|---:|---:|"]
    rows = [("floor", f"floor: djpeg -scale 1/{denominator}, {2 * entries} files (1 core)")]
    if before_cmd:
        rows.append(("before", "the previous build, --jobs 1"))
    rows += [("j1", "photicase-render --jobs 1"), ("j2", "photicase-render --jobs 2"),
             ("png", "photicase-render --jobs 1 --format png"), ("q80", "photicase-render --jobs 1 --quality 80")]
    for key, name in rows:
        w, c = med[key]
        ratio = "—" if key == "floor" else f"{w / med['floor'][0]:.2f}x"
        lines.append(f"| {name} | {w:.2f} | {c:.2f} | {ratio} |")
    if before_cmd:
        same = subprocess.run(["diff", "-r", "-q", os.path.join(before_cache, "tickets"), os.path.join(cache, "tickets")],
                              capture_output=True).returncode == 0
        lines.append(f"\nThis build against the previous one (`{before}`), --jobs 1: "
                     f"{med['before'][0] / med['j1'][0]:.2f}x faster (CPU {med['before'][1]:.2f} s against "
                     f"{med['j1'][1]:.2f} s); the ticket images they wrote are "
                     f"{'byte-identical' if same else 'DIFFERENT'}.")
    lines.append(f"\n--jobs 2 over --jobs 1: {med['j1'][0] / med['j2'][0]:.2f}x faster; two floors at once "
                 f"took {med['pair'][0]:.2f} s, {2 * med['floor'][0] / med['pair'][0]:.2f}x one floor's rate (the "
                 "parallelism the machine gave during the run). "
                 f"Ticket images written: {sum(sizes) / entries / 1000:.0f} KB per entry (3 images); "
                 f"with `--format png`, {png_size / entries / 1000:.0f} KB; with `--quality 80`, "
                 f"{q80_size / entries / 1000:.0f} KB.\n")
    return lines


def replace_section(path, heading, section, before=None):
    """Puts `section` in place of the one starting with `heading`; when there
    is none, before the heading `before`, else at the end."""
    text = ""
    if os.path.exists(path):
        with open(path) as f:
            text = f.read()
    new = "\n".join(section).rstrip("\n") + "\n"
    start = text.find(heading)
    if start >= 0:
        end = text.find("\n## ", start + 1)
        text = text[:start] + new + ("\n" + text[end + 1:] if end >= 0 else "")
    elif before and text.find(before) >= 0:
        at = text.find(before)
        text = text[:at + 1] + new + text[at:]
    else:
        text = text.rstrip("\n") + "\n\n" + new
    with open(path, "w") as f:
        f.write(text)


# The figure for section 2 before this work (PNG faces, the
# renderer of that day), on the same generator: tickets, days and months
# of 1,000 entries in 187.4 s, 5.34 entries/s.
BOOK_BASELINE_RATE = 1000 / 187.4


def write_between_markers(path, begin, end, lines, heading=None):
    """Puts `lines` between the markers `begin` and `end` of the Markdown
    file `path`. Without the markers: appends a section `heading` holding
    them, or stops with a message when no heading is given."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start, stop = text.find(begin), text.find(end)
    if start < 0 or stop < start:
        if heading is None:
            sys.exit(f"{os.path.basename(sys.argv[0])}: {path} has no section between the markers {begin!r} and {end!r}")
        text = text.rstrip() + f"\n\n## {heading}\n\n{begin}\n{end}\n"
        start, stop = text.find(begin), text.find(end)
    text = text[:start + len(begin)] + "\n" + "\n".join(lines) + "\n" + text[stop:]
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{os.path.basename(sys.argv[0])}: wrote the table into {os.path.relpath(path)}", file=sys.stderr)


def book_section(ours, work, src_jpeg, entries, baseline=None, repeats=1):
    """Section 2: a full render of a generated book of `entries` entries.
    With `baseline` (the build the issue measured, before its work), that
    build renders the same book, alternating with this one `repeats`
    times, and the ratio is measured rather than taken from the issue."""
    book = os.path.join(work, "book")
    back = os.path.join(work, "back.webp")
    run([ours, "convert", src_jpeg, back, "--max-size", "2000"])
    for i in range(entries):
        make_entry(os.path.join(book, f"{i // 100:02d}", f"entry-{i:04d}"), date_for(i), src_jpeg, "front.jpg",
                   back_src=back if i % 2 == 0 else None, memo="두 번 봐도 좋았다. " * (i % 5))
    common = ["--jobs", "2", "--progress", "none", "--today", "2022-06-15"]
    # Like for like with the baseline: the kinds that existed when it was
    # measured. Then everything a default run makes today (book pages,
    # years, the site as well).
    same_cmd = [ours, "render", book, "--cache", os.path.join(work, "cache-same"), "--only", "tickets,days,months",
                "--force"] + common
    base_cmd = [baseline, "render", book, "--cache", os.path.join(work, "cache-baseline"), "--force"] + common \
        if baseline else None
    # The same outputs in PNG, as the baseline wrote its faces: what the
    # size target (WebP) costs in speed.
    png_cmd = [ours, "render", book, "--cache", os.path.join(work, "cache-png"), "--only", "tickets,days,months",
               "--force", "--format", "png"] + common
    same_runs, base_runs, png_runs = [], [], []
    for _ in range(repeats if baseline else 1):
        if base_cmd:
            base_runs.append(run(base_cmd))
        same_runs.append(run(same_cmd))
        png_runs.append(run(png_cmd))
    same = (statistics.median(r[0] for r in same_runs), max(r[1] for r in same_runs))
    png = statistics.median(r[0] for r in png_runs)
    png_size = sum(os.path.getsize(os.path.join(d, f))
                   for d, _, fs in os.walk(os.path.join(work, "cache-png", "tickets")) for f in fs)
    base_rate = entries / statistics.median(r[0] for r in base_runs) if base_runs else BOOK_BASELINE_RATE
    cache = os.path.join(work, "book-cache")
    full2 = run([ours, "render", book, "--cache", cache] + common)
    rerun = run([ours, "render", book, "--cache", cache] + common)
    full1 = run([ours, "render", book, "--cache", cache, "--jobs", "1", "--force", "--progress", "none",
                 "--today", "2022-06-15"])
    small_book = os.path.join(work, "book-small")
    for i in range(100):
        make_entry(os.path.join(small_book, f"entry-{i:04d}"), date_for(i), src_jpeg, "front.jpg",
                   back_src=back if i % 2 == 0 else None)
    small = run([ours, "render", small_book, "--cache", os.path.join(work, "small-cache")] + common)
    days = min(entries, 365)
    months = len({date_for(i)[:7] for i in range(entries)})
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(os.path.join(cache, "tickets")) for f in fs)
    lines = [f"## 2. Full render of a generated ticket book, {entries} entries\n",
             f"Each entry has a 12 MP JPEG front photo (cropped at zoom 1.2) and every other one a "
             f"2000-pixel WebP back photo; {days} days and {months} months. Outputs at the defaults: per entry "
             "front, back and share image at scale 2 (WebP), day thumbnails (JPEG), month sheets (PNG), and in "
             "the default run also the book pages, years and the site. The first row makes what the baseline "
             f"made (tickets, days, months); "
             + (f"the baseline is the build before issue 14's work (`{baseline}`, PNG faces) rendering the same "
                f"book, alternating with this build, medians of {repeats}: {base_rate:.2f} entries/s here (the issue "
                f"measured {BOOK_BASELINE_RATE:.2f}, 1,000 entries in 187.4 s).\n" if base_runs else
                f"the baseline, {BOOK_BASELINE_RATE:.2f} entries/s (1,000 entries in 187.4 s), is the issue's figure "
                "for this generator before this work (PNG faces).\n"),
             "| measurement | value |",
             "|---|---:|",
             f"| tickets, days and months, --jobs 2 | {same[0]:.1f} s, {entries / same[0]:.2f} entries/s, "
             f"{entries / same[0] / base_rate:.2f}x the baseline's rate |",
             f"| the same with `--format png` (every output PNG) | {png:.1f} s, {entries / png:.2f} entries/s, "
             f"{entries / png / base_rate:.2f}x the baseline's rate, ticket images {png_size / entries / 1e6:.1f} MB "
             "per entry |",
             f"| full default render, --jobs 2 | {full2[0]:.1f} s, {entries / full2[0]:.2f} entries/s |",
             f"| full default render, --jobs 1 (--force) | {full1[0]:.1f} s, {entries / full1[0]:.2f} entries/s |",
             f"| speedup of --jobs 2 over --jobs 1 | {full1[0] / full2[0]:.2f}x |",
             f"| no-change rerun | {rerun[0]:.2f} s = {100 * rerun[0] / full2[0]:.2f}% of the full run |",
             f"| ticket images | {size / entries / 1000:.0f} KB per entry |",
             f"| peak RSS, {entries} entries (--jobs 2) | {full2[1]:.0f} MiB |",
             f"| peak RSS, 100 entries (--jobs 2) | {small[1]:.0f} MiB |",
             f"| peak RSS, --jobs 1 | {full1[1]:.0f} MiB |",
             ""]
    return lines


def other_photo_sections(ours, work, photo, n, cores, repeats):
    """Section 1's JPEG rows (ours, vipsthumbnail and the djpeg floor; the
    slow ImageMagick and GraphicsMagick rows are left out) and section 4 on
    `photo`, any JPEG: the ratios of the issue on photos of someone else's
    choosing."""
    width, height = jpeg_size(photo)
    name = os.path.basename(photo)
    tag = f"other-{len(os.listdir(work))}"
    os.makedirs(os.path.join(work, tag), exist_ok=True)
    files, t_ours, t_vips = days_vs_vips(ours, work, tag, photo, "jpg", n, cores, 3)
    t_floor = best_of(3, lambda: run_each([["djpeg", "-scale", "1/8", "-outfile", os.devnull, f] for f in files]))
    lines = [f"## {name} ({width}x{height}): day thumbnails, {n} entries\n",
             f"As section 1 (`render --only days --force --jobs {cores}` against vipsthumbnail on the same files, "
             "and `djpeg -scale 1/8` per file on one core), best of 3.\n",
             "| tool | images/s | ours vs. it | peak RSS MiB |",
             "|---|---:|---:|---:|"]
    for label, (t, rss) in (("photicase-render", t_ours), ("vipsthumbnail", t_vips),
                            ("floor: djpeg -scale 1/8 (1 core)", t_floor)):
        ratio = "—" if label == "photicase-render" else f"{t / t_ours[0]:.2f}x"
        lines.append(f"| {label} | {n / t:.1f} | {ratio} | {rss:.0f} |")
    lines.append("")
    section = tickets_section(ours, os.path.join(work, tag), photo, repeats, photo_note=name)
    section[0] = f"## {name} ({width}x{height}): ticket images\n"
    print(f"bench: {name} done", file=sys.stderr)
    return lines + section


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
    ap.add_argument("--tickets-only", action="store_true")
    ap.add_argument("--book-only", action="store_true")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--before", help="tickets: a previous build's binary, timed side by side")
    ap.add_argument("--baseline", help="book: the pre-issue-14 build's binary, timed side by side")
    ap.add_argument("--book-repeats", type=int, default=1, help="book: alternations with --baseline")
    ap.add_argument("--other-photos", nargs="+", metavar="JPEG",
                    help="sections 1 (JPEG rows) and 4 on these photos instead of the corpus's, one after another; "
                         "prints the tables and writes them to --out only when --out is given")
    ap.add_argument("--out")
    args = ap.parse_args()
    if args.other_photos:
        for photo in args.other_photos:
            if not os.path.isfile(photo):
                sys.exit(f"bench: {photo}: no such file")
            jpeg_size(photo)
    elif args.out is None:
        args.out = os.path.join(ROOT, "docs", "PERFORMANCE.md")

    subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, capture_output=True)
    bindir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.strip()
    ours = os.path.join(bindir, "photicase-render")
    maker = os.path.join(bindir, "fixture-maker")
    magick = "/usr/bin/convert"  # the real ImageMagick, not a stand-in on PATH
    cores = os.cpu_count()
    work = tempfile.mkdtemp(prefix="photicase-bench-")
    lines = []
    if args.other_photos:
        try:
            for photo in args.other_photos:
                lines += other_photo_sections(ours, work, os.path.abspath(photo), args.thumbs, cores, args.repeats)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print("\n".join(lines))
        if args.out:
            with open(args.out, "w") as f:
                f.write("\n".join(lines) + "\n")
        return
    # One section alone, put in place in the existing docs/PERFORMANCE.md.
    single = [(args.color_only, "## 3. Colour management", None,
               lambda src: color_section(ours, maker, work, cores, args.thumbs, src)),
              (args.book_only, "## 2. Full render", "\n## 3. Colour",
               lambda src: book_section(ours, work, src, args.entries, args.baseline, args.book_repeats)),
              (args.tickets_only, "## 4. Ticket images", "\n## Decode memory",
               lambda src: tickets_section(ours, work, src, args.repeats, before=args.before))]
    for chosen, heading, before, measure in single:
        if not chosen:
            continue
        try:
            src = CORPUS_PHOTO if os.path.exists(CORPUS_PHOTO) else os.path.join(work, "src.jpg")
            if not os.path.exists(src):
                run([maker, "--photo", "4032", "3024", "0.3", src])
            section = measure(src)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print("\n".join(section))
        replace_section(args.out, heading, section, before=before)
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
            lines += book_section(ours, work, src["jpeg"], args.entries, args.baseline, args.book_repeats)
        lines += color_section(ours, maker, work, cores, args.thumbs, src["jpeg"])
        lines += tickets_section(ours, work, src["jpeg"], args.repeats, before=args.before)
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
              "Sections 1-4 are generated by `python3 scripts/bench.py` (release build), which puts them in place; "
              "the other sections come from the scripts they name, with what the figures mean written by hand.", "",
              f"Machine: {platform.system()} {platform.machine()}, {cores} cores ({cpu}), {mem:.0f} GiB RAM. "
              f"Tools: photicase-render {tool_version([ours, '--version'])}; {tool_version(['vipsthumbnail', '--vips-version'])}; "
              f"{tool_version([magick, '-version'])}; {tool_version(['gm', 'version'])}; libjpeg-turbo djpeg.", ""]
    text = "\n".join(header + lines) + "\n"
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    if not os.path.exists(args.out):
        with open(args.out, "w") as f:
            f.write(text)
    else:
        # The file holds sections from other scripts and analysis written
        # by hand: only the header and sections 1-4 are replaced.
        with open(args.out) as f:
            old = f.read()
        first = old.find("\n## ")
        with open(args.out, "w") as f:
            f.write("\n".join(header) + "\n" + (old[first + 1:] if first >= 0 else ""))
        sections, current = [], None
        for line in lines:
            if line.startswith("## "):
                current = []
                sections.append(current)
            if current is not None:
                current.append(line)
        for section in sections:
            # "## 2." names section 2 whatever its title says this time.
            replace_section(args.out, " ".join(section[0].split(" ", 2)[:2]), section)
    print(text)


if __name__ == "__main__":
    main()
