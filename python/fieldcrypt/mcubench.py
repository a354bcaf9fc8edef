"""Builds the bare-metal images of targets/ and bench/ for each MCU target and runs them in the
Unicorn runner (mcusim.py).

  bench image   bench/bench_main.c + targets/ startup, board, linker script, linked against the
                target's freestanding libfieldcrypt.a (mcu.build_target)
  calib image   targets/calib_main.c + calib_arm.S / calib_rv32.S: hand-countable loops
  thumb2 image  the calib image with targets/thumb2_probe.S (a UDIV): must be refused on M0/M0+
Images go to build/mcu-bench/<target>/.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from . import mcu, mcusim

ROOT = mcu.ROOT
TARGETS = ("cortex-m0", "cortex-m0plus", "cortex-m4", "rv32imac")
WARNINGS = ["-Wall", "-Wextra", "-Wshadow", "-Wcast-align", "-Wstrict-prototypes",
            "-Wmissing-prototypes", "-Wpointer-arith", "-Wvla", "-Werror"]
CPU_FLAGS = {
    "cortex-m0": ["-mcpu=cortex-m0", "-mthumb"],
    "cortex-m0plus": ["-mcpu=cortex-m0plus", "-mthumb"],
    "cortex-m4": ["-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=soft"],
    "rv32imac": ["-march=rv32imac", "-mabi=ilp32", "-mcmodel=medlow", "--specs=picolibc.specs"],
}
FLASH_LIMIT = 256 * 1024
RAM_LIMIT = 16 * 1024


def _is_rv(target: str) -> bool:
    return target.startswith("rv")


def compiler(target: str) -> str:
    return ("riscv64-unknown-elf-" if _is_rv(target) else "arm-none-eabi-") + "gcc"


def _link_flags(target: str) -> list[str]:
    t = ROOT / "targets"
    if _is_rv(target):
        return ["-nostartfiles", "-T", str(t / "rv32.ld"), "-Wl,--gc-sections",
                "-Wl,--no-warn-rwx-segments"]
    return ["-nostartfiles", "--specs=nano.specs", "--specs=nosys.specs", "-T", str(t / "cortex-m.ld"),
            "-Wl,--gc-sections"]


def _startup(target: str) -> list[Path]:
    t = ROOT / "targets"
    return [t / "board.c", t / ("crt_rv32.S" if _is_rv(target) else "startup_cm.c")]


def _gcc(target: str, sources, out: Path, extra=(), libs=()) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    cmd = [compiler(target), *CPU_FLAGS[target], "-Os", "-g", "-std=c99", "-ffreestanding",
           "-ffunction-sections", "-fdata-sections", *WARNINGS,
           "-I", str(ROOT / "targets"), *extra, *map(str, sources), *_link_flags(target),
           *map(str, libs), "-lgcc", "-Wl,-Map=" + str(out.with_suffix(".map")), "-o", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"building {out.name} for {target} failed:\n{' '.join(cmd)}\n{r.stderr}")
    return out


def image_dir(target: str, build_root: Path = ROOT / "build") -> Path:
    return Path(build_root) / "mcu-bench" / target


def build_bench(target: str, build_root: Path = ROOT / "build", all_curves: bool = False) -> Path:
    """The bench image (bench.elf); all_curves: with the ten Weierstrass curves besides P-256
    (bench-all-curves.elf, FC_BENCH_ALL_CURVES): some 15 times the instructions on the M0+."""
    lib = mcu.build_target(target, build_root)
    define = ["-DFC_BENCH_ALL_CURVES"] if all_curves else []
    return _gcc(target, [ROOT / "bench" / "bench_main.c", *_startup(target)],
                image_dir(target, build_root) / ("bench-all-curves.elf" if all_curves else "bench.elf"),
                extra=["-I", str(ROOT / "include"), "-I", str(ROOT / "src"), "-I", str(ROOT / "bench"),
                       *define],
                libs=[lib])


def build_calib(target: str, build_root: Path = ROOT / "build", thumb2_probe: bool = False) -> Path:
    t = ROOT / "targets"
    if thumb2_probe:
        asm, name = t / "thumb2_probe.S", "thumb2_probe.elf"
    else:
        asm, name = t / ("calib_rv32.S" if _is_rv(target) else "calib_arm.S"), "calib.elf"
    return _gcc(target, [t / "calib_main.c", asm, *_startup(target)],
                image_dir(target, build_root) / name)


OP_LINE = re.compile(r"^op (\d+) (\S+) (\d+)$", re.M)
STATE_LINE = re.compile(r"^(job_state|login_state|engine_max_unit) (\d+)$", re.M)


# instruction limit of a bench run: the all-curves image runs several billion on the M0/M0+
MAX_INSNS = 20_000_000_000


def run_bench(target: str, elf: Path | None = None, model_kw: dict | None = None,
              peripherals=()) -> dict:
    """Runs the bench image of target; returns the runner's result plus "operations":
    [{operation, k, bytes, instructions, cycles, stack_bytes, count, busy}] (net of marker
    overhead; busy: the cycles the peripheral models ran inside the operation)."""
    elf = elf or build_bench(target)
    res = mcusim.run_image(elf, target, model_kw, max_insns=MAX_INSNS, peripherals=peripherals)
    ops = []
    for m in OP_LINE.finditer(res["output"]):
        k, name, nbytes = int(m.group(1)), m.group(2), int(m.group(3))
        r = res["regions"].get(2 * k + 1)
        if r is None:
            continue
        op = {"operation": name, "k": k, "bytes": nbytes, "instructions": r["insns_net"],
              "cycles": r["cycles_net"], "stack_bytes": r["stack"], "entries": r["count"],
              "busy": r["busy"]}
        if name.startswith(("slices:", "inputs:")):  # a sliced run: every call on its own
            op["slices"] = [c for c, _ in res["entries"][2 * k + 1]]
            op["slice_stack"] = [d for _, d in res["entries"][2 * k + 1]]
        ops.append(op)
    res["operations"] = ops
    for m in STATE_LINE.finditer(res["output"]):
        res[m.group(1)] = int(m.group(2))
    res["kat_ok"] = res["exit_code"] == 0 and "KAT OK" in res["output"]
    return res
