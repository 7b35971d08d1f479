#!/usr/bin/env bash
# A Slurm cluster of one node on this machine, to try docs/scale.md's
# recipes and for SlurmRecipeTests and bench-engines.py:
#
#   scripts/slurm-local.sh start [DIR]    # then: export SLURM_CONF=DIR/slurm.conf
#   scripts/slurm-local.sh stop [DIR]
#   scripts/slurm-local.sh status [DIR]
#
# DIR (default $SLURM_LOCAL_DIR, else /tmp/photicase-slurm) holds
# everything: the munge key and socket, slurm.conf, the controller's state,
# the node's spool, the logs and the daemons' pids. SLURM_LOCAL_PORT
# (default 6817) is the controller's port and the next one the node's, so
# a test's cluster can run beside one started by hand.
#
# The daemons run as root, so no one else may have a hand in DIR: `start`
# makes it (mkdir, mode 0700 while it fills it, 0755 after so munge and
# the jobs' users can reach the socket and slurm.conf), or takes a folder
# that root owns and no one else can write, and that this script made (it
# holds .slurm-local) or that is empty and mode 0700 (`mktemp -d`).
# Anything else, such as a /tmp/photicase-slurm someone else made first,
# is refused and left as it is. Every folder above DIR must be root's and
# writable by no one else, or sticky as /tmp is, so DIR cannot be swapped.
# `start` refuses a symbolic link anywhere in DIR, and root never writes
# or changes a file in munge/ (munge's own). DIR's path may hold letters,
# digits, spaces and . _ - + @ : only (slurm.conf quotes a path with
# spaces, but nothing quotes a comma, %, # or quote).
#
# Needs root (munged runs as `munge`, slurmd must switch to each job's
# user) and Debian's `slurmctld slurmd slurm-client munge` (scripts/setup.sh
# --test). No systemd: the daemons are started here and stopped by the pids
# they recorded, never by name. Both commands are idempotent: `start` on a
# running cluster and `stop` on a stopped one say so and exit 0. A `start`
# that fails (or is interrupted) stops the daemons it started.
set -euo pipefail

usage() { echo "usage: $0 start|stop|status [DIR]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
command=$1
port=${SLURM_LOCAL_PORT:-6817}
case "$port" in '' | *[!0-9]*) echo "slurm-local: SLURM_LOCAL_PORT must be a number, not '$port'" >&2; exit 2 ;; esac
node=$(hostname -s)
# In each folder this script made (only root can write there).
marker=.slurm-local

say() { echo "slurm-local: $*"; }
fail() { echo "slurm-local: $*" >&2; exit 1; }

# DIR, absolute, its parent resolved (no link above it is followed later).
dir=${2:-${SLURM_LOCAL_DIR:-/tmp/photicase-slurm}}
case "$dir" in /*) ;; *) dir="$PWD/$dir" ;; esac
while [ "${dir%/}" != "$dir" ]; do dir=${dir%/}; done
case "${dir##*/}" in '' | . | ..) fail "'$dir': give a folder by its own name" ;; esac
parent=$(realpath -e -- "${dir%/*}/" 2>/dev/null) || fail "$dir: the folder above it does not exist"
dir="${parent%/}/${dir##*/}"
[[ "$dir" =~ ^[A-Za-z0-9\ ._+@:/-]+$ ]] \
  || fail "$dir: slurm.conf cannot name this folder: use letters, digits, spaces and . _ - + @ : only"
conf="$dir/slurm.conf"
export SLURM_CONF="$conf"

