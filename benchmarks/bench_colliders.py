"""Benchmark: the narrow phase per class pair, ours against libode 0.16.2's dCollide on the same poses.

    python benchmarks/bench_colliders.py [--max-contacts 4] [--repeat 5] [--loops 2] [--quick] [--pairs a-b]

The poses are the fidelity recordings tests/data/collide/pair_<a>-<b>.json.gz (250 relative poses per class
pair: deep, shallow, grazing, separated and degenerate aligned placements), rebuilt as the fidelity test
rebuilds them (``build``, ``place``, ``load_pair`` of tests/support/collide_cases.py). Every pose becomes a
geom pair on each side, then, in one process and interleaved per repeat, three loops over all poses are timed:

* libode: ``dCollide(g1, g2, flags, buf, sizeof(dContactGeom))`` through ctypes
  (tools/oracle/libode_collide.py) into a preallocated buffer -- one Python->C call per collide, as PyODE
  pays, but no Python object per contact (so the libode figure is the cheapest a Python caller can get);
* ours, API: ``ode.collide(g1, g2, n)`` -- the public call, returning a list of ``ode.Contact``;
* ours, kernel: ``kernel("collide").collide_geoms(real, ints, row1, row2, flags)`` on the geoms' records
  (poses refreshed beforehand; a GeomTransform's materialised helper row, with ``ode.collide``'s argument
  order), returning the (n, CR) contact-record array -- the narrow phase without the API layer;
* ours, pair_contacts: ``kernel("space").pair_contacts(real, ints, row1, row2, n, Contact, g1, g2[, flip])``,
  the call ode.collide's fast path makes (narrow phase and the Contact objects; for a transform pair on
  the materialised helper row, with the normals flipped when the transform is the second geom).

Each figure is the best (smallest) of ``--repeat`` rounds of microseconds per call, each round running the
pose list ``--loops`` times; the machine is shared, so the best round is the least disturbed. Pairs are
printed sorted by ratio ours(API)/libode with a median/worst summary. Pairs libode lacks (plane-plane,
ray-ray, plane-heightfield, heightfield-heightfield) are skipped. Nothing asserts on timing.
"""

from __future__ import annotations

