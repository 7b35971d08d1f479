#!/usr/bin/env python3
"""Text of any length costs what is drawn (issue 40, points 1 and 2).

Usage: python3 scripts/bench-text.py [--repeats N] [--memory-limit M]

On a release build, one entry (the sample book's "헤어질 결심", its front
JPEG and back WebP, made by fixture-maker) is written six ways:

    baseline          a 3 KB memo of Korean words
    one-word title    a 4 MiB title of one word
    one-word memo     a 4 MiB memo of one word
    short-word memo   a 4 MiB memo of two-letter words
    200,000 friends   200,000 names
    marks             a title of one letter under 100,000 combining marks

and each is timed (the median of --repeats runs, rows alternating) and its
peak resident memory read (getrusage of the child), for `share ENTRY -o
card.png` and for a full `render` of a diary of that entry into a fresh
cache. Targets: each within 2x the baseline's time and 1.5x its peak RSS.

Then four of the long entries in one diary, `render --jobs 4
--memory-limit M` (default 256M): the peak RSS must stay inside M.

Exit status 1 when a target is missed.
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

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MiB = 1024 * 1024
ENTRY_LIMIT = 4 * MiB


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "photicase-render"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(["swift", "build", "--product", "fixture-maker"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    release = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
    debug = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.strip()
    return os.path.join(release, "photicase-render"), os.path.join(debug, "fixture-maker")


def entries():
    """The six entries' fields, each filling entry.json to just under 4 MiB."""
    room = ENTRY_LIMIT - 4096
    return [
        ("baseline", {"memo": ("영화가 좋았다 " * 400)[:1000]}),  # 3 KB of UTF-8
        ("one-word title", {"title": "가" * (room // 3)}),
        ("one-word memo", {"memo": "나" * (room // 3)}),
        ("short-word memo", {"memo": "ab " * (room // 3)}),
        ("200,000 friends", {"friends": [f"친구{i}" for i in range(200_000)]}),
        ("marks", {"title": "a" + "\u0301" * 100_000}),
    ]


def make_entry(folder, source, fields):
    os.makedirs(folder)
    for name in os.listdir(source):
        if name != "entry.json":
            shutil.copy(os.path.join(source, name), folder)
    with open(os.path.join(source, "entry.json"), encoding="utf-8") as f:
        entry = json.load(f)
    entry.update(fields)
    data = json.dumps(entry, ensure_ascii=False).encode()
    assert len(data) <= ENTRY_LIMIT, f"{folder}: {len(data)} bytes"
    with open(os.path.join(folder, "entry.json"), "wb") as f:
        f.write(data)


def run(command):
    """Wall seconds and peak RSS (bytes) of one child process."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    err = child.stderr.read().decode(errors="replace")
    child.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{' '.join(command)} exited {code}:\n{err}")
    return seconds, usage.ru_maxrss * 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--memory-limit", default="256M")
    args = parser.parse_args()
    binary, maker = build()
    work = tempfile.mkdtemp(prefix="bench-text-")
    try:
        # The sample book's photos are made beside its entry.json files.
        book = os.path.join(ROOT, "fixtures", "book")
        subprocess.run([maker, "--book", book], check=True, stdout=subprocess.DEVNULL)
        source = os.path.join(book, "2022-08-27-decision")
        cases = entries()
        for i, (name, fields) in enumerate(cases):
            make_entry(os.path.join(work, f"diary-{i}", "entry"), source, fields)

        times = {name: {"share": [], "render": []} for name, _ in cases}
        rss = {name: {"share": 0, "render": 0} for name, _ in cases}
        for r in range(args.repeats):
            for i, (name, _) in enumerate(cases):
                diary = os.path.join(work, f"diary-{i}")
                s, m = run([binary, "share", os.path.join(diary, "entry"), "-o", os.path.join(work, f"{i}.png")])
                times[name]["share"].append(s)
                rss[name]["share"] = max(rss[name]["share"], m)
                cache = os.path.join(work, f"cache-{i}")
                shutil.rmtree(cache, ignore_errors=True)
                s, m = run([binary, "render", diary, "--cache", cache, "--progress", "none"])
                times[name]["render"].append(s)
                rss[name]["render"] = max(rss[name]["render"], m)

        failed = False
        base = cases[0][0]
        print(f"photicase-render {subprocess.run([binary, '--version'], capture_output=True, text=True).stdout.strip()}"
              f", median of {args.repeats}; targets: time <= 2x, peak RSS <= 1.5x the baseline (3 KB memo)")
        print(f"{'entry':<18}{'command':<8}{'time':>9}{'x base':>8}{'peak RSS':>11}{'x base':>8}  verdict")
        for name, _ in cases:
            for command in ("share", "render"):
                t = statistics.median(times[name][command])
                tb = statistics.median(times[base][command])
                m, mb = rss[name][command], rss[base][command]
                ok = t <= 2 * tb and m <= 1.5 * mb
                failed |= not ok
                print(f"{name:<18}{command:<8}{t * 1000:>7.0f}ms{t / tb:>7.2f}x{m / MiB:>8.1f}MiB{m / mb:>7.2f}x  "
                      f"{'ok' if ok else 'MISSED'}")

        # Four long entries at --jobs 4 inside --memory-limit.
        four = os.path.join(work, "four")
        for i, (name, fields) in enumerate(cases[1:5]):
            make_entry(os.path.join(four, f"e{i}"), source, dict(fields, date=f"2022-08-2{i + 1}"))
        limit = args.memory_limit
        _, m = run([binary, "render", four, "--cache", os.path.join(work, "cache-four"), "--progress", "none",
                    "--jobs", "4", "--memory-limit", limit])
        units = {"K": 1024, "M": MiB, "G": 1024 * MiB}
        limit_bytes = int(float(limit[:-1]) * units[limit[-1].upper()]) if limit[-1].isalpha() else int(limit)
        ok = m <= limit_bytes
        failed |= not ok
        print(f"four long entries, render --jobs 4 --memory-limit {limit}: peak RSS {m / MiB:.1f} MiB "
              f"({m / limit_bytes:.2f}x the limit)  {'ok' if ok else 'MISSED'}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
