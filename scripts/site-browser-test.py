#!/usr/bin/env python3
"""Crawls the site a render wrote into CACHE in headless Chromium.

From index.html, every page reachable by links is loaded, once over
file:// and once from a static server on 127.0.0.1, and checked:
every link and image resolves to a file inside the cache, every image
loads (naturalWidth > 0) at the size its width/height attributes say,
every download is the image its label says (format and size), nothing is
fetched from outside the cache, the console stays free of errors, the page
is in Korean with a viewport, a title, one h1 and headings in order, every
link says where it goes, no page scrolls sideways at a phone's width, and
the arrow keys follow prev/next links.

Then, on one page of each kind (home, month, day, entry, gallery, list,
timeline, years, year, search, and a search with results): axe-core (the
copy PyPI's axe-selenium-python bundles) finds no serious or critical
violation in the light or the dark colour scheme; the dark scheme is dark;
at a phone's width the pager's links sit on one line, the years' table
does not break its numbers, rows show a square crop of the front photo,
and an entry page shows each face once, as a link to the whole image.

With --search FILE (JSON: [{"fragment", "titles": [...], "first"}]),
site/search.html#FRAGMENT must show exactly those entries' titles (and
`first` first); the form and the fragment must follow each other.
With --expect-home-diary, index.html (today's month without entries)
must show the latest entries, each a link to its page.

With --expect FILE (JSON: [{"page", "title", "memo": [...], "friends":
[...]}]), each listed entry page must show exactly that title and those
memo lines and friends as text, and no page may hold markup or script
that a user's text could have injected.

With --screenshots DIR, one picture of each kind of page is written as
DIR/site-<kind>.png (and site-phone-<kind>.png for the home page, an entry
and a day's pager on a phone's touch screen).

On a phone's touch screen (390x844, touch emulated) a day's, a month's and
the gallery's pager must page: a swipe moves one entry and the page control
follows and announces it, the arrow key in the track moves one, a button
jumps at once under prefers-reduced-motion; axe-core finds nothing serious.
With --rtl FILE (JSON: [text]), wherever a text shows, on a desktop and a
phone, it must be set right to left, its ink against its block's right edge,
its first character right of its last.

Exit status 0 when everything passed, 1 with one line per failure, 2 when
the browser cannot be started. Usage:

  site-browser-test.py --cache CACHE [--expect FILE] [--search FILE]
      [--expect-home-diary] [--screenshots DIR] [--shoot KIND=PATH ...]

scripts/site-screenshots.py pictures every kind in both schemes and widths.
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import sys
import time
import threading
import re
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import UnexpectedAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

DESKTOP = (1280, 900)
PHONE = (390, 844)
SCHEMES = ("light", "dark")

# Scrolls every image into view (they load lazily), waits for each, and
# reports what it got.
LOAD_IMAGES = """
const done = arguments[arguments.length - 1];
(async () => {
  const out = [];
  // Pagers jump, not glide, to each image, so none is caught mid-way.
  const tracks = Array.from(document.querySelectorAll(".pager-track"));
  for (const track of tracks) track.style.scrollBehavior = "auto";
  for (const img of Array.from(document.images)) {
    // Not drawn at this size (a pager shown on touch screens only): a lazy
    // image there never loads, and the page shows it where it is drawn.
    if (!img.getClientRects().length) continue;
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
  // Scrolling images into view moved the pagers: back to their first entry.
  for (const track of tracks) {
    track.scrollLeft = 0;
    track.style.scrollBehavior = "";
  }
  await new Promise(r => setTimeout(r, 150));
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
  scripts: Array.from(document.scripts).map(e => e.getAttribute("src")),
  handlers: Array.from(document.querySelectorAll("*")).filter(e => Array.from(e.attributes)
    .some(a => a.name.startsWith("on") || /^\\s*javascript:/i.test(a.value))).map(e => e.outerHTML.slice(0, 120)),
  foreign: Array.from(document.querySelectorAll("b, i, u, iframe, object, embed, svg, math, form, input, style, base, marquee"))
    .map(e => e.tagName),
  pwned: window.__pwned !== undefined,
  sideways: document.documentElement.scrollWidth - window.innerWidth,
  slides: document.querySelectorAll(".entry-pager .slide").length,
};
"""

# Every link that downloads an image and says its format and size
# ("JPEG · 1080×1920"): the file must be that image; one that says "PDF"
# must be a PDF.
CHECK_DOWNLOADS = """
const done = arguments[arguments.length - 1];
(async () => {
  const out = [];
  for (const a of Array.from(document.querySelectorAll("a[download]"))) {
    // A document (the print book) says its format alone: the file must be
    // a PDF (read over http; a browser may not read a file: URL's bytes).
    const info = (a.querySelector(".download-info") || {}).textContent || "";
    if (info === "PDF") {
      if (!/\\.pdf$/.test(a.getAttribute("href"))) out.push(`download ${a.getAttribute("href")} is not PDF`);
      if (location.protocol !== "file:") {
        const head = await fetch(a.href).then(r => r.ok ? r.arrayBuffer() : null).catch(() => null);
        if (!head || new TextDecoder().decode(new Uint8Array(head).slice(0, 5)) !== "%PDF-") {
          out.push(`download does not load as a PDF: ${a.getAttribute("href")}`);
        }
      }
      continue;
    }
    const said = /(JPEG|WebP|PNG) · (\\d+)×(\\d+)/.exec(a.textContent);
    if (!said) { out.push(`download without format and size: ${a.getAttribute("href")}`); continue; }
    const ext = {JPEG: /\\.jpe?g$/, WebP: /\\.webp$/, PNG: /\\.png$/}[said[1]];
    if (!ext.test(a.getAttribute("href"))) out.push(`download ${a.getAttribute("href")} is not ${said[1]}`);
    const img = new Image();
    const loaded = await new Promise(r => { img.onload = () => r(true); img.onerror = () => r(false); img.src = a.href; });
    if (!loaded) out.push(`download does not load: ${a.getAttribute("href")}`);
    else if (img.naturalWidth != said[2] || img.naturalHeight != said[3])
      out.push(`download ${a.getAttribute("href")} says ${said[2]}x${said[3]}, is ${img.naturalWidth}x${img.naturalHeight}`);
  }
  done(out);
})();
"""

AXE = None


def axe_source():
    """axe-core as axe-selenium-python bundles it."""
    global AXE
    if AXE is None:
        import axe_selenium_python
        path = os.path.join(os.path.dirname(axe_selenium_python.__file__), "node_modules", "axe-core", "axe.min.js")
        with open(path, encoding="utf-8") as f:
            AXE = f.read()
    return AXE


RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(r => done(r.violations
  .filter(v => v.impact === "serious" || v.impact === "critical")
  .map(v => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}x, e.g. ${v.nodes[0].target.join(" ")}: `
            + `${((v.nodes[0].any[0] || v.nodes[0].all[0] || v.nodes[0].none[0] || {}).message || "").slice(0, 160)})`)),
  e => done([`axe failed: ${e}`]));
"""

# A phone's layout: what must stay on one line and what rows show.
PHONE_LAYOUT = """
// Lines of text an element takes: its boxes when inline, else its height in line heights.
const lines = el => {
  const style = getComputedStyle(el);
  if (style.display === "inline") return el.getClientRects().length;
  const inner = el.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
    - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
  return Math.round(inner / parseFloat(style.lineHeight));
};
// Lines its text takes, wherever it sits (a table cell is as tall as its row).
const textLines = el => { const r = document.createRange(); r.selectNodeContents(el);
  return new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top))).size; };
const out = [];
const pager = Array.from(document.querySelectorAll(".pager a"));
if (new Set(pager.map(a => Math.round(a.getBoundingClientRect().top))).size > 1) out.push("pager links on two rows");
for (const a of pager) if (lines(a) > 1) out.push(`pager link on ${lines(a)} lines: ${a.textContent}`);
for (const cell of document.querySelectorAll(".years .num, .years th[scope=row] a"))
  if (textLines(cell) > 1) out.push(`years table cell broken over ${textLines(cell)} lines: ${cell.textContent}`);
for (const img of document.querySelectorAll(".rows img")) {
  const crop = img.closest(".crop");
  if (!crop) { out.push(`a row shows a whole image: ${img.getAttribute("src")}`); continue; }
  const box = crop.getBoundingClientRect();
  if (Math.abs(box.width - box.height) > 1 || box.width < 40) out.push(`a row's picture is ${box.width}x${box.height}`);
}
return out;
"""

# An entry page's faces: each once, each a link to its whole image.
FACES = """
const out = [], seen = new Set();
for (const img of document.querySelectorAll(".faces img")) {
  const src = img.getAttribute("src");
  if (seen.has(src)) out.push(`face shown twice: ${src}`);
  seen.add(src);
  const link = img.closest("a");
  if (!link || link.getAttribute("href") !== src) out.push(`face is not a link to its image: ${src}`);
}
for (const img of document.querySelectorAll("main img")) {
  if (!img.closest(".faces") && /\\/(front|back|ticket)\\./.test(img.getAttribute("src")))
    out.push(`a face or the ticket shown again: ${img.getAttribute("src")}`);
}
return out;
"""


# The pager in view: whether it pages, which entry it shows, and what its
# page control says (dots or "3 / 12") and announces.
PAGER_STATE = """
const pager = Array.from(document.querySelectorAll(".entry-pager")).find(p => p.getClientRects().length);
if (!pager) return null;
const track = pager.querySelector(".pager-track"), control = pager.querySelector(".page-control");
const width = track.firstElementChild.getBoundingClientRect().width;
const dots = control ? Array.from(control.querySelectorAll(".dot")) : [];
const count = control && control.querySelector(".page-count");
const status = control && control.querySelector(".page-status");
const box = track.getBoundingClientRect();
return {slides: track.children.length, paging: getComputedStyle(track).scrollSnapType.includes("x"),
        at: Math.abs(track.scrollLeft) / width,
        shown: !!control && !control.hidden && control.getBoundingClientRect().height > 0,
        current: dots.length ? dots.findIndex(d => d.getAttribute("aria-current") === "true")
          : count ? Number(count.textContent.split("/")[0]) - 1 : null,
        status: status ? status.textContent : "", live: status ? status.getAttribute("aria-live") : null,
        titles: Array.from(track.children).map(s => (s.querySelector(".title") || {}).textContent || ""),
        behavior: getComputedStyle(track).scrollBehavior, focusable: track.tabIndex >= 0,
        x: box.left + box.width / 2, y: box.top + Math.min(box.height / 2, 200)};
"""

# Puts the pager in view at entry arguments[0] at once (no glide).
PAGER_TO = """
const pager = Array.from(document.querySelectorAll(".entry-pager")).find(p => p.getClientRects().length);
const track = pager.querySelector(".pager-track");
const width = track.firstElementChild.getBoundingClientRect().width;
track.scrollTo({left: arguments[0] * width * (getComputedStyle(track).direction === "rtl" ? -1 : 1), behavior: "instant"});
"""

# Where each text in arguments[0] falls on the page: for every visible text
# node holding one, its direction, whether its ink hugs the start (right)
# edge of the block it sits in when that block is right to left, and whether
# its first character lies right of its last (read right to left).
MEASURE_RTL = """
const strings = arguments[0], out = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const rect = (node, from, to) => { const r = document.createRange(); r.setStart(node, from); r.setEnd(node, to);
  return r.getBoundingClientRect(); };
for (let node; (node = walker.nextNode());) {
  const string = strings.find(s => node.data.includes(s));
  if (!string) continue;
  const el = node.parentElement;
  if (!el.getClientRects().length || el.closest(".sr-only, [hidden]")) continue;
  let block = el;
  while (getComputedStyle(block).display === "inline") block = block.parentElement;
  const where = `${el.tagName.toLowerCase()}.${el.className || "-"} "${string}"`;
  if (getComputedStyle(el).direction !== "rtl") { out.push(`${where}: direction ${getComputedStyle(el).direction}`); continue; }
  const start = node.data.indexOf(string), end = start + string.length;
  const first = rect(node, start, start + 1), last = rect(node, end - 1, end);
  if (first.top === last.top && !(first.left > last.left))
    out.push(`${where}: not ordered right to left (first character at ${first.left}, last at ${last.left})`);
  const style = getComputedStyle(block), box = block.getBoundingClientRect();
  const right = box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
  const left = box.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
  const ink = rect(node, 0, node.data.length);
  const overflows = ink.width > right - left + 1;
  if (style.direction === "rtl" && !overflows && Math.abs(right - ink.right) > 2)
    out.push(`${where}: ink ends ${Math.round(right - ink.right)} px from the right edge of its ${block.tagName.toLowerCase()}.${block.className || "-"}`);
  out.push(null);
}
return out;
"""


def page_kind(rel):
    """The kind of page at cache-relative `rel`."""
    if rel == "index.html":
        return "home"
    if rel == "site/search.html":
        return "search"
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

    def load(self, rel, fragment=""):
        self.driver.get_log("browser")  # what the previous page left
        self.driver.get(self.base + urllib.parse.quote(rel) + ("#" + fragment if fragment else ""))
        if page_kind(rel) == "search":
            # The search shows its first results once its indexes are read.
            try:
                WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return !!window.photicaseSearchReady"))
            except WebDriverException:
                self.fail(rel, "the search never showed its results")

    def console_errors(self, rel):
        for entry in self.driver.get_log("browser"):
            if entry.get("level") == "SEVERE":
                self.fail(rel, f"console error: {entry.get('message')}")

    def visit(self, rel):
        try:
            self.load(rel)
            images = self.driver.execute_async_script(LOAD_IMAGES)
            page = self.driver.execute_script(DESCRIBE)
        except UnexpectedAlertPresentException as e:
            self.fail(rel, f"an alert opened: {e.alert_text!r}")
            return []
        self.console_errors(rel)
        self.check_page(rel, page)
        self.check_images(rel, images)
        for problem in self.driver.execute_async_script(CHECK_DOWNLOADS):
            self.fail(rel, problem)
        if page_kind(rel) == "entry":
            for problem in self.driver.execute_script(FACES):
                self.fail(rel, problem)
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
        search = page_kind(rel) == "search"
        scripts = [os.path.basename(s or "inline") for s in page["scripts"]]
        allowed = ["site.js"] if not search else \
            ["site.js"] + [s for s in scripts if re.fullmatch(r"\d{4}\.js", s)] + ["search.js"]
        if scripts != allowed:
            self.fail(rel, f"scripts {scripts}, expected {allowed}")
        if page["handlers"]:
            self.fail(rel, f"elements with event handlers or javascript: URLs: {page['handlers'][:3]}")
        # The search page alone has a form.
        foreign = [t for t in page["foreign"] if not (search and t in ("FORM", "INPUT"))]
        if foreign:
            self.fail(rel, f"elements the site never writes: {sorted(set(foreign))}")
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
            WebDriverWait(driver, 5).until(lambda d: d.current_url == target)
        except WebDriverException:
            failures.append(f"{rel}: the right arrow key did not open {target}")
        return


def touch_screen(driver, on, height=PHONE[1]):
    """A phone's touch screen 390 pixels wide (pointer: coarse), 844 tall
    unless a picture wants more, or back to the desktop."""
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": on, "maxTouchPoints": 5})
    if on:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": PHONE[0], "height": height, "deviceScaleFactor": 1, "mobile": True})
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def swipe(driver, x, y, dx):
    """A finger dragged dx pixels sideways from (x, y), in 160 ms.

    Each event carries its time, 16 ms after the one before: the browser
    works out the finger's speed (and so how far the page flings on) from
    these, not from when the events happened to arrive, which on a loaded
    machine is late and uneven (a drag read as a fast fling moved two
    entries in CI)."""
    start = time.time()

    def touch(kind, k, points):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                               {"type": kind, "touchPoints": points, "timestamp": start + 0.016 * k})

    touch("touchStart", 0, [{"x": x, "y": y}])
    for k in range(1, 11):
        touch("touchMove", k, [{"x": x + dx * k / 10, "y": y}])
    touch("touchEnd", 11, [])


def settled(driver, want, timeout=10):
    """The pager's state once it rests on entry `want`, else the last seen."""
    last = {"still": 0}

    # At rest means there, and still there four looks later (0.3 s): a
    # pager passing `want` on its way, or bouncing back from the end, is
    # not at rest, and a swipe begun then is another gesture (on a loaded
    # machine such a glide takes longer than on an idle one).
    def rests(d):
        state = last["state"] = d.execute_script(PAGER_STATE)
        there = bool(state) and abs(state["at"] - want) < 0.01 and state["current"] == want
        last["still"] = last["still"] + 1 if there else 0
        return last["still"] >= 4

    try:
        WebDriverWait(driver, timeout, poll_frequency=0.1).until(rests)
    except WebDriverException:
        pass
    return last["state"]


def gesture(driver, rel, start, want, dx, x, y):
    """A swipe of dx pixels from (x, y), the pager first put at rest on
    entry `start`; the state it comes to rest in (want: where it should).

    Under CI's full load (every suite beside it) Chromium now and then
    carried a fling an entry too far, in either direction, though never
    on an idle or a merely busy machine here (three CPU hogs). Such a
    miss is said on stderr and the gesture tried once more from `start`:
    a pager without snap stops misses both."""
    rest = None
    for attempt in range(2):
        driver.execute_script(PAGER_TO, start)
        settled(driver, start)
        swipe(driver, x, y, dx)
        rest = settled(driver, want)
        if abs(rest["at"] - want) <= 0.01:
            break
        if attempt == 0:
            print(f"site-browser-test: {rel}: a swipe of {dx} px from entry {start + 1} came to rest at entry "
                  f"{rest['at'] + 1:.2f}, not {want + 1}; trying again", file=sys.stderr)
    return rest


def check_pager(driver, crawl, failures):
    """On a touch screen a day's, a month's and the book's order page page
    their entries: a swipe moves one entry, the page control follows and
    says where; buttons and the arrow keys move one; reduced motion jumps.
    On a desktop the day still pages and the gallery is a grid."""
    targets = {}
    for rel in sorted(crawl.pages):
        kind = page_kind(rel)
        if kind in ("day", "month", "gallery") and crawl.pages[rel]["slides"] >= 2:
            targets.setdefault(kind, rel)
    for kind in ("day", "gallery"):
        if kind not in targets:
            failures.append(f"no {kind} page with two entries to page")
    checked = 0
    touch_screen(driver, True)
    try:
        for kind, rel in sorted(targets.items()):
            crawl.load(rel)
            driver.execute_async_script(LOAD_IMAGES)
            driver.execute_script("document.querySelector('.entry-pager:not(.touch-only), .touch-only')"
                                  ".scrollIntoView({block: 'start', behavior: 'instant'})")
            sideways = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            if sideways > 1:
                failures.append(f"{rel}: on a touch screen the page scrolls sideways by {sideways} px")
            state = driver.execute_script(PAGER_STATE)
            n = state and state["slides"]
            if not state or not state["paging"] or not state["shown"] or state["current"] != 0 or state["live"] != "polite" \
                    or not state["focusable"]:
                failures.append(f"{rel}: on a touch screen the pager is {state}")
                continue
            swipe(driver, state["x"] + 100, state["y"], -200)
            state = settled(driver, 1)
            if abs(state["at"] - 1) > 0.01 or state["current"] != 1:
                failures.append(f"{rel}: a swipe left moved the pager to entry {state['at'] + 1:.2f}, "
                                f"its control to {state['current'] + 1}, not 2")
            elif not state["status"].startswith(f"2 / {n}") or state["titles"][1] not in state["status"]:
                failures.append(f"{rel}: after a swipe the control announces {state['status']!r}")
            # A long, fast swipe still moves one entry (with two entries,
            # none: the second is the last), and a swipe right moves one
            # back. Each gesture starts from its own entry with the pager
            # at rest, as a finger lifts and lands again (a swipe begun
            # while the last still glides is another gesture), so one
            # that goes wrong does not throw off the next.
            if n > 2:
                rest = gesture(driver, rel, start=1, want=2, dx=-300, x=state["x"] + 150, y=state["y"])
                if abs(rest["at"] - 2) > 0.01:
                    failures.append(f"{rel}: a long swipe from entry 2 left the pager at entry {rest['at'] + 1:.2f}, "
                                    f"not 3 (its control at {rest['current'] + 1})")
            back = 1 if n > 2 else 0
            rest = gesture(driver, rel, start=back + 1, want=back, dx=300, x=state["x"] - 150, y=state["y"])
            if abs(rest["at"] - back) > 0.01:
                failures.append(f"{rel}: a swipe right left the pager at entry {rest['at'] + 1:.2f}, not {back + 1}")
            driver.execute_script(PAGER_TO, back)
            settled(driver, back)
            driver.execute_script(axe_source())
            for problem in driver.execute_async_script(RUN_AXE):
                failures.append(f"{rel}: axe on a touch screen: {problem}")
            # The arrow key in the focused track moves one entry, not the page.
            url = driver.current_url
            driver.execute_script("document.querySelector('.entry-pager:not(.touch-only) .pager-track, "
                                  ".touch-only .pager-track').focus()")
            driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
            if abs(settled(driver, back + 1)["at"] - (back + 1)) > 0.01 or driver.current_url != url:
                failures.append(f"{rel}: the right arrow in the pager did not move one entry")
            # Reduced motion: a button jumps at once; otherwise it glides.
            for motion, behavior in (("reduce", "auto"), ("no-preference", "smooth")):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"features": [{"name": "prefers-reduced-motion", "value": motion}]})
                crawl.load(rel)
                moved = driver.execute_script("""
                  const pager = Array.from(document.querySelectorAll(".entry-pager")).find(p => p.getClientRects().length);
                  const track = pager.querySelector(".pager-track");
                  pager.querySelector('.page-step[data-step="1"]').click();
                  return [getComputedStyle(track).scrollBehavior, Math.abs(track.scrollLeft)
                          / track.firstElementChild.getBoundingClientRect().width];""")
                if moved[0] != behavior or (motion == "reduce") != (abs(moved[1] - 1) < 0.01):
                    failures.append(f"{rel}: with prefers-reduced-motion {motion} the next button "
                                    f"scrolls {moved[0]}, to {moved[1] + 1:.2f} at once")
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            checked += 1
    finally:
        touch_screen(driver, False)
    # A desktop's width and a mouse: a day's cards and the book's order
    # are grids (a day pages at a phone's width, touch or not).
    for kind, paging in (("day", False), ("gallery", False)):
        if kind in targets:
            crawl.load(targets[kind])
            state = driver.execute_script(PAGER_STATE)
            if not state or state["paging"] != paging or state["shown"] != paging:
                failures.append(f"{targets[kind]}: on a desktop the pager {'does not page' if paging else 'pages'}")
    return checked


