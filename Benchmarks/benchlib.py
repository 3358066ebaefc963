"""Shared helpers for the benchmarks: run a command, time it, read its peak memory.

Every figure is reported as a ratio against a reference measured in the same run,
on the same machine, so the numbers mean something on any machine."""
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def ensure_python_packages(*names):
    """Installs PyPI packages (import name, pip name) that are missing. Returns the
    import names that could not be had, so a benchmark can skip what needs them."""
    # Checked in a child: importing numpy here would grow this process, and a child's
    # peak memory as the kernel reports it includes its parent's pages before exec.
    def importable(name):
        return subprocess.run([sys.executable, "-c", f"import {name}"], stderr=subprocess.DEVNULL).returncode == 0

    missing = []
    for import_name, pip_name in names:
        if importable(import_name):
            continue
        print(f"  installing {pip_name} from PyPI ...", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", pip_name],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not importable(import_name):
            missing.append(import_name)
    return missing


def ensure_tool(binary, apt_package, brew_package):
    """Installs a command-line tool a benchmark compares against, when it is missing
    (apt-get on Debian, brew on macOS): only for the benchmark, never for the build."""
    if not shutil.which(binary):
        print(f"  installing {binary} ...", flush=True)
        def quietly(command):
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if platform.system() == "Darwin" and shutil.which("brew"):
            quietly(["brew", "install", brew_package])
        elif shutil.which("apt-get"):
            sudo = [] if os.geteuid() == 0 or not shutil.which("sudo") else ["sudo"]
            quietly(sudo + ["apt-get", "update", "-qq"])
            quietly(sudo + ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", apt_package])
    return shutil.which(binary)


class MachineShare:
    """What the machine gave the bench: on Linux, the CPU time the hypervisor gave to
    other guests (steal) and the load average, between start() and the report. A
    figure against a reference is only as steady as these."""

    def __init__(self):
        self.start_ticks = self._ticks()

    @staticmethod
    def _ticks():
        try:
            with open("/proc/stat") as f:
                fields = [int(v) for v in f.readline().split()[1:]]
        except OSError:
            return None
        return sum(fields[:8]), fields[7] if len(fields) > 7 else 0

    def report(self):
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        end = self._ticks()
        if self.start_ticks is None or end is None or end[0] == self.start_ticks[0]:
            return f"{os.cpu_count()} cores, load average {load:.1f}"
        steal = (end[1] - self.start_ticks[1]) / (end[0] - self.start_ticks[0])
        return f"{os.cpu_count()} cores, {steal * 100:.0f} % of CPU time stolen by the host, load average {load:.1f}"


def run_once(command, env=None, ok=(0,)):
    """Runs a command; returns (wall seconds, peak resident memory in KiB). An exit
    status outside `ok` stops the benchmark."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    stderr = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if os.waitstatus_to_exitcode(status) not in ok:
        raise SystemExit(f"benchmark command failed: {' '.join(command)}\n{stderr}")
    peak = usage.ru_maxrss if sys.platform != "darwin" else usage.ru_maxrss // 1024
    return elapsed, peak


def interleaved(commands, rounds=5, env=None, ok=(0,), before=None):
    """Each command once per round, in turn, after one warm-up of each: the wall times of
    every round, by name (so load that drifts during the run moves both sides of a
    ratio alike), and each command's largest peak memory. `before(name)`, when given,
    runs untimed before each run (to remove a cold build's outputs)."""
    for name, command in commands.items():
        if before:
            before(name)
        run_once(command, env, ok)
    times = {name: [] for name in commands}
    peaks = {name: 0 for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            if before:
                before(name)
            elapsed, peak = run_once(command, env, ok)
            times[name].append(elapsed)
            peaks[name] = max(peaks[name], peak)
    return times, peaks


def median_ratio(times, numerator, denominator):
    """The median over the rounds of numerator / denominator, each round's pair."""
    return statistics.median(a / b for a, b in zip(times[numerator], times[denominator]))


def measure(command, repeats=5, env=None):
    """Median wall time and the largest peak memory over `repeats` runs (one warm-up)."""
    run_once(command, env)
    runs = [run_once(command, env) for _ in range(repeats)]
    return statistics.median(t for t, _ in runs), max(m for _, m in runs)


def row(label, value, reference_label=None, ratio=None, target=None, digits=2):
    text = f"  {label:<46} {value:>12}"
    if reference_label:
        text += f"   vs {reference_label}: {ratio:.{digits}f}x"
    if target:
        text += f"  (target {target})"
    print(text, flush=True)



def tree_peak(command, env=None, ok=(0,), interval=0.01):
    """Runs a command and samples, every `interval` seconds, the resident memory of it and
    every process under it (its helpers) added up: returns (wall seconds, the largest
    such sum in KiB). Linux only (it reads /proc). The sum counts pages the processes
    share (libraries) once for each, as the kernel charges each process its own."""
    page_kib = os.sysconf("SC_PAGE_SIZE") // 1024

    def read(path):
        try:
            with open(path) as f:
                return f.read()
        except OSError:
            return ""

    def tree(pid):
        # A child is listed under the thread that started it.
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:  # it has ended
            return []
        children = [int(c) for task in tasks for c in read(f"/proc/{pid}/task/{task}/children").split()]
        return [pid] + [p for child in children for p in tree(child)]

    def resident(pid):
        fields = read(f"/proc/{pid}/statm").split()
        return int(fields[1]) * page_kib if len(fields) > 1 else 0

    start = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        peak = 0
        while process.poll() is None:
            peak = max(peak, sum(resident(pid) for pid in tree(process.pid)))
            time.sleep(interval)
        elapsed = time.perf_counter() - start
        errors.seek(0)
        stderr = errors.read().decode(errors="replace")
    if process.returncode not in ok:
        raise SystemExit(f"benchmark command failed: {' '.join(command)}\n{stderr}")
    return elapsed, peak