import argparse
import ctypes
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _folder in (ROOT, ROOT / "tests" / "support"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

from collide_cases import PAIRS, UNSUPPORTED_BY_LIBODE, build, expand, load_pair, place  # noqa: E402

import ode  # noqa: E402
from ode import _backend  # noqa: E402
from ode import collision as _collision  # noqa: E402
from ode.geoms import STORE, GeomTransform  # noqa: E402
from tools.oracle import libode as _L  # noqa: E402
from tools.oracle import libode_collide as LC  # noqa: E402

CGSIZE = ctypes.sizeof(_L.dContactGeom)


def build_pair(name: str, stride: int) -> tuple[list, list, int]:
    """Our geom pairs and libode's geom pairs for every ``stride``-th recorded pose of a class pair."""
    ours, theirs = [], []
    cases = load_pair(name)["cases"][::stride]
    for case in cases:
        g1, g2 = build(case["g1"]), build(case["g2"])
        place(g1, case["g1"], case["pos1"], case["rot1"])
        place(g2, case["g2"], case["pos2"], case["rot2"])
        ours.append((g1, g2))
        l1, l2 = LC.Geom(expand(case["g1"])), LC.Geom(expand(case["g2"]))
        l1.set_pose(case["pos1"], case["rot1"])
        l2.set_pose(case["pos2"], case["rot2"])
        theirs.append((l1, l2))
    return ours, theirs, len(cases)


def kernel_rows(ours: list) -> list:
    """(row1, row2, flip) per geom pair as ode.collide hands them to the kernel: poses refreshed, a transform
    materialised into its helper row, and the arguments swapped when the second geom is a transform."""
    rows = []
    for g1, g2 in ours:
        t1, t2 = isinstance(g1, GeomTransform), isinstance(g2, GeomTransform)
        a = g1._materialise() if t1 else g1._refresh()
        b = g2._materialise() if t2 else g2._refresh()
        rows.append((b, a) if t2 else (a, b))
    return rows


def time_libode(theirs: list, n: int, loops: int) -> float:
    """Seconds for ``loops`` passes of dCollide over all pairs."""
    dcollide = LC.C.dCollide
    buf = (_L.dContactGeom * n)()
    ids = [(a.id, b.id) for a, b in theirs]
    t0 = time.perf_counter()
    for _ in range(loops):
        for a, b in ids:
            dcollide(a, b, n, buf, CGSIZE)
    return time.perf_counter() - t0


def time_ours(ours: list, n: int, loops: int) -> float:
    """Seconds for ``loops`` passes of ode.collide over all pairs."""
    collide = ode.collide
    t0 = time.perf_counter()
    for _ in range(loops):
        for a, b in ours:
            collide(a, b, n)
    return time.perf_counter() - t0


def time_kernel(rows: list, n: int, loops: int) -> float:
    """Seconds for ``loops`` passes of the collide kernel's collide_geoms over all pairs' records."""
    kern = _backend.kernel("collide").collide_geoms
    real, ints = STORE.slots.real, STORE.slots.ints
    t0 = time.perf_counter()
    for _ in range(loops):
        for a, b in rows:
            kern(real, ints, a, b, n)
    return time.perf_counter() - t0


def time_pair_contacts(ours: list, rows: list, n: int, loops: int) -> float:
    """Seconds for ``loops`` passes of the space kernel's pair_contacts (ode.collide's fast path: narrow
    phase plus the ode.Contact objects) over all pairs' records (a second transform: flipped normals)."""
    pc = _backend.kernel("space").pair_contacts
    real, ints, contact = STORE.slots.real, STORE.slots.ints, _collision.Contact
    args = [(a, b, g1, g2, isinstance(g2, GeomTransform)) for (a, b), (g1, g2) in zip(rows, ours)]
    t0 = time.perf_counter()
    for _ in range(loops):
        for a, b, g1, g2, flip in args:
            pc(real, ints, a, b, n, contact, g1, g2, flip)
    return time.perf_counter() - t0


def contacts_per_call(ours: list, theirs: list, n: int) -> tuple[float, float]:
    """Mean contacts per call, ours and libode's (a sanity column: both sides do the same work)."""
    mine = sum(len(ode.collide(a, b, n)) for a, b in ours) / len(ours)
    lib = sum(len(LC.collide(a, b, n)) for a, b in theirs) / len(theirs)
    return mine, lib


def bench_pair(name: str, args) -> dict:
    """Best-of timings (us per call) for one class pair."""
    ours, theirs, count = build_pair(name, args.stride)
    n = args.max_contacts
    rows = kernel_rows(ours)
    if _collision.CALLBACK_MESHES or _collision.OVERRIDES:
        rows = None          # the kernel alone would not be what ode.collide does
    best = {"libode": float("inf"), "ours": float("inf"), "kernel": float("inf"), "pair": float("inf")}
    calls = count * args.loops
    for _ in range(args.repeat):
        best["libode"] = min(best["libode"], time_libode(theirs, n, args.loops) / calls * 1e6)
        best["ours"] = min(best["ours"], time_ours(ours, n, args.loops) / calls * 1e6)
        if rows is not None:
            best["kernel"] = min(best["kernel"], time_kernel(rows, n, args.loops) / calls * 1e6)
        if rows is not None:
            best["pair"] = min(best["pair"], time_pair_contacts(ours, rows, n, args.loops) / calls * 1e6)
    mine, lib = contacts_per_call(ours, theirs, n)
    for a, b in theirs:
        a.destroy()
        b.destroy()
    for a, b in ours:
        for g in (a, b):
            inner = getattr(g, "_fidelity_inner", None)
            g.destroy()
            if inner is not None and inner._slot >= 0:
                inner.destroy()
    best["pair_us"] = best.pop("pair")
    return {"pair": name, "cases": count, "contacts": mine, "libode_contacts": lib, **best,
            "ratio": best["ours"] / best["libode"], "kratio": best["kernel"] / best["libode"]}


def report(results: list, args) -> None:
    """The table sorted by ratio ours/libode, and the summary line."""
    results.sort(key=lambda r: r["ratio"])
    print(f"ode backend={_backend.backend} precision={_backend.precision}; max contacts {args.max_contacts}, "
          f"best of {args.repeat} x {args.loops} loops, every {args.stride}. pose; us per call")
    print("| pair | poses | contacts ours/libode | libode us | ours collide us | ours kernel us "
          "| ours pair_contacts us | collide/libode | kernel/libode |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        k = f"{r['kernel']:.2f}" if r["kernel"] != float("inf") else "-"
        kr = f"{r['kratio']:.2f}" if r["kernel"] != float("inf") else "-"
        pc = f"{r['pair_us']:.2f}" if r["pair_us"] != float("inf") else "-"
        print(f"| {r['pair']} | {r['cases']} | {r['contacts']:.2f}/{r['libode_contacts']:.2f} | "
              f"{r['libode']:.2f} | {r['ours']:.2f} | {k} | {pc} | {r['ratio']:.2f} | {kr} |")
    ratios = [r["ratio"] for r in results]
    kratios = [r["kratio"] for r in results if r["kernel"] != float("inf")]
    worst = results[-1]
    print(f"summary: {len(results)} pairs; collide/libode median {statistics.median(ratios):.2f}, "
          f"worst {worst['ratio']:.2f} ({worst['pair']}); kernel/libode median "
          f"{statistics.median(kratios):.2f}, worst {max(kratios):.2f}")


def main() -> None:
    """Parse options, time every supported class pair, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-contacts", type=int, default=4, help="contacts per call (4; try 64)")
    ap.add_argument("--repeat", type=int, default=5, help="rounds per side; the best is shown")
    ap.add_argument("--loops", type=int, default=2, help="passes over the poses per round")
    ap.add_argument("--stride", type=int, default=1, help="use every STRIDE-th recorded pose")
    ap.add_argument("--quick", action="store_true", help="every 5th pose, 2 rounds of 1 loop")
    ap.add_argument("--pairs", default="", help="comma-separated class pairs (default: all libode has)")
    args = ap.parse_args()
    if args.quick:
        args.stride, args.repeat, args.loops = 5, 2, 1
    names = [p for p in PAIRS if p not in UNSUPPORTED_BY_LIBODE]
    if args.pairs:
        wanted = args.pairs.split(",")
        names = [p for p in names if p in wanted]
    results = []
    for name in names:
        results.append(bench_pair(name, args))
        print(f"  {name}: libode {results[-1]['libode']:.2f} us, ours {results[-1]['ours']:.2f} us",
              file=sys.stderr, flush=True)
    report(results, args)


if __name__ == "__main__":
    main()