def check_rtl(driver, crawl, strings, failures):
    """Right-to-left text (Arabic, Hebrew, with Latin and numbers) on every
    kind of page that shows it, on a desktop and on a phone's touch screen:
    set right to left, its ink against the right edge, read right to left."""
    pick = {}
    for rel in sorted(crawl.pages):
        with open(os.path.join(crawl.cache, rel), encoding="utf-8") as f:
            html = f.read()
        if any(s in html for s in strings) or page_kind(rel) == "search":
            pick.setdefault(page_kind(rel), rel)
    measured = 0
    for phone in (False, True):
        touch_screen(driver, phone)
        try:
            for kind, rel in sorted(pick.items()):
                crawl.load(rel)
                driver.execute_async_script(LOAD_IMAGES)
                results = driver.execute_script(MEASURE_RTL, strings)
                measured += results.count(None)
                for problem in filter(None, results):
                    failures.append(f"{rel}{' on a phone' if phone else ''}: {problem}")
                if results.count(None) == 0:
                    failures.append(f"{rel}{' on a phone' if phone else ''}: no right-to-left text shown")
        finally:
            touch_screen(driver, False)
    return measured


def representatives(crawl):
    """The first page of each kind, in path order."""
    pick = {}
    for rel in sorted(crawl.pages):
        pick.setdefault(page_kind(rel), rel)
    return pick


