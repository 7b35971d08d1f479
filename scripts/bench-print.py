#!/usr/bin/env python3
"""The print book (`render --only print`): time, memory, bytes and pages
against the diary's size, and against a scripted peer.

Usage: python3 scripts/bench-print.py [--entries 10,100,1000] [--repeats N] [--memory-limit 512M]
                                      [--page a5|a4|6x9in] [--bin PATH] [--work DIR] [--timeout S]

For each size N, a diary of N entries, all in 2023 (spread over the
year's 365 days, several on some days), each with a front and a back
photo: 12-megapixel camera JPEGs (about 4032x3024) from
../shared/corpus, chosen from its MANIFEST.tsv, round-robin. The corpus
holds one such photo; mirrored and flipped re-encodes of it (Pillow,
quality 92) stand in for more. Photos are hard-linked into the entries
(copied where a link cannot be made): the renderer reads an entry's photos
through a folder handle that refuses symbolic links leading out of it.
Every entry has its own crop, front and back, as the app saves them (the
photo's full height, panned across): the book stores a photo placed twice
with one crop once, and a diary has no two identical placements. Titles mix Korean and Latin, memos run to a few
hundred characters, and one entry in ten has a memo of about 5,000
characters, so its back runs on to more pages.

1. `render ENTRIES --only print` into a fresh cache, `--jobs` at its
   default (the cores), PHOTICASE_SETTLE_SECONDS=0: wall seconds and peak
   RSS (GNU time's %M; without it, getrusage of the children), the PDF's
   bytes and pages (pdfinfo), and each figure per entry with its ratio to
   the previous size's per entry (1.00 is linear). The median of
   --repeats runs, each into a fresh cache.
2. A second run on the same cache: it should render nothing; its time,
   and whether the PDF kept its inode and mtime.
3. `pdfimages -list` of the smallest book: the share of placements at
   298-302 ppi (12 MP photos are all placed at 300 ppi), and the front and
   back photo boxes (its page 3 and 4 images) the peers are held to.
4. Peers, for the 10- and 100-entry diaries: the same photos cover-cropped
   at their centre (the same scale as the book's crops, another pan) to
   those boxes at JPEG quality 92, 4:4:4 (as the book encodes them) by
   ImageMagick `convert` and by `vipsthumbnail`, one process per photo on
   as many workers as cores (each single-threaded), joined into one PDF
   of one photo a page by img2pdf (or, without it, by a small joiner here
   that embeds the JPEGs as they are). The peer draws no text, cover,
   review or contents: photos only.

Each run is stopped after --timeout seconds (default 1800). Needs: a
release build, ../shared/corpus, Pillow (the photo variants), poppler-utils
(pdfinfo, pdfimages); imagemagick, libvips-tools and img2pdf for the peers.
"""
import argparse
import concurrent.futures
import json
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
GNU_TIME = "/usr/bin/time"
YEAR = 2023
TODAY = "2024-01-15"
PEER_SIZES = (10, 100)
VARIANTS = 4


