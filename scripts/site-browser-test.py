#!/usr/bin/env python3
"""Crawls the site a render wrote into CACHE in headless Chromium.

From index.html, every page reachable by links is loaded, once over
file:// and once from a static server on 127.0.0.1, and checked:
every link and image resolves to a file inside the cache, every image
loads (naturalWidth > 0) at the size its width/height attributes say,
nothing is fetched from outside the cache, the console stays free of
errors, the page is in Korean with a viewport, a title, one h1 and
headings in order, every link says where it goes, no page scrolls
sideways at a phone's width, and the arrow keys follow prev/next links.

With --expect FILE (JSON: [{"page", "title", "memo": [...], "friends":
[...]}]), each listed entry page must show exactly that title and those
memo lines and friends as text, and no page may hold markup or script
that a user's text could have injected.

With --screenshots DIR, one picture of each kind of page is written as
DIR/site-<kind>.png (and site-phone-<kind>.png for a few at phone width).

Exit status 0 when everything passed, 1 with one line per failure, 2 when
the browser cannot be started. Usage:

  site-browser-test.py --cache CACHE [--expect FILE] [--screenshots DIR]
      [--shoot KIND=PATH ...]
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import sys
import threading
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import UnexpectedAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

DESKTOP = (1100, 900)
PHONE = (390, 844)

# Scrolls every image into view (they load lazily), waits for each, and
# reports what it got.
LOAD_IMAGES = """
const done = arguments[arguments.length - 1];
(async () => {
  const out = [];
  for (const img of Array.from(document.images)) {
    img.scrollIntoView({block: "center"});
    const start = Date.now();
    while (!(img.complete && img.naturalWidth > 0) && Date.now() - start < 8000) {
      await new Promise(r => setTimeout(r, 25));
    }
    // Loaded is not yet painted: wait until the image is decoded.
    if (img.naturalWidth > 0) { try { await img.decode(); } catch (e) {} }
    out.push({src: img.getAttribute("src"), alt: img.getAttribute("alt"), width: img.getAttribute("width"),
              height: img.getAttribute("height"), loading: img.getAttribute("loading"),
              naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, complete: img.complete});
  }
  window.scrollTo(0, 0);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  done(out);
})();
"""

# What a page is made of, as the browser sees it.
DESCRIBE = """
const name = a => (a.textContent.trim() || a.getAttribute("aria-label") || "").trim();
return {
  lang: document.documentElement.lang,
  title: document.title,
  viewport: !!document.querySelector('meta[name="viewport"]'),
  headings: Array.from(document.querySelectorAll("h1,h2,h3,h4,h5,h6")).map(h => Number(h.tagName[1])),
  links: Array.from(document.querySelectorAll("a[href]")).map(a => ({raw: a.getAttribute("href"), url: a.href,
                                                                     name: name(a)})),
  assets: Array.from(document.querySelectorAll("link[href], script[src]")).map(e => ({
    raw: e.getAttribute("href") || e.getAttribute("src"), url: e.href || e.src, rel: e.getAttribute("rel")})),
  resources: performance.getEntriesByType("resource").map(r => r.name),
  scripts: document.scripts.length,
  handlers: Array.from(document.querySelectorAll("*")).filter(e => Array.from(e.attributes)
    .some(a => a.name.startsWith("on") || /^\\s*javascript:/i.test(a.value))).map(e => e.outerHTML.slice(0, 120)),
  foreign: Array.from(document.querySelectorAll("b, i, u, iframe, object, embed, svg, math, form, input, style, base, marquee"))
    .map(e => e.tagName),
  pwned: window.__pwned !== undefined,
  sideways: document.documentElement.scrollWidth - window.innerWidth,
};
"""


def page_kind(rel):
    """The kind of page at cache-relative `rel`."""
    if rel == "index.html":
        return "home"
    parts = rel.split("/")
    if parts[1] == "book":
        return parts[2].split("-")[0]
    if parts[1] == "years":
        return "years" if parts[2] == "index.html" else "year"
    return {"months": "month", "days": "day", "entries": "entry"}.get(parts[1], "other")


class Crawl:
    def __init__(self, driver, cache, base, failures):
        self.driver = driver
        self.cache = os.path.realpath(cache)
        self.base = base  # "file:///.../cache/" or "http://127.0.0.1:N/"
        self.failures = failures
        self.pages = {}

    def fail(self, rel, message):
        self.failures.append(f"{self.scheme()} {rel}: {message}")

    def scheme(self):
        return "file" if self.base.startswith("file:") else "http"

    def relative(self, url):
        """The cache-relative path a URL of this crawl names, or None outside the cache."""
        url = urllib.parse.urldefrag(url)[0]
        if not url.startswith(self.base):
            return None
        rel = urllib.parse.unquote(url[len(self.base):])
        full = os.path.realpath(os.path.join(self.cache, rel))
        if full != self.cache and not full.startswith(self.cache + os.sep):
            return None
        return os.path.relpath(full, self.cache)

    def load(self, rel):
        self.driver.get_log("browser")  # what the previous page left
        self.driver.get(self.base + urllib.parse.quote(rel))

    def visit(self, rel):
        try:
            self.load(rel)
            images = self.driver.execute_async_script(LOAD_IMAGES)
            page = self.driver.execute_script(DESCRIBE)
        except UnexpectedAlertPresentException as e:
            self.fail(rel, f"an alert opened: {e.alert_text!r}")
            return []
        for entry in self.driver.get_log("browser"):
            if entry.get("level") == "SEVERE":
                self.fail(rel, f"console error: {entry.get('message')}")
        self.check_page(rel, page)
        self.check_images(rel, images)
        self.pages[rel] = page
        found = []
        for link in page["links"] + page["assets"]:
            raw = link["raw"]
            if raw.startswith("#"):
                continue
            if raw.startswith("data:") and link.get("rel") == "icon":
                continue
            if urllib.parse.urlsplit(raw).scheme or raw.startswith("//") or raw.startswith("/"):
                self.fail(rel, f"link is not relative: {raw}")
                continue
            target = self.relative(link["url"])
            if target is None:
                self.fail(rel, f"link leaves the cache: {raw}")
            elif not os.path.isfile(os.path.join(self.cache, target)):
                self.fail(rel, f"link to a missing file: {raw} ({target})")
            elif target.endswith(".html"):
                found.append(target)
        return found

    def check_page(self, rel, page):
        if page["lang"] != "ko":
            self.fail(rel, f"lang is {page['lang']!r}")
        if not page["viewport"]:
            self.fail(rel, "no viewport meta tag")
        if not page["title"].strip():
            self.fail(rel, "no title")
        heads = page["headings"]
        if heads.count(1) != 1 or heads[0] != 1:
            self.fail(rel, f"headings do not start with one h1: {heads}")
        for a, b in zip(heads, heads[1:]):
            if b > a + 1:
                self.fail(rel, f"heading level jumps from h{a} to h{b}")
        for link in page["links"]:
            if not link["name"]:
                self.fail(rel, f"a link says nothing: {link['raw']}")
        for name in page["resources"]:
            if not name.startswith(self.base):
                self.fail(rel, f"fetched from outside the cache: {name}")
        if page["scripts"] != 1:
            self.fail(rel, f"{page['scripts']} scripts, expected only site.js")
        if page["handlers"]:
            self.fail(rel, f"elements with event handlers or javascript: URLs: {page['handlers'][:3]}")
        if page["foreign"]:
            self.fail(rel, f"elements the site never writes: {sorted(set(page['foreign']))}")
        if page["pwned"]:
            self.fail(rel, "injected script ran (window.__pwned is set)")
        if page["sideways"] > 1:
            self.fail(rel, f"scrolls sideways by {page['sideways']} px")

    def check_images(self, rel, images):
        for img in images:
            src = img["src"]
            if not (img["complete"] and img["naturalWidth"] > 0):
                self.fail(rel, f"image does not load: {src}")
                continue
            if img["alt"] is None:
                self.fail(rel, f"image without alt: {src}")
            if img["loading"] != "lazy":
                self.fail(rel, f"image not loading lazily: {src}")
            if (img["width"], img["height"]) != (str(img["naturalWidth"]), str(img["naturalHeight"])):
                self.fail(rel, f"image {src} says {img['width']}x{img['height']}, "
                               f"is {img['naturalWidth']}x{img['naturalHeight']}")

    def run(self):
        queue, seen = ["index.html"], {"index.html"}
        while queue:
            rel = queue.pop(0)
            for target in self.visit(rel):
                if target not in seen:
                    seen.add(target)
                    queue.append(target)
        return seen


def check_expected(driver, crawl, expected, failures):
    """Hostile text shows as the literal text the user wrote."""
    for item in expected:
        rel = item["page"]
        if rel not in crawl.pages:
            failures.append(f"{rel}: expected entry page was not reached by links")
            continue
        crawl.load(rel)
        h1 = driver.find_element(By.TAG_NAME, "h1")
        if h1.text != item["title"]:
            failures.append(f"{rel}: title shows {h1.text!r}, expected {item['title']!r}")
        if h1.find_elements(By.CSS_SELECTOR, "*"):
            failures.append(f"{rel}: the title holds elements")
        if not driver.title.startswith(item["title"]):
            failures.append(f"{rel}: document title {driver.title!r} does not start with {item['title']!r}")
        memo = driver.find_elements(By.CSS_SELECTOR, ".memo")
        memo_text = memo[0].get_attribute("textContent") if memo else ""
        for line in item.get("memo", []):
            if line not in memo_text:
                failures.append(f"{rel}: memo line {line!r} not shown")
        details = driver.find_elements(By.CSS_SELECTOR, ".details")
        details_text = details[0].get_attribute("textContent") if details else ""
        for friend in item.get("friends", []):
            if friend not in details_text:
                failures.append(f"{rel}: friend {friend!r} not shown")


def check_arrow_keys(driver, crawl, failures):
    """The right arrow follows an entry page's next link."""
    for rel in sorted(crawl.pages):
        if page_kind(rel) != "entry":
            continue
        crawl.load(rel)
        nexts = driver.find_elements(By.CSS_SELECTOR, '.pager a[rel="next"]')
        if not nexts:
            continue
        target = nexts[0].get_attribute("href")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        try:
            from selenium.webdriver.support.ui import WebDriverWait
            WebDriverWait(driver, 5).until(lambda d: d.current_url == target)
        except WebDriverException:
            failures.append(f"{rel}: the right arrow key did not open {target}")
        return


