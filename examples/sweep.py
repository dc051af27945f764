"""A parameter sweep on established engines: drop height vs bounce count, 1,000 runs, four ways.

The work function is ``bounce.bounces(height)`` (examples/bounce.py): module-level, numbers in, plain
Python values out, so it pickles by reference. The same list of heights runs

1. serially: ``[bounces(h) for h in heights]``;
2. in processes: ``concurrent.futures.ProcessPoolExecutor(2, mp_context=spawn)``. Spawned workers start a
   fresh interpreter and import ``ode`` again, reading ``ODE_BACKEND`` / ``ODE_PRECISION`` from the
   environment they inherit, so they run the parent's backend and precision (``engine()`` checks it). Spawn
   rather than fork: forking a parent that runs threads (a Dask client, a thread pool, a GUI) can copy a
   lock held by another thread and deadlock the child; spawn also behaves the same on Linux, macOS and
   Windows. forkserver would do too on Unix; spawn costs an interpreter start per worker, once per pool;
3. in threads: ``concurrent.futures.ThreadPoolExecutor(2)``. Each run owns its world, and a step of a world
   of 8 or more bodies and joints releases the GIL, so steps of two runs overlap; the collision passes
   do not (they hold the process-wide geom store's lock) and cost more than the steps here, so threads
   gain little;
4. on Dask: ``Client(LocalCluster(n_workers=2, threads_per_worker=1, processes=True))``, then
   ``client.map`` and ``client.gather``. On a cluster of machines the same code runs with
   ``Client("tcp://scheduler:8786")``; each worker needs ``ode`` and this folder's ``bounce.py``
   importable (and the environment variables set as wanted).

Every way returns the serial results exactly (asserted): the runs are deterministic and share nothing.
``python examples/sweep.py [--frames RUNS]`` (default 1,000 runs; the test suite runs a few).
"""

import concurrent.futures as cf
import functools
import multiprocessing
import os
import time

from _run import frames
from bounce import BALLS, bounces, engine

import ode

try:
    from dask.distributed import Client, LocalCluster
except ImportError:                      # the dask extra: pip install "cyode[dask]"
    Client = LocalCluster = None

WORKERS = 2
STEPS = 100 if "ODE_EXAMPLE_FRAMES" in os.environ else 750     # the test suite's short run: fewer steps


def heights(runs: int) -> list:
    """``runs`` drop heights from 5 cm to 2 m."""
    return [0.05 + 1.95 * i / max(runs - 1, 1) for i in range(runs)]


def serial(work, params: list) -> list:
    return [work(h) for h in params]


def processes(work, params: list) -> list:
    spawn = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(WORKERS, mp_context=spawn) as pool:
        assert set(pool.map(engine, range(WORKERS))) == {engine()}
        return list(pool.map(work, params, chunksize=max(1, len(params) // (4 * WORKERS))))


def threads(work, params: list) -> list:
    with cf.ThreadPoolExecutor(WORKERS) as pool:
        return list(pool.map(work, params))


def dask(work, params: list) -> list:
    cluster = LocalCluster(n_workers=WORKERS, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, Client(cluster) as client:
        assert set(client.run(engine).values()) == {engine()}
        return client.gather(client.map(work, params, pure=False))


def main() -> None:
    params = heights(frames(1000))
    work = functools.partial(bounces, steps=STEPS)      # a partial of a module function pickles by reference
    print(f"{len(params)} drops of {BALLS} balls, {STEPS} steps each, backend {ode.backend}, "
          f"precision {ode.precision}")
    ways = [("serial", serial), ("2 processes", processes), ("2 threads", threads)]
    if Client is not None:
        ways.append(("dask, 2 workers", dask))
    else:
        print('no Dask: pip install "cyode[dask]"')
    reference = None
    for name, run in ways:
        t = time.perf_counter()
        results = run(work, params)
        wall = time.perf_counter() - t
        same = "the reference" if reference is None else "same results as serial"
        if reference is None:
            reference = results
        assert results == reference, f"{name} differs from the serial run"
        print(f"{name:>16}: {len(params) / wall:7.1f} runs/s ({wall:.2f} s), {same}")
    for h, (total, _, _) in list(zip(params, reference))[:: max(1, len(params) // 8)]:
        print(f"drop from {h:.2f} m: {total} bounces of {BALLS} balls")


if __name__ == "__main__":         # spawned workers import this file again: run only in the parent
    main()