def say(text):
    print(f"bench-print: {text}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- binary

def swift():
    found = shutil.which("swift")
    if found:
        return found
    fallback = "/opt/swift/usr/bin/swift"
    if os.path.exists(fallback):
        return fallback
    sys.exit("bench-print: no swift on PATH (export PATH=/opt/swift/usr/bin:$PATH), and no --bin given")


def release_binary():
    """The release build's photicase-render, built when it is missing."""
    tool = swift()
    path = subprocess.run([tool, "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    binary = os.path.join(path, "photicase-render")
    if not os.path.exists(binary):
        say("building the release binary (swift build -c release --product photicase-render)")
        subprocess.run([tool, "build", "-c", "release", "--product", "photicase-render"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    return binary


# ---------------------------------------------------------------- photos

def camera_jpegs():
    """The corpus's camera JPEGs of about 12 MP (4032x3024 give or take),
    from MANIFEST.tsv, one per distinct file; None without the corpus."""
    manifest = os.path.join(CORPUS, "MANIFEST.tsv")
    if not os.path.exists(manifest):
        return None
    found, seen = [], set()
    with open(manifest, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 6 or cols[3] != "jpeg" or cols[4] != "ok" or cols[2] in seen:
                continue
            w, _, h = cols[5].partition("x")
            if not (w.isdigit() and h.isdigit()):
                continue
            long_side, short_side = max(int(w), int(h)), min(int(w), int(h))
            path = os.path.join(CORPUS, cols[0])
            if 3600 <= long_side <= 4700 and 2700 <= short_side <= 3500 and os.path.exists(path):
                seen.add(cols[2])
                found.append(path)
    return found


def photo_set(work):
    """Photos to hand out round-robin: the corpus's 12 MP JPEGs, copied
    into `work`, and mirrored or flipped re-encodes of them up to
    VARIANTS in all. Returns (paths, a line saying what they are)."""
    sources = camera_jpegs()
    if sources is None or not sources:
        sys.exit(f"bench-print: no 12 MP camera JPEG in the corpus at {os.path.abspath(CORPUS)} "
                 "(its MANIFEST.tsv and photos/ are needed); nothing measured")
    folder = os.path.join(work, "photos")
    os.makedirs(folder, exist_ok=True)
    photos = []
    for i, src in enumerate(sources):
        dst = os.path.join(folder, f"camera-{i}.jpg")
        shutil.copyfile(src, dst)
        photos.append(dst)
    names = ", ".join(os.path.basename(s) for s in sources)
    made = 0
    if len(photos) < VARIANTS:
        try:
            from PIL import Image
        except ImportError:
            Image = None
        if Image is not None:
            turns = [Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.FLIP_TOP_BOTTOM, Image.Transpose.ROTATE_180]
            k = 0
            while len(photos) < VARIANTS and k < len(turns) * len(sources):
                src, turn = sources[k % len(sources)], turns[k // len(sources)]
                with Image.open(src) as im:
                    keep = {key: im.info[key] for key in ("icc_profile", "exif") if im.info.get(key)}
                    dst = os.path.join(folder, f"variant-{k}.jpg")
                    im.convert("RGB").transpose(turn).save(dst, quality=92, **keep)
                photos.append(dst)
                made += 1
                k += 1
    line = f"{len(sources)} corpus camera JPEG(s) ({names})"
    if made:
        line += f" and {made} mirrored/flipped re-encode(s) of them (Pillow, quality 92)"
    return photos, line


def place(src, dst):
    """`src` at `dst` as a hard link, else a copy (never a symbolic link)."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copyfile(src, dst)


# ---------------------------------------------------------------- the diary

TITLES = ["헤어질 결심", "Past Lives", "서울의 봄", "Oppenheimer", "스즈메의 문단속", "Anatomy of a Fall",
          "콘크리트 유토피아", "The Zone of Interest", "레미제라블 (내한 공연)", "Killers of the Flower Moon",
          "밀수", "Perfect Days", "더 퍼스트 슬램덩크", "Les Misérables — 25th Anniversary", "파친코",
          "Tomorrow, and Tomorrow, and Tomorrow", "모네에서 앙리 마티스까지", "Coldplay: Music of the Spheres"]
KINDS = ["movie", "movie", "drama", "book", "performance", "exhibition", "concert", "movie"]
DIRECTORS = ["박찬욱", "Celine Song", "김성수", "Christopher Nolan", "신카이 마코토", "Justine Triet"]
FRIENDS = ["민수", "지영", "Jamie", "Sora", "엄마", "아빠", "Alex", "서연", "Hyun-woo", "Mina"]
SENTENCES = [
    "마지막 장면에서 한참 동안 자리에서 일어나지 못했다.",
    "음악이 장면을 끌고 가는 방식이 좋았고, 극장 사운드로 다시 보고 싶다.",
    "The second half drags a little, but the ending earns every minute of it.",
    "같이 본 친구는 울었고 나는 웃었다. 둘 다 맞는 반응이었던 것 같다.",
    "Rain all evening; we queued for forty minutes and it was worth it.",
    "원작과 비교하면 인물의 동기가 더 선명해졌다. 대사 몇 줄은 메모해 두었다.",
    "Seats in row F, slightly to the left: the best view I have had in that hall.",
    "집에 오는 길에 떡볶이를 먹으면서 결말에 대해 한 시간 넘게 이야기했다.",
    "Colour grading is gorgeous — the blues at dusk especially.",
    "두 번째 관람. 처음에는 보이지 않던 복선이 하나씩 눈에 들어왔다.",
    "Bought the programme and a poster; the poster is going on the hallway wall.",
    "조명이 바뀌는 순간마다 객석 전체가 숨을 죽이는 게 느껴졌다.",
]


def memo_text(i, length):
    parts, n = [], 0
    k = i
    while n < length:
        s = SENTENCES[k % len(SENTENCES)]
        parts.append(s)
        n += len(s) + 1
        k += 5
        if len(parts) % 6 == 0:
            parts.append("\n")
    return " ".join(parts).replace(" \n ", "\n")


def day_of(i, n):
    """Day of the year (0-364) of entry `i` of `n`: spread over the year,
    one in seven sharing the day before's (several on some days)."""
    j = i - 1 if (i % 7 == 3 and i > 0) else i
    return (j * 365) // n


def entry_json(i, n):
    import datetime
    date = datetime.date(YEAR, 1, 1) + datetime.timedelta(days=day_of(i, n))
    # Aspect fill (zoom 1, as the peers' cover crop), panned across: an
    # offset inside what the scroll view allows (the photo aspect-filled
    # into the 300x480 frame is 640x480 points), so no warning, and each
    # entry's its own (steps of the golden ratio never repeat), as the
    # book would store two placements of one photo with one crop once.
    golden = (i * 0.6180339887498949) % 1.0
    front_crop = {"frame": [300, 480], "zoomScale": 1, "contentOffset": [round(golden * 340, 2), 0]}
    back_crop = {"rect": [round(0.02 + golden * 0.5, 5), 0.02, 0.45, 0.96]}
    long_memo = i % 10 == 7
    entry = {
        "title": f"{TITLES[i % len(TITLES)]} #{i + 1}",
        "date": date.isoformat(),
        "rating": (i * 7 % 11) / 2,
        "kind": KINDS[i % len(KINDS)],
        "friends": [FRIENDS[(i + k) % len(FRIENDS)] for k in range(i % 4)],
        "memo": memo_text(i, 5000 if long_memo else 200 + (i * 41) % 250),
        "front": {"photo": "front.jpg", "crop": front_crop},
        "back": {"photo": "back.jpg", "crop": back_crop},
    }
    if entry["kind"] in ("movie", "drama"):
        entry["director"] = DIRECTORS[i % len(DIRECTORS)]
        entry["year"] = YEAR
    return date, entry


def make_diary(folder, n, photos):
    """N entries under `folder`; returns [(front, back)] in book order."""
    pairs = []
    for i in range(n):
        date, entry = entry_json(i, n)
        path = os.path.join(folder, f"{date.month:02d}", f"{date.isoformat()}-e{i:04d}")
        os.makedirs(path)
        front, back = photos[i % len(photos)], photos[(i + 1) % len(photos)]
        place(front, os.path.join(path, "front.jpg"))
        place(back, os.path.join(path, "back.jpg"))
        with open(os.path.join(path, "entry.json"), "w", encoding="utf-8") as f:
            json.dump(entry, f, ensure_ascii=False, indent=1)
        pairs.append((date.isoformat(), i, os.path.join(path, "front.jpg"), os.path.join(path, "back.jpg")))
    pairs.sort()
    return [(front, back) for _, _, front, back in pairs]


# ---------------------------------------------------------------- running

class Timeout(Exception):
    pass


def run_measured(cmd, timeout, env=None):
    """Runs `cmd` in its own process group, stopped after `timeout` s.
    Returns (wall s, peak RSS MiB or None, stdout, stderr); raises Timeout,
    or exits on failure."""
    timed = os.access(GNU_TIME, os.X_OK)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".rss") as peak:
        full = [GNU_TIME, "-f", "%M", "-o", peak.name] + cmd if timed else cmd
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.perf_counter()
        proc = subprocess.Popen(full, stdout=out, stderr=err, env=env, start_new_session=True)
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise Timeout(f"{os.path.basename(cmd[0])} stopped after {timeout:.0f} s")
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
        if code != 0:
            sys.exit(f"bench-print: {' '.join(cmd[:4])} ... exited {code}:\n{stderr[-1500:]}")
        rss = None
        if timed:
            words = peak.read().split()
            rss = int(words[-1]) / 1024 if words and words[-1].isdigit() else None
        if rss is None:
            # The children's largest peak so far: this child's when it
            # raised it (Linux reports KiB).
            after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            rss = after / 1024 if after > before else None
    return wall, rss, stdout, stderr


def pdf_pages(path):
    if not shutil.which("pdfinfo"):
        return None
    out = subprocess.run(["pdfinfo", path], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("Pages:"):
            return int(line.split()[1])
    return None


def pdf_images(path):
    """pdfimages -list rows: dicts of page, width, height, xppi, yppi."""
    if not shutil.which("pdfimages"):
        return None
    out = subprocess.run(["pdfimages", "-list", path], capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines()[2:]:
        cols = line.split()
        if len(cols) < 14 or not cols[0].isdigit() or cols[2] != "image":
            continue
        try:
            rows.append({"page": int(cols[0]), "width": int(cols[3]), "height": int(cols[4]),
                         "xppi": float(cols[12]), "yppi": float(cols[13])})
        except ValueError:
            continue
    return rows


def render_cmd(binary, book, cache, args):
    return [binary, "render", book, "--cache", cache, "--only", "print", "--page", args.page,
            "--memory-limit", args.memory_limit, "--today", TODAY, "--progress", "none"]


def warning_lines(stderr):
    return [line for line in stderr.splitlines() if line.strip()]


def measure_ours(binary, book, cache, args, env):
    """First runs (fresh cache each repeat) and the second run on the last
    cache. Returns a dict of figures."""
    walls, peaks, messages = [], [], []
    for _ in range(args.repeats):
        shutil.rmtree(cache, ignore_errors=True)
        wall, rss, stdout, stderr = run_measured(render_cmd(binary, book, cache, args), args.timeout, env)
        walls.append(wall)
        peaks.append(rss)
        messages += warning_lines(stderr)
    pdf = os.path.join(cache, "print", f"{YEAR}.pdf")
    if not os.path.exists(pdf):
        sys.exit(f"bench-print: the run wrote no {os.path.relpath(pdf, cache)} in {cache}: {stdout.strip()}")
    first_summary = stdout.strip().splitlines()[-1] if stdout.strip() else ""
    before = os.stat(pdf)
    wall2, rss2, stdout2, stderr2 = run_measured(render_cmd(binary, book, cache, args), args.timeout, env)
    after = os.stat(pdf)
    messages += warning_lines(stderr2)
    return {
        "wall": statistics.median(walls), "walls": walls,
        "rss": max((p for p in peaks if p is not None), default=None),
        "bytes": after.st_size, "pages": pdf_pages(pdf), "pdf": pdf,
        "summary": first_summary,
        "second": wall2, "second_rss": rss2,
        "second_summary": stdout2.strip().splitlines()[-1] if stdout2.strip() else "",
        "untouched": before.st_ino == after.st_ino and before.st_mtime_ns == after.st_mtime_ns,
        "messages": messages,
    }


# ---------------------------------------------------------------- peers

def real_imagemagick():
    """The command of a real ImageMagick (IM7 `magick`, else IM6 `convert`),
    not a stand-in script of that name; None without one."""
    for name in ("magick", "convert-im6.q16", "convert"):
        path = shutil.which(name)
        if not path:
            continue
        try:
            with open(path, "rb") as f:
                if b"Stands in for ImageMagick" in f.read(4096):
                    continue
            version = subprocess.run([path, "-version"], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        if "ImageMagick" in version:
            return [path, "convert"] if name == "magick" else [path], version.splitlines()[0]
    return None


def jpeg_dimensions(data):
    """(width, height, components) from a JPEG's SOF segment."""
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        length = int.from_bytes(data[i + 2:i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height = int.from_bytes(data[i + 5:i + 7], "big")
            width = int.from_bytes(data[i + 7:i + 9], "big")
            return width, height, data[i + 9]
        i += 2 + length
    raise ValueError("no SOF segment")


def join_jpegs(jpegs, out_path, ppi=300):
    """A PDF of one JPEG a page, each embedded as it is (DCTDecode) and
    placed at `ppi`: what img2pdf does, for machines without it."""
    objects = []  # object bodies, numbered from 3 (1 catalog, 2 pages)
    kids = []
    for path in jpegs:
        with open(path, "rb") as f:
            data = f.read()
        width, height, comps = jpeg_dimensions(data)
        space = {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}[comps]
        image_no = 3 + len(objects)
        objects.append(f"<< /Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace {space} "
                       f"/BitsPerComponent 8 /Filter /DCTDecode /Length {len(data)} >>\nstream\n".encode()
                       + data + b"\nendstream")
        w_pt, h_pt = width * 72 / ppi, height * 72 / ppi
        content = f"q {w_pt:.4f} 0 0 {h_pt:.4f} 0 0 cm /Im0 Do Q".encode()
        objects.append(f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream")
        page_no = 3 + len(objects)
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w_pt:.4f} {h_pt:.4f}] "
                       f"/Resources << /XObject << /Im0 {image_no} 0 R >> >> /Contents {image_no + 1} 0 R >>".encode())
        kids.append(page_no)
    bodies = [b"<< /Type /Catalog /Pages 2 0 R >>",
              f"<< /Type /Pages /Count {len(kids)} /Kids [{' '.join(f'{k} 0 R' for k in kids)}] >>".encode()] + objects
    with open(out_path, "wb") as f:
        f.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(bodies, start=1):
            offsets.append(f.tell())
            f.write(f"{number} 0 obj\n".encode() + body + b"\nendobj\n")
        xref = f.tell()
        f.write(f"xref\n0 {len(bodies) + 1}\n0000000000 65535 f \n".encode())
        for offset in offsets:
            f.write(f"{offset:010d} 00000 n \n".encode())
        f.write(f"trailer\n<< /Size {len(bodies) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())


def peer_tools():
    """[(label, command maker)] of the peers installed here, and notes."""
    tools, notes = [], []
    magick = real_imagemagick()
    if magick:
        base, version = magick

        def im(src, dst, w, h, base=base):
            return base + [src, "-resize", f"{w}x{h}^", "-gravity", "center", "-extent", f"{w}x{h}",
                           "-sampling-factor", "1x1", "-quality", "92", dst]
        tools.append(("ImageMagick convert", im))
        notes.append(f"ImageMagick: {version}")
    else:
        notes.append("ImageMagick: not installed (or only a stand-in `convert`): skipped")
    if shutil.which("vipsthumbnail"):
        def vips(src, dst, w, h):
            return ["vipsthumbnail", src, "-s", f"{w}x{h}", "--smartcrop", "centre",
                    "-o", f"{dst}[Q=92,subsample-mode=off,strip=false]"]
        tools.append(("vipsthumbnail", vips))
        version = subprocess.run(["vips", "--version"], capture_output=True, text=True).stdout.strip() \
            if shutil.which("vips") else "?"
        notes.append(f"vipsthumbnail: {version}")
    else:
        notes.append("vipsthumbnail: not installed: skipped")
    joiner = shutil.which("img2pdf")
    notes.append("join: " + ("img2pdf --imgsize 300dpi (embeds the JPEGs as they are)" if joiner
                             else "img2pdf not installed: this script's own joiner (embeds the JPEGs as they are)"))
    return tools, joiner, notes


def run_peer(label, make, joiner, pairs, boxes, folder, timeout):
    """The peer over `pairs` on as many single-threaded workers as cores,
    then joined: (wall s, PDF bytes, largest process peak RSS MiB)."""
    os.makedirs(folder, exist_ok=True)
    env = dict(os.environ, MAGICK_THREAD_LIMIT="1", OMP_NUM_THREADS="1", VIPS_CONCURRENCY="1")
    jobs, outputs = [], []
    for k, (front, back) in enumerate(pairs):
        for side, src in (("front", front), ("back", back)):
            w, h = boxes[side]
            dst = os.path.join(folder, f"{k:04d}-{side}.jpg")
            jobs.append(make(src, dst, w, h))
            outputs.append(dst)
    deadline = time.monotonic() + timeout
    start = time.perf_counter()

    def one(cmd):
        left = deadline - time.monotonic()
        if left <= 0:
            raise Timeout(f"{label} stopped after {timeout:.0f} s")
        wall, rss, _, _ = run_measured(cmd, left, env)
        return rss

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        peaks = list(pool.map(one, jobs))
    pdf = os.path.join(folder, "book.pdf")
    if joiner:
        _, rss, _, _ = run_measured([joiner, "--imgsize", "300dpi", "-o", pdf] + outputs,
                                    max(1.0, deadline - time.monotonic()), env)
        peaks.append(rss)
    else:
        join_jpegs(outputs, pdf)
    wall = time.perf_counter() - start
    return wall, os.path.getsize(pdf), max((p for p in peaks if p is not None), default=None)


# ---------------------------------------------------------------- report

def fmt(value, spec, missing="?"):
    return missing if value is None else format(value, spec)


def ratio(value, previous):
    if value is None or previous is None or previous == 0:
        return "-"
    return f"{value / previous:.2f}"


def main():
    ap = argparse.ArgumentParser(description="The print book's time, memory and bytes against the diary's size.")
    ap.add_argument("--entries", default="10,100,1000", help="diary sizes, comma-separated (default 10,100,1000)")
    ap.add_argument("--repeats", type=int, default=1, help="runs per size, each into a fresh cache (median)")
    ap.add_argument("--memory-limit", default="512M", help="passed to render (default 512M)")
    ap.add_argument("--page", default="a5", choices=["a5", "a4", "6x9in"], help="passed to render (default a5)")
    ap.add_argument("--bin", help="the photicase-render to measure (default: the release build's)")
    ap.add_argument("--work", help="a folder for the diaries and caches (default: a temporary one, removed)")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds before a run is stopped (default 1800)")
    ap.add_argument("--no-peers", action="store_true", help="skip the ImageMagick and vips peers")
    args = ap.parse_args()
    try:
        sizes = sorted({int(s) for s in args.entries.split(",") if s.strip()})
    except ValueError:
        ap.error(f"--entries takes counts such as 10,100,1000, not {args.entries!r}")
    if not sizes or sizes[0] < 1 or args.repeats < 1:
        ap.error("--entries needs counts of at least 1 and --repeats at least 1")
    if camera_jpegs() is None:
        sys.exit(f"bench-print: the shared corpus is absent ({os.path.abspath(CORPUS)}/MANIFEST.tsv): "
                 "it holds the 12 MP camera photos the diaries are made of; nothing measured")

    binary = os.path.abspath(args.bin) if args.bin else release_binary()
    if not os.access(binary, os.X_OK):
        sys.exit(f"bench-print: {binary} is not an executable")
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="bench-print-")
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ, PHOTICASE_SETTLE_SECONDS="0")
    results, peers, boxes, images = {}, {}, None, None
    stopped = None
    try:
        photos, photo_line = photo_set(work)
        tools, joiner, peer_notes = ([], None, []) if args.no_peers else peer_tools()
        previous = None
        for n in sizes:
            if previous is not None and previous in results:
                estimate = results[previous]["wall"] * n / previous
                say(f"{n} entries: about {estimate:.0f} s if linear in the entries (from {previous})")
            book = os.path.join(work, f"book-{n}")
            shutil.rmtree(book, ignore_errors=True)
            say(f"writing a diary of {n} entries")
            pairs = make_diary(book, n, photos)
            say(f"rendering the print book of {n} entries ({args.repeats} run(s), then the second run)")
            try:
                results[n] = measure_ours(binary, book, os.path.join(work, f"cache-{n}"), args, env)
            except Timeout as e:
                stopped = f"{n} entries: {e}"
                say(stopped)
                break
            if boxes is None:
                images = pdf_images(results[n]["pdf"])
                if images:
                    by_page = {}
                    for row in images:
                        by_page.setdefault(row["page"], row)
                    if 3 in by_page and 4 in by_page:
                        boxes = {"front": (by_page[3]["width"], by_page[3]["height"]),
                                 "back": (by_page[4]["width"], by_page[4]["height"]),
                                 "from": n}
            if n in PEER_SIZES and tools and boxes:
                for label, make in tools:
                    say(f"peer {label} on {n} entries")
                    samples = []
                    try:
                        for r in range(args.repeats):
                            folder = os.path.join(work, f"peer-{n}-{len(peers)}-{r}")
                            samples.append(run_peer(label, make, joiner, pairs, boxes, folder, args.timeout))
                            shutil.rmtree(folder, ignore_errors=True)
                    except Timeout as e:
                        say(f"{label}: {e}")
                        continue
                    wall = statistics.median(s[0] for s in samples)
                    peers[(n, label)] = (wall, samples[-1][1], max((s[2] or 0) for s in samples))
            previous = n
            shutil.rmtree(book, ignore_errors=True)
        report(args, sizes, results, peers, boxes, images, photo_line, peer_notes, joiner, binary, stopped)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


def report(args, sizes, results, peers, boxes, images, photo_line, peer_notes, joiner, binary, stopped):
    cores = os.cpu_count()
    print(f"Print book (`render --only print --page {args.page} --memory-limit {args.memory_limit}`, "
          f"--jobs default = {cores} cores, PHOTICASE_SETTLE_SECONDS=0), {binary}")
    print(f"Diaries in {YEAR}, a front and a back photo an entry: {photo_line}; "
          f"median of {args.repeats} run(s) into a fresh cache; peak RSS by "
          f"{'GNU time %M' if os.access(GNU_TIME, os.X_OK) else 'getrusage(RUSAGE_CHILDREN)'}.")
    print()
    print("| entries | seconds | peak RSS MB | PDF MB | pages | s/entry | MB/entry | pages/entry "
          "| s/entry vs prev | MB/entry vs prev | pages/entry vs prev | RSS vs prev |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    prev = None
    for n in sizes:
        if n not in results:
            continue
        r = results[n]
        mb = r["bytes"] / 1e6
        per = {"s": r["wall"] / n, "mb": mb / n, "pages": r["pages"] / n if r["pages"] else None}
        if prev is None:
            vs = ["-", "-", "-", "-"]
        else:
            vs = [ratio(per["s"], prev["s"]), ratio(per["mb"], prev["mb"]), ratio(per["pages"], prev["pages"]),
                  ratio(r["rss"], prev["rss"])]
        print(f"| {n} | {r['wall']:.2f} | {fmt(r['rss'], '.0f')} | {mb:.1f} | {fmt(r['pages'], 'd')} | "
              f"{per['s']:.3f} | {per['mb']:.3f} | {fmt(per['pages'], '.2f')} | " + " | ".join(vs) + " |")
        prev = dict(per, rss=r["rss"])
    print()
    print("vs prev: the per-entry figure over the previous size's per entry (1.00 = linear); RSS: plain ratio.")
    print()
    print("| entries | second run s | second run vs first | second run's summary | PDF untouched (inode, mtime) |")
    print("|---:|---:|---:|---|---|")
    for n in sizes:
        if n in results:
            r = results[n]
            print(f"| {n} | {r['second']:.2f} | {r['second'] / r['wall']:.3f} | {r['second_summary']} | "
                  f"{'yes' if r['untouched'] else 'NO: rewritten'} |")
    if images is not None and boxes:
        at300 = sum(1 for row in images if 298 <= row["xppi"] <= 302)
        print()
        print(f"pdfimages -list of the {boxes['from']}-entry book: {len(images)} image placements, "
              f"{at300} at 298-302 x-ppi ({100 * at300 / max(1, len(images)):.0f}%); "
              f"x-ppi seen: {sorted({row['xppi'] for row in images})}")
        print(f"Photo boxes (pdfimages, page 3 front, page 4 back): front {boxes['front'][0]}x{boxes['front'][1]} px, "
              f"back {boxes['back'][0]}x{boxes['back'][1]} px at 300 ppi.")
    elif images is None:
        print("\npdfimages is not installed: no ppi check and no peer boxes.")
    if peers:
        print()
        print(f"Peers: the same photos cover-cropped at their centre to those boxes, JPEG q92 4:4:4, one process a photo on {cores} "
              "single-threaded workers, joined into one PDF (photos only: no text, cover, review or contents).")
        for note in peer_notes:
            print(f"- {note}")
        print()
        print("| entries | pipeline | seconds | PDF MB | peak RSS MB (largest process) | seconds vs ours "
              "| bytes vs ours |")
        print("|---:|---|---:|---:|---:|---:|---:|")
        join = "img2pdf" if joiner else "join"
        for n in sorted({m for m, _ in peers}):
            ours = results[n]
            print(f"| {n} | photicase-render print (the whole book) | {ours['wall']:.2f} | {ours['bytes'] / 1e6:.1f} | "
                  f"{fmt(ours['rss'], '.0f')} | 1.00 | 1.00 |")
            for (m, label), (wall, size, rss) in sorted(peers.items()):
                if m == n:
                    print(f"| {n} | {label} + {join} | {wall:.2f} | {size / 1e6:.1f} | {fmt(rss, '.0f')} | "
                          f"{wall / ours['wall']:.2f} | {size / ours['bytes']:.2f} |")
    elif not args.no_peers:
        print("\nPeers: none measured (they run on the 10- and 100-entry diaries, with ImageMagick or vipsthumbnail).")
    messages = []
    for n in sizes:
        if n in results:
            messages += [m for m in results[n]["messages"] if m not in messages]
    print()
    if messages:
        print(f"render said on stderr ({len(messages)} distinct line(s)); the first ones:")
        for m in messages[:8]:
            print(f"  {m[:300]}")
    else:
        print("render printed no warnings or failures on stderr.")
    for n in sizes:
        if n in results:
            print(f"{n} entries, first run: {results[n]['summary']}")
    if stopped:
        print(f"STOPPED: {stopped} (--timeout {args.timeout:.0f} s); larger sizes not run.")


if __name__ == "__main__":
    main()