# Fails unless DIR may be used: every folder above it root's and writable
# by no one else (or sticky), DIR itself a folder (no link) that root owns
# and no one else can write.
check_owned() {
  local p=$dir owner mode
  while [ "$p" != / ]; do
    p=${p%/*} p=${p:-/}
    read -r owner mode < <(stat -c '%u %a' -- "$p")
    [ "$owner" = 0 ] || fail "$dir: refused: $p above it belongs to uid $owner, who could swap $dir for a link"
    if (( 8#$mode & 8#022 )) && ! (( 8#$mode & 8#1000 )); then
      fail "$dir: refused: $p above it is writable by others (mode $mode) and not sticky"
    fi
  done
  [ ! -L "$dir" ] || fail "$dir: refused: it is a symbolic link"
  [ -d "$dir" ] || fail "$dir: refused: it is not a folder"
  read -r owner mode < <(stat -c '%u %a' -- "$dir")
  [ "$owner" = 0 ] || fail "$dir: refused: it belongs to uid $owner, not root (remove it, or give another DIR)"
  if (( 8#$mode & 8#022 )); then fail "$dir: refused: others can write it (mode $mode)"; fi
}

# True when DIR holds this script's marker (only root can write in DIR).
made_here() { [ -f "$dir/$marker" ] && [ ! -L "$dir/$marker" ]; }

# The pid recorded in FILE when that process is alive and is the daemon
# NAME (a pid left from before a reboot may belong to anything by now).
# munged's file is munge's to write: read only a regular file, and only
# its first bytes.
live_pid() {
  local file=$1 name=$2 pid
  [ -f "$file" ] && [ ! -L "$file" ] && [ -s "$file" ] || return 1
  pid=$(head -c 32 -- "$file" | tr -dc '0-9')
  [ -n "$pid" ] && [ -r "/proc/$pid/comm" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ] && alive "$pid" || return 1
  echo "$pid"
}

# True while PID runs: without an init as PID 1, an ended daemon may stay
# a zombie (state Z) until something reaps it.
alive() {
  local state
  state=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
  [ -n "$state" ] && [ "$state" != Z ]
}

# Sends SIGTERM to the daemon recorded in FILE and waits for it to end;
# SIGKILL (to that pid only) after 20 s.
stop_daemon() {
  local file=$1 name=$2 pid i
  pid=$(live_pid "$file" "$name") || { rm -f -- "$file"; return 0; }
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 1 200); do
    alive "$pid" || break
    sleep 0.1
  done
  if alive "$pid"; then
    echo "slurm-local: $name (pid $pid) still running 20 s after SIGTERM; sending SIGKILL" >&2
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f -- "$file"
  say "stopped $name (pid $pid)"
}

# Waits up to SECONDS for COMMAND to succeed.
wait_for() {
  local seconds=$1 i; shift
  for i in $(seq 1 $((seconds * 10))); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

node_idle() { [ "$(sinfo -h -n "$node" -o %T 2>/dev/null)" = idle ]; }

# Runs COMMAND with no signal blocked or ignored: a daemon keeps what it
# inherits, and a caller that blocks signals in its children (Swift's
# Process does) would leave SIGTERM blocked, so `stop` would wait 20 s,
# then SIGKILL each daemon. (perl-base is Essential in Debian.)
unblocked() {
  perl -MPOSIX -e '$SIG{$_} = "DEFAULT" for qw(TERM INT HUP); sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die "sigprocmask: $!\n";
    exec { $ARGV[0] } @ARGV or die "$ARGV[0]: $!\n"' -- "$@"
}

# DIR for `start`: made when missing (mkdir fails on anything, a link
# included, that appeared meanwhile), else checked; no link in it; marked.
take_dir() {
  if [ -e "$dir" ] || [ -L "$dir" ]; then
    check_owned
    made_here || { [ "$(stat -c %a -- "$dir")" = 700 ] && [ -z "$(ls -A -- "$dir")" ]; } \
      || fail "$dir: refused: not made by this script (no $marker in it) and not an empty mode 0700 folder (remove it, or give a new DIR or a mktemp -d)"
  else
    mkdir -m 0700 -- "$dir" || fail "$dir: cannot make it"
    check_owned
  fi
  local link
  link=$(find -P "$dir" -mindepth 1 -type l -print -quit)
  [ -z "$link" ] || fail "$dir: refused: it holds a symbolic link root would follow: $link"
  made_here || echo "made by scripts/slurm-local.sh: root writes here, munge in munge/" >"$dir/$marker"
}

# The EXIT trap of `start`: once it may have launched a daemon, a start
# that did not end with the cluster running stops what runs in DIR.
launching= started=
on_exit() {
  local status=$?
  if [ -n "$launching" ] && [ -z "$started" ]; then
    echo "slurm-local: start failed: stopping what it started" >&2
    stop_all quiet >&2
  fi
  exit "$status"
}

start() {
  [ "$(id -u)" -eq 0 ] || fail "start needs root: munged runs as munge and slurmd switches to each job's user"
  for tool in munged slurmctld slurmd sbatch setpriv; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] \
      || fail "$tool not found: install slurmctld slurmd slurm-client munge (scripts/setup.sh --test)"
  done
  export PATH="/usr/sbin:$PATH"
  take_dir
  if live_pid "$dir/slurmctld.pid" slurmctld >/dev/null && live_pid "$dir/slurmd.pid" slurmd >/dev/null \
     && live_pid "$dir/munge/munged.pid" munged >/dev/null; then
    say "already running in $dir"
    printf 'export SLURM_CONF=%q\n' "$conf"
    return 0
  fi
  # The daemons would keep every descriptor this script inherited: a
  # caller waiting for one of them to close (a test harness watching its
  # child through a socket) would wait for the cluster to stop.
  local fd
  for fd in $(ls /proc/$$/fd); do
    [ "$fd" -le 2 ] || eval "exec $fd>&-" 2>/dev/null || true
  done
  # A half-started cluster (one daemon died) is stopped first, so start
  # always ends with all three running from one configuration.
  stop_all quiet
  mkdir -p -- "$dir/munge" "$dir/state" "$dir/spool/$node" "$dir/log"
  chmod 0755 -- "$dir" "$dir/log"

  # munged refuses a socket folder it does not own or that others can
  # write: munge/, munge's, for socket, pid, seed and log. The key is this
  # cluster's alone and lies in DIR, where munge cannot plant a link.
  setpriv --reuid=munge --regid=munge --clear-groups test -x "$dir" \
    || fail "munge cannot enter $dir: a folder above it is closed to other users (a mkdtemp folder is 0700)"
  chown munge:munge -- "$dir/munge"
  chmod 0755 -- "$dir/munge"
  local key="$dir/munge.key"
  [ -s "$key" ] || (umask 077; head -c 1024 /dev/urandom >"$key")
  chown munge:munge -- "$key"
  chmod 0400 -- "$key"
  local socket="$dir/munge/munge.socket"
  # Each daemon's stdio goes to a file: a daemon keeps what it inherits,
  # and a caller reading this script's output through a pipe would wait
  # for the daemons to end.
  launching=yes
  unblocked setpriv --reuid=munge --regid=munge --clear-groups munged --key-file="$key" --socket="$socket" \
    --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/munged.seed" --log-file="$dir/munge/munged.log" \
    </dev/null >"$dir/log/munged.out" 2>&1 || fail "munged did not start: $(cat -- "$dir/log/munged.out")"
  wait_for 10 live_pid "$dir/munge/munged.pid" munged || fail "munged wrote no pid in 10 s: see $dir/munge/munged.log"
  wait_for 10 sh -c 'munge -n -S "$1" | unmunge -S "$1"' sh "$socket" \
    || fail "munge credentials do not round-trip on $socket: see $dir/munge/munged.log"

  # 90 % of what is available: slurmd drains a node whose RealMemory is
  # more than it finds.
  local memory
  memory=$(awk '/^MemAvailable:/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
  # Paths in double quotes: slurm.conf takes a quoted value whole, spaces
  # included (what it cannot quote was refused above).
  cat >"$conf" <<EOF
# Written by scripts/slurm-local.sh: a cluster of one node, $node.
ClusterName=photicase
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# Short credentials: a requeued task starts again in seconds, not minutes.
AuthInfo="socket=$socket,cred_expire=10"
StateSaveLocation="$dir/state"
SlurmdSpoolDir="$dir/spool/%n"
SlurmctldPidFile="$dir/slurmctld.pid"
SlurmdPidFile="$dir/slurmd.pid"
SlurmctldLogFile="$dir/log/slurmctld.log"
SlurmdLogFile="$dir/log/slurmd.log"
# No cgroups here: processes are tracked by their parents, tasks not bound.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
# Without accounting, each finished job's times are kept here (sacct needs slurmdbd).
JobCompType=jobcomp/filetxt
JobCompLoc="$dir/log/jobcomp.txt"
MpiDefault=none
# The defaults schedule every 60 s; a test waits on every decision.
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1,bf_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# hwloc cannot read this machine's layout in a container: trust the line below.
SlurmdParameters=config_overrides
ReturnToService=2
# Finished jobs stay visible to scontrol for 5 minutes.
MinJobAge=300
# A cancelled task gets SIGTERM, then SIGKILL 5 s later (render stops in 1-2 s).
KillWait=5
InactiveLimit=0
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  chmod 0644 -- "$conf"

  unblocked slurmctld -f "$conf" </dev/null >"$dir/log/slurmctld.out" 2>&1 \
    || fail "slurmctld did not start: $(cat -- "$dir/log/slurmctld.out"); see $dir/log/slurmctld.log"
  wait_for 15 live_pid "$dir/slurmctld.pid" slurmctld || fail "slurmctld wrote no pid in 15 s: see $dir/log/slurmctld.log"
  unblocked slurmd -f "$conf" -N "$node" </dev/null >"$dir/log/slurmd.out" 2>&1 \
    || fail "slurmd did not start: $(cat -- "$dir/log/slurmd.out"); see $dir/log/slurmd.log"
  wait_for 15 live_pid "$dir/slurmd.pid" slurmd || fail "slurmd wrote no pid in 15 s: see $dir/log/slurmd.log"
  wait_for 30 node_idle || fail "node $node not idle after 30 s ($(sinfo -h -o '%T %E' 2>&1)): see $dir/log/slurmd.log"
  started=yes
  say "running in $dir (node $node, port $port)"
  printf 'export SLURM_CONF=%q\n' "$conf"
}

# Cancels every job, waits until the node runs no step (steps outlive
# slurmd by design), then stops the daemons by their pids.
stop_all() {
  local quiet=${1:-}
  if live_pid "$dir/slurmctld.pid" slurmctld >/dev/null; then
    local jobs
    jobs=$(squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ')
    if [ -n "${jobs// /}" ]; then
      # shellcheck disable=SC2086
      scancel $jobs 2>/dev/null || true
      wait_for 30 sh -c '[ -z "$(squeue -h -o %A 2>/dev/null)" ]' \
        || echo "slurm-local: jobs still queued after scancel: $(squeue -h -o '%i %T' | tr '\n' ' ')" >&2
    fi
  fi
  # A step's socket stays in the spool while its slurmstepd runs.
  wait_for 30 sh -c '[ -z "$(find "$1" -name "*.[0-9]*" -type s 2>/dev/null)" ]' sh "$dir/spool" \
    || echo "slurm-local: job steps still running in $dir/spool" >&2
  stop_daemon "$dir/slurmd.pid" slurmd
  stop_daemon "$dir/slurmctld.pid" slurmctld
  stop_daemon "$dir/munge/munged.pid" munged
  [ -n "$quiet" ] || say "stopped (state and logs kept in $dir)"
}

case "$command" in
  start)
    trap on_exit EXIT
    # An interrupted start stops what it started too (through EXIT).
    trap 'exit 130' INT
    trap 'exit 143' TERM
    start ;;
  stop)
    if [ ! -e "$dir" ] && [ ! -L "$dir" ]; then say "nothing to stop in $dir"; exit 0; fi
    check_owned
    made_here || fail "$dir: refused: not made by scripts/slurm-local.sh (no $marker in it)"
    export PATH="/usr/sbin:$PATH"
    stop_all ;;
  status)
    if [ -e "$dir" ] || [ -L "$dir" ]; then
      check_owned
      made_here || fail "$dir: refused: not made by scripts/slurm-local.sh (no $marker in it)"
    fi
    for d in "munge/munged.pid munged" "slurmctld.pid slurmctld" "slurmd.pid slurmd"; do
      set -- $d
      if pid=$(live_pid "$dir/$1" "$2"); then echo "$2: running (pid $pid)"; else echo "$2: not running"; fi
    done
    if live_pid "$dir/slurmctld.pid" slurmctld >/dev/null; then sinfo; fi ;;
  *) usage ;;
esac