def check_phone(driver, crawl, failures):
    """One page of each kind at a phone's width: nothing scrolls sideways,
    pagers and the years' numbers keep to a line, rows show a crop."""
    driver.set_window_size(*PHONE)
    for kind, rel in sorted(representatives(crawl).items()):
        crawl.load(rel)
        sideways = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        if sideways > 1:
            failures.append(f"{rel}: scrolls sideways by {sideways} px at {PHONE[0]} px wide")
        for problem in driver.execute_script(PHONE_LAYOUT):
            failures.append(f"{rel}: at {PHONE[0]} px wide, {problem}")
    driver.set_window_size(*DESKTOP)


def set_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def luminance(css):
    """The relative luminance of a CSS `rgb(r, g, b)`."""
    channels = [int(v) / 255 for v in re.findall(r"\d+", css)[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def check_accessibility(driver, crawl, failures):
    """axe-core on one page of each kind and a search with results, in
    both colour schemes: no serious or critical violation, no console
    error; and the dark scheme is dark."""
    targets = sorted(representatives(crawl).items()) + [("search results", "site/search.html", "sort=rating")]
    backgrounds = {}
    try:
        for scheme in SCHEMES:
            set_scheme(driver, scheme)
            for target in targets:
                kind, rel, fragment = target if len(target) == 3 else (*target, "")
                crawl.load(rel, fragment)
                driver.execute_async_script(LOAD_IMAGES)
                backgrounds.setdefault(scheme, driver.execute_script(
                    "return getComputedStyle(document.body).backgroundColor"))
                driver.execute_script(axe_source())
                for problem in driver.execute_async_script(RUN_AXE):
                    crawl.fail(rel + ("#" + fragment if fragment else ""), f"axe, {scheme} scheme: {problem}")
                crawl.console_errors(rel)
    finally:
        set_scheme(driver, "light")
    if luminance(backgrounds["light"]) < 0.7:
        failures.append(f"the light scheme's background is {backgrounds['light']}")
    if luminance(backgrounds["dark"]) > 0.05:
        failures.append(f"the dark scheme's background is {backgrounds['dark']}, not dark")
    return len(targets)


RESULTS = "return Array.from(document.querySelectorAll('#results .title')).map(e => e.textContent)"


def check_search(driver, crawl, cases, failures):
    """Each fragment finds exactly its entries; the form and the fragment follow each other."""
    rel = "site/search.html"
    if rel not in crawl.pages:
        failures.append(f"{rel}: no link leads to the search page")
        return
    for case in cases:
        crawl.load(rel, case["fragment"])
        titles = driver.execute_script(RESULTS)
        if sorted(titles) != sorted(case["titles"]):
            failures.append(f"search #{case['fragment']}: found {sorted(titles)}, expected {sorted(case['titles'])}")
        if case.get("first") and (not titles or titles[0] != case["first"]):
            failures.append(f"search #{case['fragment']}: first result {titles[:1]}, expected {case['first']!r}")
        crawl.console_errors(rel + "#" + case["fragment"])
    try:
        check_search_form(driver, crawl, failures)
    except WebDriverException as e:
        failures.append(f"{rel}: the search form does not work: {e.msg}")


def check_search_form(driver, crawl, failures):
    """The fragment fills the form, and the form writes the fragment."""
    rel = "site/search.html"
    crawl.load(rel, "kind=book&min=4")
    if [driver.find_element(By.ID, n).get_attribute("value") for n in ("kind", "min")] != ["book", "4.0"]:
        failures.append("search: the fragment kind=book&min=4 did not set the filters")
    Select(driver.find_element(By.ID, "kind")).select_by_value("movie")
    Select(driver.find_element(By.ID, "sort")).select_by_value("date")
    driver.find_element(By.ID, "q").send_keys("ㅎㅇ")
    try:
        WebDriverWait(driver, 5).until(lambda d: "q=%E3%85%8E%E3%85%87" in d.execute_script("return location.hash"))
    except WebDriverException:
        pass
    fragment = driver.execute_script("return location.hash")
    if fragment != "#q=%E3%85%8E%E3%85%87&kind=movie&min=4.0&sort=date":
        failures.append(f"search: the form wrote the fragment {fragment!r}")
    kinds = driver.execute_script("return Array.from(document.querySelectorAll('#results .kind')).map(e => e.textContent)")
    if any(k != "영화" for k in kinds):
        failures.append(f"search: kind=movie shows {sorted(set(kinds))}")
    crawl.console_errors(rel)


def check_home_diary(driver, crawl, failures):
    """Today's month has no entry: the home page shows the latest ones."""
    crawl.load("index.html")
    links = driver.execute_script(
        "return Array.from(document.querySelectorAll('.home-diary a.card')).map(a => a.getAttribute('href'))")
    if not links or not all(link.startswith("site/entries/") for link in links):
        failures.append(f"index.html: the latest entries beside an empty month are {links}")


def screenshots(driver, crawl, folder, chosen):
    """A picture of each kind of page, the whole page up to 1500 px tall;
    the home page, an entry and a day's pager also on a phone's touch
    screen (1600 px tall at most), its pager swiped to its second entry."""
    os.makedirs(folder, exist_ok=True)
    pick = {}
    for rel in sorted(crawl.pages):
        pick.setdefault(page_kind(rel), rel)
    pick.update(chosen)
    for kind, rel in sorted(pick.items()):
        driver.set_window_size(*DESKTOP)
        crawl.load(rel)
        driver.execute_async_script(LOAD_IMAGES)
        full = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(DESKTOP[0], min(max(full, 400), 1500))
        driver.execute_async_script(LOAD_IMAGES)
        driver.save_screenshot(os.path.join(folder, f"site-{kind}.png"))
        if kind not in ("home", "entry", "day"):
            continue
        try:
            touch_screen(driver, True)
            crawl.load(rel)
            driver.execute_async_script(LOAD_IMAGES)
            full = driver.execute_script("return document.documentElement.scrollHeight")
            touch_screen(driver, True, height=min(max(full, 400), 1600))
            driver.execute_async_script(LOAD_IMAGES)
            state = driver.execute_script(PAGER_STATE)
            if state and state["paging"] and state["slides"] > 1:
                swipe(driver, state["x"] + 100, state["y"], -200)
                settled(driver, 1)
            driver.save_screenshot(os.path.join(folder, f"site-phone-{kind}.png"))
        finally:
            touch_screen(driver, False)
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
    parser.add_argument("--search", help="JSON: [{fragment, titles, first}] the search must find")
    parser.add_argument("--expect-home-diary", action="store_true")
    parser.add_argument("--screenshots")
    parser.add_argument("--shoot", action="append", default=[], help="KIND=PATH: the page to picture for KIND")
    parser.add_argument("--rtl", help="JSON: [text] shown right to left wherever it appears")
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
        audited = check_accessibility(driver, crawl, failures)
        paged = check_pager(driver, crawl, failures)
        rtl = 0
        if args.rtl:
            with open(args.rtl, encoding="utf-8") as f:
                rtl = check_rtl(driver, crawl, json.load(f), failures)
        if args.search:
            with open(args.search, encoding="utf-8") as f:
                check_search(driver, crawl, json.load(f), failures)
        if args.expect_home_diary:
            check_home_diary(driver, crawl, failures)
        if args.screenshots:
            screenshots(driver, crawl, args.screenshots, dict(s.split("=", 1) for s in args.shoot))
        kinds = sorted({page_kind(p) for p in seen})
        print(json.dumps({"pages": len(seen), "kinds": kinds, "audited": audited, "paged": paged, "rtl": rtl,
                          "failures": len(failures)}))
    finally:
        driver.quit()
        server.shutdown()
    for line in failures:
        print(line, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
