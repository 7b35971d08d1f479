#!/usr/bin/env python3
"""Many diaries on three engines, measured in one run on this machine:

  - GNU parallel, docs/scale.md's line (one diary per run, a run per core);
  - a Slurm array of docs/slurm/render-diaries.sbatch on a one-node cluster
    (scripts/slurm-local.sh), as written (16 tasks) and one task per diary;
  - one diary holding the same entries, rendered by one run with a thread
    per core (what the diaries would cost as one book).

for 16 and 64 diaries of two entries each (the sample book's entries,
fixtures/book, taken in turn), from empty caches (cold) and again with
nothing changed (warm: what a cron tick costs), the best of two rounds. Prints seconds, each
engine's ratio to GNU parallel, and Slurm's overhead per task:
(Slurm's wall - parallel's wall) x cores / tasks, the core-seconds each
task costs beyond its renders.

Uses .build/release/photicase-render (build it first: swift build -c
release) and the sample book's photos (fixture-maker --book fixtures/book).
Slurm needs root and scripts/setup.sh --test's packages; without them the
Slurm rows are left out and the reason printed.

  python3 scripts/bench-engines.py [--sizes 16,64] [--rounds 2]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build", "release", "photicase-render")
BOOK = os.path.join(ROOT, "fixtures", "book")
RECIPE = os.path.join(ROOT, "docs", "slurm", "render-diaries.sbatch")
SLURM_LOCAL = os.path.join(ROOT, "scripts", "slurm-local.sh")
# Its own port: a cluster started by hand on the default keeps running.
PORT = "6937"
CORES = os.cpu_count() or 1


def fail(message):
    sys.exit(f"bench-engines: {message}")


def make_diaries(base, count):
    """`count` diaries of two sample entries each, and one diary holding
    all of them (a folder per user, so every entry keeps its own id)."""
    entries = sorted(e for e in os.listdir(BOOK) if os.path.isfile(os.path.join(BOOK, e, "entry.json")))
    diaries, merged = os.path.join(base, "diaries"), os.path.join(base, "merged")
    for i in range(count):
        user = f"user{i:03d}"
        for n in range(2):
            entry = entries[(2 * i + n) % len(entries)]
            for target in (os.path.join(diaries, user, entry), os.path.join(merged, user, entry)):
                shutil.copytree(os.path.join(BOOK, entry), target)
                # An entry that names its own id would meet its copies in
                # the one diary (both would fail): each user's is its own.
                path = os.path.join(target, "entry.json")
                with open(path, encoding="utf-8") as f:
                    data = json.load(f)
                if "id" in data:
                    data["id"] = f"{user}/{data['id']}"
                    with open(path, "w", encoding="utf-8") as f:
                        json.dump(data, f, ensure_ascii=False)
    return diaries, merged


def timed(command, **kwargs):
    start = time.monotonic()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        fail(f"{command[0]} exited {result.returncode}: {result.stderr.strip()[-500:]}")
    return seconds


def parallel_run(diaries, caches):
    # docs/scale.md's GNU parallel recipe, with the binary's path.
    script = (f'cd "{diaries}" && find . -mindepth 1 -maxdepth 1 -type d ! -name ".*" -printf "%f\\n" | sort | '
              f'parallel --jobs {CORES} "{BIN}" render "{diaries}"/{{}} --cache "{caches}"/{{}} --jobs 1 --wait --progress none')
    return timed(["bash", "-c", script])


class Cluster:
    def __init__(self, base):
        self.dir = os.path.join(base, "slurm")
        self.env = dict(os.environ, SLURM_LOCAL_PORT=PORT, SLURM_CONF=os.path.join(self.dir, "slurm.conf"))
        r = subprocess.run(["bash", SLURM_LOCAL, "start", self.dir], env=self.env, capture_output=True, text=True)
        if r.returncode != 0:
            subprocess.run(["bash", SLURM_LOCAL, "stop", self.dir], env=self.env, capture_output=True)
            fail(f"scripts/slurm-local.sh start {self.dir}: {r.stdout}{r.stderr}")

    def stop(self):
        subprocess.run(["bash", SLURM_LOCAL, "stop", self.dir], env=self.env, capture_output=True)

    def array(self, diaries, caches, tasks, out):
        """Submits the recipe as `tasks` tasks; seconds from submission to
        the last task's end (squeue polled every 50 ms: sbatch --wait
        polls every few seconds)."""
        env = dict(self.env, DIARIES=diaries, CACHES=caches, PATH=os.path.dirname(BIN) + ":" + os.environ["PATH"])
        os.makedirs(out, exist_ok=True)
        start = time.monotonic()
        r = subprocess.run(["sbatch", "--parsable", f"--array=0-{tasks - 1}", RECIPE], env=env, cwd=out,
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"sbatch {RECIPE}: {r.stderr.strip()}")
        job = r.stdout.strip()
        while subprocess.run(["squeue", "-h", "-r", "-j", job, "-o", "%i"], env=self.env,
                             capture_output=True, text=True).stdout.strip():
            time.sleep(0.05)
            if time.monotonic() - start > 1800:
                fail(f"array {job} still queued after 30 minutes")
        seconds = time.monotonic() - start
        states = subprocess.run(["scontrol", "-o", "show", "job", job], env=self.env, capture_output=True, text=True).stdout
        failed = [line for line in states.splitlines() if "JobState=COMPLETED" not in line]
        if failed:
            fail(f"array {job}: tasks did not complete: {failed[:2]}")
        return seconds


def slurm_unavailable():
    if os.geteuid() != 0:
        return "not root (the one-node cluster starts munged as munge)"
    for tool in ("/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/sbatch", "/usr/sbin/munged"):
        if not os.access(tool, os.X_OK):
            return f"{tool} is not installed (scripts/setup.sh --test)"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="16,64", help="diary counts, comma-separated (default 16,64)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each engine; the best is kept (default 2)")
    args = parser.parse_args()
    sizes, rounds = [int(s) for s in args.sizes.split(",")], max(1, args.rounds)
    if not os.access(BIN, os.X_OK):
        fail(f"{BIN} is missing: run swift build -c release first")
    if not os.path.isfile(os.path.join(BOOK, "2022-08-27-decision", "front.jpg")):
        fail(f"{BOOK} has no photos: run .build/debug/fixture-maker --book fixtures/book")
    if shutil.which("parallel") is None:
        fail("GNU parallel is not installed (scripts/setup.sh --test)")
    no_slurm = slurm_unavailable()
    version = subprocess.run([BIN, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{version}, {CORES} cores; diaries of 2 sample entries; seconds of wall time")
    if no_slurm:
        print(f"Slurm left out: {no_slurm}")

    base = tempfile.mkdtemp(prefix="bench-engines-")
    # munged (as munge) and the tasks must enter it; mkdtemp makes it 0700.
    os.chmod(base, 0o755)
    cluster = None
    try:
        if not no_slurm:
            cluster = Cluster(base)
        for n in sizes:
            work = os.path.join(base, f"n{n}")
            diaries, merged = make_diaries(work, n)
            one = lambda cache: timed([BIN, "render", merged, "--cache", cache, "--jobs", str(CORES), "--progress", "none"])
            engines = {"parallel": lambda cache: parallel_run(diaries, cache), "one": one}
            if cluster:
                out = os.path.join(work, "out")
                for tasks in sorted({16, n}):
                    engines[f"slurm {tasks}"] = (lambda t: lambda cache: cluster.array(diaries, cache, t, out))(tasks)
            # Each engine once per round, in turn, from empty caches, then
            # again unchanged; the best of the rounds is kept, so a burst of
            # other work on the machine in one round does not count.
            best = {}
            for r in range(rounds):
                for name, run in engines.items():
                    cache = os.path.join(work, f"c-{name.replace(' ', '')}-{r}")
                    for key, seconds in ((name, run(cache)), (name + " warm", run(cache))):
                        best[key] = min(best.get(key, seconds), seconds)
            shutil.rmtree(work, ignore_errors=True)

            p, pw = best["parallel"], best["parallel warm"]
            print(f"\n{n} diaries ({2 * n} entries), best of {rounds}:")
            print(f"  {'engine':<28}{'cold s':>8}{'x parallel':>12}{'warm s':>8}{'x parallel':>12}")
            labels = {"parallel": f"GNU parallel -j{CORES}", "one": f"one diary, --jobs {CORES}"}
            labels.update({f"slurm {t}": f"Slurm array, {t} tasks" for t in (16, n)})
            for name in engines:
                cold, warm = best[name], best[name + " warm"]
                print(f"  {labels[name]:<28}{cold:8.2f}{cold / p:12.2f}{warm:8.2f}{warm / pw:12.2f}")
            for name in engines:
                if name.startswith("slurm"):
                    tasks = int(name.split()[1])
                    print(f"  Slurm overhead per task, {tasks} tasks: {(best[name] - p) * CORES / tasks:.2f} core-s cold, "
                          f"{(best[name + ' warm'] - pw) * CORES / tasks:.2f} core-s warm")
    finally:
        if cluster:
            cluster.stop()
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