def check_phone(driver, crawl, failures):
    """One page of each kind at a phone's width: nothing scrolls sideways."""
    driver.set_window_size(*PHONE)
    done = set()
    for rel in sorted(crawl.pages):
        kind = page_kind(rel)
        if kind in done:
            continue
        done.add(kind)
        crawl.load(rel)
        sideways = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        if sideways > 1:
            failures.append(f"{rel}: scrolls sideways by {sideways} px at {PHONE[0]} px wide")
    driver.set_window_size(*DESKTOP)


def screenshots(driver, crawl, folder, chosen):
    """A picture of each kind of page, the whole page up to 1500 px tall (1600 on a phone)."""
    os.makedirs(folder, exist_ok=True)
    pick = {}
    for rel in sorted(crawl.pages):
        pick.setdefault(page_kind(rel), rel)
    pick.update(chosen)
    for kind, rel in sorted(pick.items()):
        for (width, height), prefix in [(DESKTOP, "site"), (PHONE, "site-phone")]:
            if prefix == "site-phone" and kind not in ("home", "entry"):
                continue
            driver.set_window_size(width, height)
            crawl.load(rel)
            driver.execute_async_script(LOAD_IMAGES)
            full = driver.execute_script("return document.documentElement.scrollHeight")
            driver.set_window_size(width, min(max(full, 400), 1500 if prefix == "site" else 1600))
            driver.execute_async_script(LOAD_IMAGES)
            driver.save_screenshot(os.path.join(folder, f"{prefix}-{kind}.png"))
    driver.set_window_size(*DESKTOP)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def start_driver():
    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--lang=ko-KR", "--allow-file-access-from-files",
                f"--window-size={DESKTOP[0]},{DESKTOP[1]}"]:
        options.add_argument(arg)
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = shutil.which("chromedriver") or "/usr/lib/chromium/chromedriver"
    return webdriver.Chrome(options=options, service=Service(driver_path))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", required=True)
    parser.add_argument("--expect")
    parser.add_argument("--screenshots")
    parser.add_argument("--shoot", action="append", default=[], help="KIND=PATH: the page to picture for KIND")
    args = parser.parse_args()
    cache = os.path.realpath(args.cache)
    try:
        driver = start_driver()
    except WebDriverException as e:
        print(f"site-browser-test: cannot start Chromium: {e.msg}", file=sys.stderr)
        return 2
    failures = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=cache))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(120)
        crawl = Crawl(driver, cache, "file://" + urllib.parse.quote(cache) + "/", failures)
        seen = crawl.run()
        served = Crawl(driver, cache, f"http://127.0.0.1:{server.server_address[1]}/", failures)
        served_seen = served.run()
        if served_seen != seen:
            failures.append(f"http crawl reached {len(served_seen)} pages, file crawl {len(seen)}")
        on_disk = {os.path.relpath(os.path.join(d, f), cache) for d, _, files in os.walk(cache)
                   for f in files if f.endswith(".html")}
        for rel in sorted(on_disk - seen):
            failures.append(f"{rel}: no link leads to this page")
        if args.expect:
            with open(args.expect, encoding="utf-8") as f:
                check_expected(driver, crawl, json.load(f), failures)
        check_arrow_keys(driver, crawl, failures)
        check_phone(driver, crawl, failures)
        if args.screenshots:
            screenshots(driver, crawl, args.screenshots, dict(s.split("=", 1) for s in args.shoot))
        kinds = sorted({page_kind(p) for p in seen})
        print(json.dumps({"pages": len(seen), "kinds": kinds, "failures": len(failures)}))
    finally:
        driver.quit()
        server.shutdown()
    for line in failures:
        print(line, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
