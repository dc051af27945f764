"""Benchmark: runs per second of a parameter sweep serially, in 2 processes, 2 threads and on Dask.

    python benchmarks/bench_sweep.py [--runs 200] [--steps 750] [--repeat 3] [--workers 2]
                                     [--engines serial,processes,threads,dask]

The work is examples/bounce.py's ``bounces(height, steps)``: 8 balls dropped on a bouncy floor, stepped with
``world.step`` and ``space.collideContacts`` (750 steps of 2 ms: about 85 ms a run in the compiled double
backend). Every engine is started once (its start-up is reported apart: spawning interpreters, a Dask
LocalCluster), then the same sweep runs ``--repeat`` rounds, each round every engine in turn, and each
engine's best round is reported, with the results checked equal to the serial run's. Processes use the
'spawn' start method and take the runs in chunks of a quarter of each worker's share (threads and Dask
ignore the chunk size); Dask runs
``LocalCluster(n_workers=2, threads_per_worker=1, processes=True)``.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import functools
import multiprocessing
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# bounce.py, and this checkout's ode when run as a script; an ode already imported (the tests import this
# module) is kept first, as the workers inherit sys.path and must import the same package as their parent
for folder in [ROOT / "examples"] + ([] if "ode" in sys.modules else [ROOT]):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
import bounce  # noqa: E402  (examples/bounce.py: the work function, importable by name in the workers)

import ode  # noqa: E402

try:
    from dask.distributed import Client, LocalCluster
except ImportError:
    Client = LocalCluster = None

ENGINES = ("serial", "processes", "threads", "dask")


def timed(steps: int, height: float) -> tuple:
    """(bounces(height, steps), CPU seconds of the thread that ran it): the CPU time shows what a run
    costs in each engine apart from the waits a shared machine adds to the wall time."""
    t = time.thread_time()
    result = bounce.bounces(height, steps)
    return result, time.thread_time() - t


class Serial:
    """An 'executor' that runs the calls in this thread, one after the other."""

    def map(self, fn, params, chunksize=1):
        return [fn(p) for p in params]

    def shutdown(self):
        pass


class DaskExecutor:
    """A Dask LocalCluster of worker processes, mapped with client.map and client.gather."""

    def __init__(self, workers: int):
        self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                    dashboard_address=None)
        self.client = Client(self.cluster)

    def map(self, fn, params, chunksize=1):
        return self.client.gather(self.client.map(fn, params, pure=False))

    def shutdown(self):
        self.client.close()
        self.cluster.close()


def start(engine: str, workers: int):
    """The engine's executor, started."""
    if engine == "serial":
        return Serial()
    if engine == "processes":
        pool = cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        list(pool.map(bounce.engine, range(workers)))       # let the workers start before timing
        return pool
    if engine == "threads":
        return cf.ThreadPoolExecutor(workers)
    if engine == "dask":
        if Client is None:
            raise RuntimeError('Dask is not installed: pip install "cyode[dask]"')
        return DaskExecutor(workers)
    raise ValueError(f"unknown engine {engine!r}")


def measure(engines, params: list, steps: int, repeat: int, workers: int) -> list:
    """Start every engine, then run the sweep ``repeat`` rounds, each round every engine in turn (so a
    shared machine's load falls on all of them alike); per engine its start-up seconds, best round seconds,
    the runs per second of that round, the least mean CPU seconds per run of a round and the results.
    Every engine's results are checked equal to the first engine's (run the serial one first)."""
    work = functools.partial(timed, steps)
    chunk = max(1, len(params) // (4 * workers))
    started, out = [], []
    try:
        for engine in engines:
            t0 = time.perf_counter()
            started.append(start(engine, workers))
            out.append({"engine": engine, "startup": time.perf_counter() - t0, "best": float("inf"),
                        "results": None, "cpu": float("inf")})
        for _ in range(repeat):
            for ex, r in zip(started, out):
                t = time.perf_counter()
                done = list(ex.map(work, params, chunksize=chunk))
                r["best"] = min(r["best"], time.perf_counter() - t)
                r["cpu"] = min(r["cpu"], sum(c for _, c in done) / len(done))
                results = [res for res, _ in done]
                if results != out[0]["results"] and out[0]["results"] is not None:
                    raise AssertionError(f"{r['engine']}: results differ from {out[0]['engine']}'s")
                r["results"] = results
    finally:
        for ex in started:
            ex.shutdown()
    for r in out:
        r["runs_per_s"] = len(params) / r["best"]
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--steps", type=int, default=750)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--engines", default=",".join(ENGINES))
    args = ap.parse_args(argv)
    params = [0.05 + 1.95 * i / max(args.runs - 1, 1) for i in range(args.runs)]
    print(f"{args.runs} runs of {args.steps} steps, best of {args.repeat}, backend {ode.backend}, "
          f"precision {ode.precision}, {os.cpu_count()} CPUs, load average {os.getloadavg()}\n")
    print("| engine | start-up (s) | best round (s) | runs/s | vs serial | CPU ms per run |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    results = measure(args.engines.split(","), params, args.steps, args.repeat, args.workers)
    for r in results:
        name = r["engine"] if r["engine"] == "serial" else f"{r['engine']} ({args.workers})"
        print(f"| {name} | {r['startup']:.2f} | {r['best']:.2f} | {r['runs_per_s']:.1f} | "
              f"{r['runs_per_s'] / results[0]['runs_per_s']:.2f}x | {1000 * r['cpu']:.0f} |")
    print(f"\nload average (1, 5, 15 min) at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
