#!/usr/bin/env python3
"""Pictures of every kind of site page, to look at before a change ships.

Makes a real-looking diary (the sample book in fixtures/book, plus a year
before it, 40 entries on one day, long and emoji titles, a transparent
cut-out poster, entries without photos), renders it with the release build
(or takes --cache CACHE as it is), then pictures the home page, a month, a
day, an entry, the gallery, the list, a timeline, the years' index, a year
and the search page (and a search for 'ㅎㅇㅈ') at 390x844 on a touch
screen (its pagers paging) and 1280x900, in the light and the dark scheme,
in headless Chromium, as OUT/<kind>-<width>-<scheme>.png (the whole page,
up to 4000 px tall). A day of Arabic and Hebrew entries shows right-to-left
titles and memos.

Usage: scripts/site-screenshots.py --out DIR [--cache CACHE] [--today YYYY-MM-DD]
       [--keep-book DIR]

Needs what the browser test needs (scripts/setup.sh --test) and the
fixtures (fixture-maker --book fixtures/book).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
browser = __import__("site-browser-test")

SIZES = [(390, 844), (1280, 900)]

# Titles as people write them: Korean, mixed, long, with emoji.
TITLES = [
    "헤어질 결심", "기생충", "브로커", "올빼미", "범죄도시 2", "외계+인 1부", "비상선언", "공조 2: 인터내셔날",
    "작은 아씨들", "우리들의 블루스", "스물다섯 스물하나", "나의 아저씨", "불편한 편의점", "달러구트 꿈 백화점",
    "지구 끝의 온실", "소년이 온다", "🎬 심야 영화 마라톤 🍿🌙", "Everything Everywhere All at Once",
    "The Batman", "Top Gun: Maverick", "뮤지컬 〈웃는 남자〉", "국립극장 완창판소리 — 춘향가",
    "아주 아주 긴 제목을 가진 독립 영화 기획전 상영작 모음: 여름밤의 단편들과 감독과의 대화",
    "🎉 친구 생일 파티 겸 보드게임의 밤 🎲", "서울재즈페스티벌 2022", "BTS 〈Yet To Come〉 in BUSAN",
]
FRIENDS = ["민수", "지영", "서연", "엄마", "아빠", "하준", "Jamie"]
KINDS = ["movie", "movie", "movie", "drama", "book", "performance", "other"]
CREDITS = ["박찬욱", "봉준호", "고레에다 히로카즈", "김한민", "이상근", "김초엽", "한강", "Matt Reeves", ""]
MEMOS = [
    "마침내. 두 번 보니 처음엔 보이지 않던 것들이 보였다.",
    "극장을 나와서도 한참 음악이 귓가에 맴돌았다.\n다음엔 더 큰 화면으로 다시 보고 싶다.",
    "",
    "솔직히 기대보다는 별로였지만 배우들 연기는 좋았다 😅",
    "비 오는 날 혼자 본 영화. 창밖 빗소리와 잘 어울렸다.",
]


def make_diary(book):
    """The sample book, plus a year before it and a crowded day."""
    shutil.copytree(os.path.join(ROOT, "fixtures", "book"), book)
    photos = sorted(os.path.join(d, f) for d, _, files in os.walk(book) for f in files
                    if f.split(".")[-1] in ("jpg", "png", "webp") and f.startswith("front"))
    if not photos:
        raise SystemExit("fixtures/book has no photos: run fixture-maker --book fixtures/book")
    poster = os.path.join(book, "poster.png")
    maker = os.path.join(ROOT, ".build", "debug", "fixture-maker")
    if not os.path.exists(maker):
        subprocess.run(["swift", "build", "--product", "fixture-maker"], cwd=ROOT, check=True, capture_output=True)
    subprocess.run([maker, "--poster", poster], check=True, capture_output=True)

    def add(folder, date, i, title=None, photo=True, source=None, **extra):
        path = os.path.join(book, folder)
        os.makedirs(path)
        entry = {"title": title or TITLES[i % len(TITLES)], "date": date, "rating": (i * 7 % 11) / 2,
                 "kind": KINDS[i % len(KINDS)], "memo": MEMOS[i % len(MEMOS)],
                 "friends": [FRIENDS[(i + k) % len(FRIENDS)] for k in range(i % 3)]}
        credit = CREDITS[i % len(CREDITS)]
        if credit:
            entry["author" if entry["kind"] == "book" else "director"] = credit
        if photo:
            source = source or photos[i % len(photos)]
            name = "front." + source.split(".")[-1]
            shutil.copy(source, os.path.join(path, name))
            entry["front"] = {"photo": name}
        entry.update(extra)
        with open(os.path.join(path, "entry.json"), "w", encoding="utf-8") as f:
            json.dump(entry, f, ensure_ascii=False)

    # 2021, a few a month.
    for i in range(30):
        add(f"2021-{i:02d}", "2021-%02d-%02d" % (1 + i % 12, 1 + (i * 5) % 28), i, photo=i % 4 != 0)
    # A film festival: 40 entries on one day.
    for i in range(40):
        add(f"festival-{i:02d}", "2022-07-16", i + 3, title=f"{TITLES[i % len(TITLES)]} · 영화제 {i + 1}번째",
            photo=i % 5 != 1)
    add("poster", "2022-09-30", 1, title="웡카 🍫 (투명한 포스터)", source=poster, rating=4.5)
    # Right to left, mixed with Latin and numbers, on one day.
    add("arabic", "2022-09-29", 2, title="فيلم الليلة 2024 مع Dune", memo="ذهبنا مع Jamie في الساعة 9 مساءً",
        friends=["سارة", "نور"])
    add("hebrew", "2022-09-29", 4, title="הסרט 2 של Nolan", memo="ראינו את זה ב-IMAX עם 4 חברים", friends=["נועה"])
    os.remove(poster)
    return book


def shoot(driver, base, rel, path, size, scheme):
    width, height = size
    phone = width == browser.PHONE[0]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.set_window_size(*browser.DESKTOP)
    # A phone is a touch screen: its pagers page.
    browser.touch_screen(driver, phone)
    if not phone:
        driver.set_window_size(width, height)
    try:
        driver.get(base + rel)
        driver.execute_async_script(browser.LOAD_IMAGES)
        full = min(max(driver.execute_script("return document.documentElement.scrollHeight"), height), 4000)
        if phone:
            browser.touch_screen(driver, True, height=full)
        else:
            driver.set_window_size(width, full)
        driver.execute_async_script(browser.LOAD_IMAGES)
        driver.save_screenshot(path)
    finally:
        browser.touch_screen(driver, False)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--cache")
    ap.add_argument("--today", default="2022-10-05")
    ap.add_argument("--keep-book")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="pr-shots-")
    try:
        cache = args.cache
        if not cache:
            book = make_diary(args.keep_book or os.path.join(work, "book"))
            subprocess.run(["swift", "build", "-c", "release", "--product", "photicase-render"], cwd=ROOT, check=True,
                           capture_output=True)
            binary = os.path.join(ROOT, ".build", "release", "photicase-render")
            cache = os.path.join(work, "cache")
            subprocess.run([binary, "render", book, "--cache", cache, "--today", args.today, "--progress", "none"],
                           check=True, capture_output=True)
        cache = os.path.realpath(cache)
        pages = {
            "home": "index.html", "month": "site/months/2022-08.html", "day": "site/days/2022-07-16.html",
            "entry": "site/entries/2022-08-27-decision.html", "gallery": "site/book/gallery-001.html",
            "list": "site/book/list-001.html", "timeline": "site/book/timeline-2022.html",
            "years": "site/years/index.html", "year": "site/years/2022.html", "search": "site/search.html",
            "search-query": "site/search.html#q=%E3%85%8E%E3%85%87%E3%85%88",
            "search-filters": "site/search.html#kind=book&sort=rating",
            "entry-poster": "site/entries/poster.html",
            "day-rtl": "site/days/2022-09-29.html", "entry-rtl": "site/entries/arabic.html",
        }
        os.makedirs(args.out, exist_ok=True)
        driver = browser.start_driver()
        driver.set_script_timeout(120)
        base = "file://" + cache + "/"
        try:
            for kind, rel in pages.items():
                for size in SIZES:
                    for scheme in ("light", "dark"):
                        shoot(driver, base, rel, os.path.join(args.out, f"{kind}-{size[0]}-{scheme}.png"), size, scheme)
        finally:
            driver.quit()
        print(f"{len(pages) * len(SIZES) * 2} pictures in {args.out}")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
