#!/usr/bin/env python3
"""bench-serve.py: `photicase-render serve` against its in-process floors and
against the servers people would run instead, all measured in this run on
loopback (release build: swift build -c release --product photicase-render
--product serve-floor).

Prints, each with its ratio:
  1. a warm 64x64 card served (from the cache) vs the in-process encode of
     that image (serve-floor's encode_s);
  2. a 12 MP photo's story served (rendered: its entry.json is edited
     before each request, so its key changes; one render first, then the
     mean of 9) vs its decode + encode floor, and
     vs that floor with the photo's resize into the card added;
  3. rendered stories per second, two clients vs one (2 cores);
  4. the 64x64 card rendered per request vs a warm headless Chromium
     template server (Selenium screenshots) and a Pillow HTTP server
     drawing the same card (photo, title, shadow, PNG level 1, as ours);
  5. 64 connections for --load-seconds (default 60) with wrk: answers
     other than 200/429 (from /metrics), p99, and peak resident memory
     against --memory-limit plus the fixed allowance printed.

Needs Pillow; wrk (Debian: wrk) for 5; chromium + chromedriver + Selenium
for the Chromium server (skipped with a message when absent).
"""
import argparse
import http.client
import http.server
import io
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build/release/photicase-render")
FLOOR = os.path.join(ROOT, ".build/release/serve-floor")
FONT = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
MEMORY_LIMIT_MIB = 512


def entry(diary, name, title, photo, date="2022-08-01"):
    folder = os.path.join(diary, name)
    os.makedirs(folder, exist_ok=True)
    photo.save(os.path.join(folder, "front.jpg"), quality=90)
    with open(os.path.join(folder, "entry.json"), "w") as f:
        json.dump({"title": title, "date": date, "rating": 4, "memo": "다시 보고 싶은 영화",
                   "front": {"photo": "front.jpg"}}, f, ensure_ascii=False)
    return folder


def photo(w, h, seed):
    """A photo-like picture: smooth gradients and some noise (JPEG q90)."""
    rng = random.Random(seed)
    small = Image.new("RGB", (16, 12))
    small.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(16 * 12)])
    img = small.resize((w, h), Image.BICUBIC)
    noise = Image.effect_noise((w, h), 24).convert("RGB")
    return Image.blend(img, noise, 0.12)


