#!/usr/bin/env python3
"""Measures the slice engine's unit costs for src/providers/soft/job_costs.h on one MCU model.

Builds the benchmark image with ENGINE_BUDGET=1, so every engine step runs exactly one unit,
runs it in the cycle model and prints, per sliced operation, the slice cycles grouped into
clusters (cycles from .. to, count): ladder units A/B/C (255 each), squaring runs of four,
multiplications, additions, SHA-512 blocks from bytes and from a writer. Each unit's cost in
the table is its cluster's top, rounded up (it then includes the step's own overhead).
Run: .venv/bin/python bench/calibrate_engine.py cortex-m0plus
"""
from __future__ import annotations

import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))

from fieldcrypt import mcu, mcubench  # noqa: E402


def clusters(values: list[int], gap: int = 300) -> list[tuple[int, int, int]]:
    groups: list[list[int]] = []
    for v, n in sorted(collections.Counter(values).items()):
        if groups and v - groups[-1][1] < gap:
            groups[-1][1] = v
            groups[-1][2] += n
        else:
            groups.append([v, v, n])
    return [tuple(g) for g in groups]


def main() -> int:
    target = sys.argv[1] if len(sys.argv) > 1 else "cortex-m0plus"
    lib = mcu.build_target(target, ROOT / "build")
    out = mcubench.image_dir(target) / "bench_calibrate.elf"
    elf = mcubench._gcc(target, [ROOT / "bench" / "bench_main.c", *mcubench._startup(target)], out,
                        extra=["-I", str(ROOT / "include"), "-I", str(ROOT / "src"),
                               "-I", str(ROOT / "bench"), "-DENGINE_BUDGET=1u"], libs=[lib])
    res = mcubench.run_bench(target, elf)
    if not res["kat_ok"]:
        print(res["output"])
        return 1
    for op in res["operations"]:
        if "slices" in op:
            print(f"{op['operation']}: {len(op['slices'])} units, {op['cycles']:,} cycles")
            for lo, hi, n in clusters(op["slices"]):
                print(f"    {lo:>7,} .. {hi:>7,}  x{n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
