#!/usr/bin/env python3
"""What the browsable site adds to a render, and how fast its search is.

Usage: python3 scripts/bench-site.py [--entries 1000] [--jobs 2] [--book DIR]
       python3 scripts/bench-site.py --search [--entries 10000] [--jobs 2]

Makes ENTRIES photo-less entries over three years (or renders --book DIR),
renders everything but the site, then measures, into the same cache:
a run that changes nothing without the site, the first run with the site
(every page written, every image skipped), a run with the site that
changes nothing (no page written), and one after a memo edit. Prints
seconds (medians of three for the no-change runs) and what each wrote.
Release build.

With --search: makes ENTRIES diary-like entries over ten years (Korean
titles, memos of 0 to 300 characters, companions, directors, a small
front photo each), renders the site (with --tickets, the tickets too, so
results show their pictures: slow on a large book), and prints the
search index's size (files, bytes, gzipped) and, in headless Chromium over
file://, the time from navigation to the first results shown (medians of
5 loads: the page alone, a word, initials), the time of one search as
typed over every entry, and, as the peer measured in the same run, the
time a book list page of the same site takes to load. It needs what the
browser test needs (scripts/setup.sh --test).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd):
    start = time.monotonic()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    seconds = time.monotonic() - start
    done = [json.loads(line) for line in out.stderr.splitlines() if line.startswith("{")][-1]
    return seconds, done


TITLES = ["헤어질 결심", "기생충", "브로커", "올빼미", "범죄도시", "작은 아씨들", "나의 아저씨", "불편한 편의점",
          "지구 끝의 온실", "소년이 온다", "Top Gun: Maverick", "The Batman", "아이유 콘서트", "레미제라블", "파친코"]
WORDS = ["극장", "마침내", "바다", "음악", "친구와", "비 오는 날", "두 번째", "엔딩", "배우", "장면이", "오래", "남는다"]
NAMES = ["민수", "지영", "서연", "엄마", "아빠", "하준", "Jamie", "도윤", "수아", "지호"]
DIRECTORS = ["박찬욱", "봉준호", "고레에다 히로카즈", "김한민", "한강", "김초엽", "Matt Reeves", ""]


def diary_book(book, entries):
    """ENTRIES entries over ten years, each with a small front photo (hard links to one file)."""
    os.makedirs(book)
    photo = os.path.join(book, "photo.jpg")
    # A small grey JPEG (64x64): enough for a face, cheap to decode.
    subprocess.run(["python3", "-c", "from PIL import Image; Image.new('RGB', (64, 64), (120, 110, 140)).save("
                    + repr(photo) + ", quality=80)"], check=True)
    for i in range(entries):
        folder = os.path.join(book, f"e{i:05d}")
        os.makedirs(folder)
        os.link(photo, os.path.join(folder, "front.jpg"))
        memo = " ".join(WORDS[(i * 7 + k) % len(WORDS)] for k in range((i * 37) % 60)) if i % 4 else ""
        entry = {"title": f"{TITLES[i % len(TITLES)]} {i}", "date": "%04d-%02d-%02d" % (2015 + i % 10, 1 + i % 12, 1 + i % 28),
                 "rating": (i % 11) / 2, "kind": ["movie", "drama", "book", "performance", "other"][i % 5],
                 "memo": memo[:300], "friends": [NAMES[(i + k) % len(NAMES)] for k in range(i % 3)],
                 "front": {"photo": "front.jpg"}}
        if DIRECTORS[i % len(DIRECTORS)]:
            entry["director"] = DIRECTORS[i % len(DIRECTORS)]
        with open(os.path.join(folder, "entry.json"), "w") as f:
            json.dump(entry, f, ensure_ascii=False)
    os.remove(photo)


def search_bench(binary, work, args):
    import gzip
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    browser = __import__("site-browser-test")
    book, cache = os.path.join(work, "book"), os.path.join(work, "cache")
    diary_book(book, args.entries)
    kinds = "tickets,site" if args.tickets else "site"
    seconds, done = run([binary, "render", book, "--cache", cache, "--jobs", str(args.jobs), "--progress", "json",
                         "--today", "2024-12-31", "--only", kinds])
    folder = os.path.join(cache, "site", "search")
    files = sorted(os.listdir(folder))
    raw = [open(os.path.join(folder, f), "rb").read() for f in files]
    size, zipped = sum(len(b) for b in raw), sum(len(gzip.compress(b, 6)) for b in raw)
    driver = browser.start_driver()
    driver.set_script_timeout(60)
    base = "file://" + os.path.realpath(cache) + "/site/"

    def first_results(fragment):
        times = []
        for _ in range(5):
            driver.get("about:blank")
            driver.get(base + "search.html" + fragment)
            WebDriverWait(driver, 60).until(lambda d: d.execute_script("return !!window.photicaseSearchReady"))
            times.append(driver.execute_script("return window.photicaseSearchReady"))
        return statistics.median(times), driver.execute_script("return document.querySelectorAll('#results li').length")

    def typed(word):
        field = driver.find_element(By.ID, "q")
        field.clear()
        times = []
        for _ in range(5):
            driver.execute_script("const q = document.getElementById('q'); q.value = arguments[0];"
                                  "q.dispatchEvent(new Event('input', {bubbles: true}));", word)
            driver.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            times.append(driver.execute_script("return window.photicaseSearchMs"))
            driver.execute_script("const q = document.getElementById('q'); q.value = '';"
                                  "q.dispatchEvent(new Event('input', {bubbles: true}));")
            driver.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        return statistics.median(times)

    def page_load(rel):
        times = []
        for _ in range(5):
            driver.get("about:blank")
            driver.get(base + rel)
            times.append(driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd || n.domComplete"))
        return statistics.median(times)

    try:
        alone, shown = first_results("")
        word, _ = first_results("#q=%EB%B0%94%EB%8B%A4")  # 바다, in memos
        initials, _ = first_results("#q=%E3%85%8E%E3%85%87%E3%85%88")  # ㅎㅇㅈ
        driver.get(base + "search.html")
        WebDriverWait(driver, 60).until(lambda d: d.execute_script("return !!window.photicaseSearchReady"))
        one_word, one_initials = typed("마침내"), typed("ㅂㄹㅋ")
        peer = page_load("book/list-001.html")
        version = driver.capabilities.get("browserVersion", "?")
    finally:
        driver.quit()
    print(f"{args.entries} diary entries over 10 years, --jobs {args.jobs}, release build; "
          f"headless Chromium {version}, file://, medians of 5")
    print(f"render --only {kinds}: {seconds:.1f} s, {done['rendered']} outputs"
          + ("" if args.tickets else " (results show a square per kind, not the front photo)"))
    print("| what | figure |")
    print("|---|---:|")
    print(f"| search index | {len(files)} files, {size / 1e6:.2f} MB ({size / args.entries:.0f} bytes an entry), "
          f"{zipped / 1e6:.2f} MB gzipped |")
    print(f"| first results, the page alone (newest first, {shown} shown) | {alone:.0f} ms |")
    print(f"| first results, `#q=바다` (a word in memos) | {word:.0f} ms |")
    print(f"| first results, `#q=ㅎㅇㅈ` (initials) | {initials:.0f} ms |")
    print(f"| one search as typed, `마침내` / `ㅂㄹㅋ` | {one_word:.1f} ms / {one_initials:.1f} ms |")
    print(f"| peer: book/list-001.html loaded | {peer:.0f} ms ({alone / peer:.1f}x for the search page) |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--book")
    ap.add_argument("--search", action="store_true")
    ap.add_argument("--tickets", action="store_true", help="with --search: render the tickets too")
    args = ap.parse_args()
    args.entries = args.entries or (10000 if args.search else 1000)
    subprocess.run(["swift", "build", "-c", "release", "--product", "photicase-render"], cwd=ROOT, check=True,
                   capture_output=True)
    binary = os.path.join(ROOT, ".build", "release", "photicase-render")
    work = tempfile.mkdtemp(prefix="pr-site-")
    try:
        if args.search:
            search_bench(binary, work, args)
            return
        book = args.book
        if not book:
            book = os.path.join(work, "book")
            for i in range(args.entries):
                folder = os.path.join(book, f"e{i:04d}")
                os.makedirs(folder)
                with open(os.path.join(folder, "entry.json"), "w") as f:
                    json.dump({"title": f"영화 {i}", "date": "%04d-%02d-%02d" % (2020 + i % 3, 1 + i % 12, 1 + i % 28),
                               "rating": (i % 11) / 2, "memo": f"메모 {i}\n둘째 줄", "friends": ["민수"]}, f,
                              ensure_ascii=False)
        cache = os.path.join(work, "cache")
        common = [binary, "render", book, "--cache", cache, "--jobs", str(args.jobs), "--progress", "json",
                  "--today", "2022-12-31"]
        images = "tickets,days,months,books,years"
        full, _ = run(common + ["--only", images])
        still = statistics.median(run(common + ["--only", images])[0] for _ in range(3))
        first, wrote = run(common)
        pages = wrote["rendered"]
        again = [run(common) for _ in range(3)]
        rerun = statistics.median(s for s, _ in again)
        if not args.book:
            with open(os.path.join(book, "e0500", "entry.json"), "r+") as f:
                entry = json.load(f)
                entry["memo"] = "바뀐 메모\n둘째 줄"
                f.seek(0)
                f.truncate()
                json.dump(entry, f, ensure_ascii=False)
            memo, after = run(common)
        print(f"{'photo-less ' + str(args.entries) if not args.book else args.book} entries, --jobs {args.jobs}, release build")
        print("| run | seconds | written |")
        print("|---|---:|---:|")
        print(f"| everything but the site, fresh cache | {full:.2f} | |")
        print(f"| the same again, nothing changed | {still:.2f} | 0 |")
        print(f"| with the site, first time | {first:.2f} | {pages} pages |")
        print(f"| with the site, nothing changed | {rerun:.2f} | {again[0][1]['rendered']} |")
        if not args.book:
            print(f"| with the site, one memo edited | {memo:.2f} | {after['rendered']} (ticket, list image, 2 pages, the year's search index) |")
        print(f"| site pages on disk | | {sum(len(f) for _, _, f in os.walk(os.path.join(cache, 'site'))) + 1} |")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
