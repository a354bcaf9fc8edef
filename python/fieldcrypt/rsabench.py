"""RSA on the MCU models (`fieldcrypt bench --rsa`): the public and the private operation of
2048- and 4096-bit keys, in one call and as engine jobs, in modelled cycles, in seed 002's
units (operations per second at 30 MHz), with the longest slice, the stack and the flash.

Every cycle figure comes from the project's instruction-level model (python/fieldcrypt/mcusim.py,
zero wait states), not from silicon. The image is tests/mcu/rsa_bench.c, built against the
target's libfieldcrypt.a (MinSizeRel, -Os); the keys and known answers are the first ones of
each size in tests/c/rsa_vectors.h. A 4096-bit private operation is billions of emulated
cycles on the M0+ model: the whole run takes several minutes per target.
"""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import mcu, mcubench, mcusim

ROOT = Path(__file__).resolve().parents[2]
BITS = (2048, 4096)
BUDGET = 28000
CLOCK_MHZ = 30.0   # seed 002's table: operations per second at 30 MHz
# The objects the raw operations bring into an image: the soft descriptor names key
# generation too, so it comes along (the padding's hashes and the DER code are not counted).
OBJECTS = ("bn", "rsa_soft", "rsa_job_soft", "rsa_keygen_soft", "rsa_provider_soft", "rsa",
           "rsa_job")


def build(target: str, bits: int, budget: int = BUDGET, build_root: Path = ROOT / "build") -> Path:
    lib = mcu.build_target(target, build_root)
    out = mcubench.image_dir(target, build_root) / f"rsa_bench_{bits}.elf"
    return mcubench._gcc(target, [ROOT / "tests" / "mcu" / "rsa_bench.c", *mcubench._startup(target)],
                         out, extra=["-I", str(ROOT / "include"), "-I", str(ROOT / "src"),
                                     "-I", str(ROOT / "tests" / "c"), f"-DRSA_BITS={bits}u",
                                     f"-DRSA_BUDGET={budget}u", "-Wl,--defsym=RAM_SIZE=64K"],
                         libs=[lib])


def run(target: str, bits: int, elf: str) -> dict:
    kw = {"mul_cycles": 1} if target in ("cortex-m0", "cortex-m0plus") else {}
    r = mcusim.run_image(elf, target, kw, max_insns=40_000_000_000)
    reg, ent = r["regions"], r["entries"]

    def cycles(mid):
        return reg[mid]["cycles_net"] if mid in reg else None

    def slices(mid):
        return [c for c, _ in ent.get(mid, [])]

    pub_sl, priv_sl = slices(3), slices(5)
    return {
        "target": target, "bits": bits, "ok": r["exit_code"] == 0 and "OK" in r["output"],
        "error": r["error"], "model": r["model"],
        "public": cycles(11), "private": cycles(13),
        "public_job": cycles(9), "private_job": cycles(7),
        "public_slices": len(pub_sl), "private_slices": len(priv_sl),
        "max_slice": max(pub_sl + priv_sl) if pub_sl or priv_sl else None,
        "stack": r["stack_high_water"],
    }


def flash(target: str, build_root: Path = ROOT / "build") -> int:
    from .bench import object_flash
    sizes = object_flash(target, build_root)
    return sum(sizes.get(o, 0) for o in OBJECTS)


def collect(targets, progress=None, jobs: int | None = None) -> list[dict]:
    """One row per (target, bits); images built serially, run in parallel processes."""
    say = progress or (lambda msg: None)
    elfs = {}
    for t in targets:
        for bits in BITS:
            say(f"build {t}: the RSA-{bits} image")
            elfs[(t, bits)] = str(build(t, bits))
    jobs = jobs or min(len(elfs), os.cpu_count() or 1)
    say(f"run {len(elfs)} RSA image(s) in the emulator ({jobs} in parallel)")
    rows = []
    with ProcessPoolExecutor(max_workers=jobs) as ex:
        futs = {k: ex.submit(run, k[0], k[1], e) for k, e in elfs.items()}
        for (t, bits), f in futs.items():
            row = f.result()
            row["flash"] = flash(t)
            rows.append(row)
            say(f"{t} RSA-{bits}: {'OK' if row['ok'] else 'FAILED'}")
    return rows


def _m(v) -> str:
    return "-" if v is None else f"{v / 1e6:,.1f} M"


def _rate(cycles) -> str:
    if not cycles:
        return "-"
    v = CLOCK_MHZ * 1e6 / cycles
    return f"{v:,.1f}" if v >= 1 else f"{v:.3f}"


def markdown(rows: list[dict]) -> str:
    head = ("| target | bits | public | private | public/s @30 MHz | private/s @30 MHz | "
            "private job | slices (private) | longest slice | stack (run) | flash |")
    lines = ["## RSA (modelled cycles)", "",
             "The public (e = 65537) and the private operation (CRT, blinding, the result checked "
             "with e) in one call each, and the private operation as an engine job stepped with "
             f"budget {BUDGET:,}. Cycles from the project's MCU models (zero wait states), not "
             "silicon; operations per second at 30 MHz for seed 002's table. Stack: the image's "
             "high-water mark (the work area, about 13 KB, is static). Flash: the objects of "
             "the raw operations, their jobs, key generation and the front end (-Os).", "",
             head, "|" + " --- |" * 11]
    for r in sorted(rows, key=lambda r: (r["target"], r["bits"])):
        over = (f" (+{100 * (r['private_job'] / r['private'] - 1):.0f}%)"
                if r["private"] and r["private_job"] else "")
        lines.append(f"| {r['target']} | {r['bits']} | {_m(r['public'])} | {_m(r['private'])} | "
                     f"{_rate(r['public'])} | {_rate(r['private'])} | {_m(r['private_job'])}{over} | "
                     f"{r['private_slices']:,} | {r['max_slice'] or '-':,} | {r['stack'] or '-'} | "
                     f"{r['flash']:,} |" + ("" if r["ok"] else " FAILED"))
    return "\n".join(lines) + "\n"