class Serve:
    def __init__(self, diary, cache, *extra):
        self.proc = subprocess.Popen([BIN, "serve", diary, "--cache", cache, "--listen", "127.0.0.1:0",
                                      "--memory-limit", f"{MEMORY_LIMIT_MIB}M", *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        m = re.match(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if not m:
            raise SystemExit(f"serve did not start: {line!r}")
        self.port = int(m.group(1))

    def stop(self):
        self.proc.terminate()
        self.proc.wait(30)

    def peak_rss_mib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return 0


def get(conn, path):
    conn.request("GET", path)
    r = conn.getresponse()
    body = r.read()
    return r.status, body


def per_request(port, paths, before=None, sizes=None):
    """Mean seconds per GET over `paths` on one keep-alive connection; the
    answers' sizes appended to `sizes` when given."""
    conn = http.client.HTTPConnection("127.0.0.1", port)
    total = 0.0
    for p in paths:
        if before:
            before(p)
        t = time.perf_counter()
        status, body = get(conn, p)
        total += time.perf_counter() - t
        assert status == 200, (p, status)
        if sizes is not None:
            sizes.append(len(body))
    conn.close()
    return total / len(paths)


def floor(folder, layout, fmt):
    out = subprocess.run([FLOOR, folder, layout, fmt, "--repeats", "7"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


_edits = [0]


def touch(path):
    """Changes the entry of the photo at `path` so the next request renders
    it again: its entry.json's bytes (a counter after the memo), since
    serve's keys are the inputs' content, not their times. The drawing is
    the same work each time."""
    _edits[0] += 1
    folder = os.path.dirname(path)
    with open(os.path.join(folder, "entry.json"), encoding="utf-8") as f:
        entry = json.load(f)
    entry["memo"] = entry.get("memo", "").split(" #")[0] + f" #{_edits[0]}"
    with open(os.path.join(folder, "entry.json"), "w", encoding="utf-8") as f:
        json.dump(entry, f, ensure_ascii=False)


# --- the servers people would run instead --------------------------------

def pillow_card(photo_bytes, title, font):
    """The same card as ours, drawn with Pillow: a 1360x1072 backdrop, a
    rounded face with the photo filling its upper part, the title, a blurred
    shadow under the face; PNG level 1 (zlib), the level ours writes."""
    W, H, fw, fh = 1360, 1072, 600, 960
    canvas = Image.new("RGB", (W, H), (244, 240, 232))
    x, y = (W - fw) // 2, (H - fh) // 2
    shadow = Image.new("L", (W, H), 0)
    ImageDraw.Draw(shadow).rounded_rectangle((x, y + 12, x + fw, y + fh + 12), 36, fill=90)
    shadow = shadow.filter(ImageFilter.GaussianBlur(24))
    canvas.paste((60, 50, 40), mask=shadow)
    face = Image.new("RGB", (fw, fh), (255, 255, 255))
    pic = Image.open(io.BytesIO(photo_bytes)).convert("RGB").resize((fw, 760), Image.LANCZOS)
    face.paste(pic, (0, 0))
    d = ImageDraw.Draw(face)
    d.text((36, 790), title, font=font, fill=(30, 27, 24))
    d.text((36, 860), "2022.08.01  ★★★★", font=font, fill=(110, 103, 95))
    mask = Image.new("L", (fw, fh), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, fw, fh), 36, fill=255)
    canvas.paste(face, (x, y), mask)
    out = io.BytesIO()
    canvas.save(out, "PNG", compress_level=1)
    return out.getvalue()


def start_http(handler_body):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            body = handler_body(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *a):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def chromium_server(photo_path, title):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
    except ImportError:
        return None, "Selenium is not installed"
    from selenium.webdriver.chrome.service import Service
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver") or "/usr/lib/chromium/chromedriver"
    if not binary or not os.path.exists(driver_path):
        return None, "chromium or chromium-driver is not installed"
    import base64
    opts = Options()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1360,1072", "--hide-scrollbars"]:
        opts.add_argument(a)
    opts.binary_location = binary
    # The driver's path given, Selenium Manager (which would download a
    # driver list) is never started: the benchmark runs offline.
    driver = webdriver.Chrome(options=opts, service=Service(driver_path))
    data = base64.b64encode(open(photo_path, "rb").read()).decode()
    html = f"""<!doctype html><html><head><meta charset=utf-8><style>
      body{{margin:0;width:1360px;height:1072px;background:#f4f0e8;display:flex;align-items:center;justify-content:center}}
      .face{{width:600px;height:960px;border-radius:36px;background:#fff;overflow:hidden;box-shadow:0 12px 48px rgba(60,50,40,.35);
             font-family:'NanumGothic'}}
      img{{width:600px;height:760px;object-fit:cover;display:block}}
      h1{{font-size:40px;margin:30px 36px 0;color:#1e1b18}} p{{font-size:28px;margin:16px 36px;color:#6e675f}}
    </style></head><body><div class=face><img id=p src="data:image/jpeg;base64,{data}"><h1 id=t></h1><p>2022.08.01 ★★★★</p></div>
    </body></html>"""
    driver.get("data:text/html;charset=utf-8," + html.replace("#", "%23"))
    lock = threading.Lock()
    counter = [0]

    def render(path):
        with lock:  # one browser tab: requests take turns, as a single warm page does
            counter[0] += 1
            driver.execute_script("document.getElementById('t').textContent = arguments[0]", f"{title} {counter[0]}")
            return driver.get_screenshot_as_png()

    return (start_http(render), driver), None


def throughput(port, paths, clients, before):
    """Rendered images per second with `clients` connections at once."""
    chunks = [paths[i::clients] for i in range(clients)]
    t = time.perf_counter()
    threads = [threading.Thread(target=per_request, args=(port, c, before)) for c in chunks]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return len(paths) / (time.perf_counter() - t)


def metric(port, name):
    conn = http.client.HTTPConnection("127.0.0.1", port)
    _, body = get(conn, "/metrics")
    out = {}
    for line in body.decode().splitlines():
        if line.startswith(name):
            key, value = line.rsplit(" ", 1)
            out[key] = float(value)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--load-seconds", type=int, default=60)
    ap.add_argument("--requests", type=int, default=300, help="warm requests timed")
    a = ap.parse_args()
    for tool in (BIN, FLOOR):
        if not os.path.exists(tool):
            raise SystemExit(f"{tool} is missing: swift build -c release --product photicase-render --product serve-floor")
    work = tempfile.mkdtemp(prefix="bench-serve-")
    diary, cache = os.path.join(work, "diary"), os.path.join(work, "cache")
    small = entry(diary, "small", "작은 사진 한 장", photo(64, 64, 1))
    big = entry(diary, "big", "열두 메가픽셀", photo(4032, 3024, 2))
    medium = [entry(diary, f"m{i:02d}", f"영화 {i}", photo(1600, 1200, 10 + i)) for i in range(24)]
    print(f"photicase-render serve, {os.cpu_count()} cores, loopback; diary in {work}")
    server = Serve(diary, cache, "--jobs", "2", "--queue", "64")
    results = {}
    try:
        # 1. A warm card against its encode floor.
        f_small = floor(small, "card", "png")
        per_request(server.port, ["/entries/small/card.png"])  # rendered once
        warm = per_request(server.port, ["/entries/small/card.png"] * a.requests)
        results["warm"] = (warm, f_small["encode_s"])
        print(f"1. warm 64x64 card ({f_small['width']}x{f_small['height']} PNG, {f_small['bytes']} bytes): "
              f"{warm * 1000:.2f} ms a request; in-process encode {f_small['encode_s'] * 1000:.2f} ms: "
              f"{warm / f_small['encode_s']:.2f}x (target <= 1.5x)")

        # 2. A 12 MP story, rendered each time, against decode + encode.
        f_big = floor(big, "story", "jpg")
        photo_path = os.path.join(big, "front.jpg")
        # One render first, as a running server has done: the first of a
        # size grows the heaps its pixels come from (a dozen ms once).
        per_request(server.port, ["/entries/big/story.jpg"], before=lambda p: touch(photo_path))
        cold = per_request(server.port, ["/entries/big/story.jpg"] * 9, before=lambda p: touch(photo_path))
        fl = f_big["decode_s"] + f_big["encode_s"]
        results["story"] = (cold, fl)
        print(f"2. 12 MP story rendered per request: {cold * 1000:.1f} ms; floor decode {f_big['decode_s'] * 1000:.1f} + "
              f"encode {f_big['encode_s'] * 1000:.1f} = {fl * 1000:.1f} ms: {cold / fl:.2f}x (target <= 1.2x); "
              f"in-process render {f_big['render_s'] * 1000:.1f} ms")
        if "resize_s" in f_big:
            # The one step of drawing no renderer of the story can skip: the
            # photo resized into the card (serve-floor's resize_s).
            fr = fl + f_big["resize_s"]
            print(f"   with the photo's resize into the card counted ({f_big['resize_s'] * 1000:.1f} ms): "
                  f"{fr * 1000:.1f} ms, {cold / fr:.2f}x")

        # 3. Two clients against one, stories rendered each time.
        paths = [f"/entries/m{i:02d}/story.jpg" for i in range(24)]
        folders = {f"/entries/m{i:02d}/story.jpg": medium[i] for i in range(24)}
        bump = lambda p: touch(os.path.join(folders[p], "front.jpg"))
        per_request(server.port, paths[:2], before=bump)  # warm both renderers' fonts
        # Each figure the median of 5 runs of 48 renders, one and two
        # clients alternating: a run is about 2 s, and the client (this
        # process) shares the two cores with the server.
        ones, twos = [], []
        for _ in range(5):
            ones.append(throughput(server.port, paths * 2, 1, bump))
            twos.append(throughput(server.port, paths * 2, 2, bump))
        one, two = statistics.median(ones), statistics.median(twos)
        results["scaling"] = two / one
        print(f"3. rendered stories: one client {one:.1f}/s, two clients {two:.1f}/s: {two / one:.2f}x (target >= 1.7x); "
              f"medians of 5 runs of 48 (one client {min(ones):.1f}-{max(ones):.1f}/s, two {min(twos):.1f}-{max(twos):.1f}/s)")

        # 4. Per image against the servers people would run instead.
        small_photo = os.path.join(small, "front.jpg")
        card_bytes = {"ours": [], "Pillow": [], "Chromium": []}
        ours = per_request(server.port, ["/entries/small/card.png"] * 20, before=lambda p: touch(small_photo),
                           sizes=card_bytes["ours"])
        font = ImageFont.truetype(FONT, 40) if os.path.exists(FONT) else ImageFont.load_default()
        photo_bytes = open(small_photo, "rb").read()
        pil = start_http(lambda path: pillow_card(photo_bytes, "작은 사진 한 장", font))
        per_request(pil.server_address[1], ["/card.png"] * 2)
        pillow = per_request(pil.server_address[1], ["/card.png"] * 20, sizes=card_bytes["Pillow"])
        pil.shutdown()
        line = (f"4. a 64x64 card rendered per request: ours {ours * 1000:.1f} ms; Pillow server {pillow * 1000:.1f} ms: "
                f"{ours / pillow:.2f}x (target <= 0.5x)")
        chromium, why = chromium_server(small_photo, "작은 사진 한 장")
        if chromium:
            http_server, driver = chromium
            try:
                per_request(http_server.server_address[1], ["/card.png"] * 3)
                chrome = per_request(http_server.server_address[1], ["/card.png"] * 20, sizes=card_bytes["Chromium"])
            finally:
                http_server.shutdown()
                driver.quit()
            line += f"; warm Chromium template server {chrome * 1000:.1f} ms: {ours / chrome:.3f}x (target <= 0.1x)"
        else:
            line += f"; Chromium skipped: {why}"
        print(line)
        print("   the cards' PNG bytes: " + ", ".join(f"{name} {statistics.median(b):,.0f}"
                                                    for name, b in card_bytes.items() if b))

        # 5. 64 connections for a while.
        if not shutil.which("wrk"):
            print("5. skipped: wrk is not installed (apt-get install wrk)")
        else:
            lua = os.path.join(work, "mix.lua")
            names = ["card.png", "front.webp", "story.jpg", "feed.jpg", "card.webp", "story.webp"]
            with open(lua, "w") as f:
                ids = ",".join(f'"m{i:02d}"' for i in range(24)) + ',"small","big"'
                f.write("local ids = {" + ids + "}\nlocal names = {" + ",".join(f'"{n}"' for n in names) + "}\n"
                        "request = function()\n  return wrk.format('GET', '/entries/' .. ids[math.random(#ids)] .. '/' "
                        ".. names[math.random(#names)])\nend\n")
            before = metric(server.port, "photicase_requests_total")
            out = subprocess.run(["wrk", "-t2", "-c64", f"-d{a.load_seconds}s", "--latency", "-s", lua,
                                  f"http://127.0.0.1:{server.port}/"], capture_output=True, text=True).stdout
            after = metric(server.port, "photicase_requests_total")
            counts = {k: after.get(k, 0) - before.get(k, 0) for k in after}
            other = sum(v for k, v in counts.items() if '"200"' not in k and '"429"' not in k)
            p99 = re.search(r"99%\s+(\S+)", out)
            rps = re.search(r"Requests/sec:\s+(\S+)", out)
            rss = server.peak_rss_mib()
            shown = {k.split('"')[1]: int(v) for k, v in counts.items() if v}
            allowance = 256
            print(f"5. 64 connections, {a.load_seconds} s: {rps.group(1) if rps else '?'} requests/s, "
                  f"answers {shown}, other than 200/429: {int(other)}; "
                  f"p99 {p99.group(1) if p99 else '?'}; peak RSS {rss:.0f} MiB against --memory-limit {MEMORY_LIMIT_MIB} MiB "
                  f"+ {allowance} MiB allowance (fonts, renderers, buffers): {'within' if rss <= MEMORY_LIMIT_MIB + allowance else 'OVER'}")
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
