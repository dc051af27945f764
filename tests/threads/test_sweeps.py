"""Parameter sweeps on established engines give the serial results exactly: a process pool (spawn), a thread
pool and a Dask LocalCluster of two worker processes run examples/bounce.py's work function on the same drop
heights; the workers run the parent's backend and precision.

The work function lives in examples/ (module ``bounce``); that folder is put on sys.path before any pool is
made, so spawned workers, which start from the parent's sys.path, import it by name.
"""

from __future__ import annotations

import concurrent.futures as cf
import functools
import multiprocessing
import pickle
import sys
from pathlib import Path

import pytest

import ode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples"))
sys.path.insert(0, str(ROOT / "benchmarks"))
# Workers start from this process's sys.path: the folder of the ode imported here goes first, so they import
# the same package (other test modules may have put a source checkout without compiled kernels before it).
sys.path.insert(0, str(Path(ode.__file__).resolve().parent.parent))
import bench_sweep  # noqa: E402
import bounce  # noqa: E402  (examples/bounce.py, importable by name in the workers too)

# The pure-Python backend steps about fifty times slower: fewer runs there keep the file quick.
RUNS = 8 if ode.backend == "python" else 20
WORK = functools.partial(bounce.bounces, steps=200)          # 0.4 s of simulated time per run
HEIGHTS = [0.05 + 0.25 * i / (RUNS - 1) for i in range(RUNS)]


@pytest.fixture(scope="module")
def serial() -> list:
    results = [WORK(h) for h in HEIGHTS]
    assert sum(r[0] for r in results) > 0, "no ball bounced: the sweep would compare nothing"
    assert len({r[0] for r in results}) > 1, "every height gave the same count"
    return results


def test_work_function_pickles_by_reference():
    data = pickle.dumps(WORK)
    assert b"bounce" in data and b"bounces" in data and len(data) < 300


def test_process_pool_matches_serial(serial):
    spawn = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(2, mp_context=spawn) as pool:
        assert set(pool.map(bounce.engine, range(4))) == {(ode.backend, ode.precision)}
        assert list(pool.map(WORK, HEIGHTS, chunksize=3)) == serial


def test_thread_pool_matches_serial(serial):
    with cf.ThreadPoolExecutor(2) as pool:
        assert list(pool.map(WORK, HEIGHTS)) == serial


def test_dask_local_cluster_matches_serial(serial):
    distributed = pytest.importorskip("dask.distributed", reason="dask.distributed is not installed "
                                      '(pip install "cyode[dask]")')
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        assert set(client.run(bounce.engine).values()) == {(ode.backend, ode.precision)}
        assert client.gather(client.map(WORK, HEIGHTS, pure=False)) == serial


def test_bench_sweep_smoke():
    """benchmarks/bench_sweep.py's measurement on a tiny sweep, serial and threads (the process and Dask
    engines are the tests above); nothing here asserts on timing."""
    heights = HEIGHTS[:3]
    serial, threads = bench_sweep.measure(["serial", "threads"], heights, 50, 2, 2)
    assert serial["results"] == threads["results"] == [bounce.bounces(h, steps=50) for h in heights]
    assert threads["runs_per_s"] > 0 and serial["best"] > 0
    with pytest.raises(ValueError, match="unknown engine 'gpu'"):
        bench_sweep.measure(["serial", "gpu"], heights, 50, 1, 2)
