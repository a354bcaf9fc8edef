"""fieldcrypt beside the peer libraries on the same MCU models: one image per library, target
and optimisation level (bench/peers/peer_main.c + peer_<library>.c), the same operations on the
same inputs, each answer checked against bench/kat.h inside the image; a wrong answer is
reported, not timed. The peers' sources come from peers.py (pinned, hash-checked); a peer whose
sources are absent is skipped with a line saying so.

The peers are compiled by the same gcc with the same CPU flags and optimisation level as
fieldcrypt's library, their own warnings silenced (their code, not ours). Cycles are modelled
(mcusim.py), as everywhere in the bench.
"""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from . import mcu, mcubench, mcusim, peers

ROOT = mcu.ROOT
PEER_DIR = ROOT / "bench" / "peers"
OUT_DIR = ROOT / "build" / "mcu-peers"
OPS = ("x25519", "sha256_2k", "sha512_2k")
WRONG_LINE = re.compile(r"^(WRONG|absent) (\S+)$", re.M)


@dataclass
class Recipe:
    """How to build one library's image: its sources (relative to the peer's source directory),
    include directories, defines."""
    library: str
    sources: list[str] = field(default_factory=list)
    includes: list[str] = field(default_factory=list)
    defines: list[str] = field(default_factory=list)


MBEDTLS_FILES = ["bignum.c", "bignum_core.c", "constant_time.c", "ecp.c", "ecp_curves.c",
                 "memory_buffer_alloc.c", "platform.c", "platform_util.c", "sha256.c", "sha512.c"]

WOLFSSL_FILES = ["wolfcrypt/src/curve25519.c", "wolfcrypt/src/fe_operations.c",
                 "wolfcrypt/src/sha256.c", "wolfcrypt/src/sha512.c", "wolfcrypt/src/hash.c",
                 "wolfcrypt/src/memory.c", "wolfcrypt/src/wc_port.c", "wolfcrypt/src/misc.c",
                 "wolfcrypt/src/port/arm/thumb2-curve25519_c.c",
                 "wolfcrypt/src/port/arm/thumb2-sha256-asm_c.c",
                 "wolfcrypt/src/port/arm/thumb2-sha512-asm_c.c"]

RECIPES = {
    "fieldcrypt": Recipe("fieldcrypt"),
    "monocypher": Recipe("Monocypher 4.0.2",
                         ["src/monocypher.c", "src/optional/monocypher-ed25519.c"], ["src"]),
    "mbedtls": Recipe("mbedTLS 3.6.5", [f"library/{f}" for f in MBEDTLS_FILES],
                      ["include", "library"], ['MBEDTLS_CONFIG_FILE="fc_mbedtls_config.h"']),
    "wolfssl": Recipe("wolfSSL 5.9.4", WOLFSSL_FILES, [".", str(PEER_DIR / "wolfssl")],
                      ["WOLFSSL_USER_SETTINGS"]),
}


def _compile(target: str, src: Path, obj: Path, opt: str, includes, defines, ours: bool) -> Path:
    obj.parent.mkdir(parents=True, exist_ok=True)
    cmd = [mcubench.compiler(target), *mcubench.CPU_FLAGS[target], opt, "-g", "-std=c99",
           "-ffreestanding", "-ffunction-sections", "-fdata-sections",
           *(mcubench.WARNINGS if ours else ["-w"]), "-I", str(ROOT / "targets"),
           "-I", str(ROOT / "bench"), "-I", str(PEER_DIR),
           *[f"-I{i}" for i in includes], *[f"-D{d}" for d in defines], "-c", str(src),
           "-o", str(obj)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"compiling {src.name} for {target} failed:\n{' '.join(cmd)}\n{r.stderr}")
    return obj


def build_image(name: str, target: str, opt: str, src_dir: Path | None) -> Path:
    """The comparison image of library name (fieldcrypt, or a peer whose sources are at
    src_dir) for target at opt (-Os or -O2)."""
    rec = RECIPES[name]
    odir = OUT_DIR / target / f"{name}{opt}"
    includes = [str(src_dir / i) for i in rec.includes] if src_dir else []
    libs: list[Path] = []
    if name == "fieldcrypt":
        includes.append(str(ROOT / "include"))
        # the library with only what these operations need (fc_peer_config.h), as a device
        # would build it: its image flash is then comparable with the peers'
        libs.append(mcu.build_target(target, ROOT / "build" / f"peer-lib{opt}",
                                     config=PEER_DIR / "fc_peer_config.h",
                                     build_type="MinSizeRel" if opt == "-Os" else "RelWithDebInfo"))
    objs = [_compile(target, PEER_DIR / f, odir / (Path(f).stem + ".o"), opt, includes,
                     rec.defines, True)
            for f in ("peer_main.c", f"peer_{name}.c")]
    objs += [_compile(target, src_dir / s, odir / "lib" / (Path(s).stem + ".o"), opt, includes,
                      rec.defines, False) for s in rec.sources]
    objs += [_compile(target, s, odir / (s.stem + ".o"), "-Os", [], [], True)
             for s in mcubench._startup(target) if s.suffix == ".c"]
    objs += [s for s in mcubench._startup(target) if s.suffix == ".S"]
    elf = odir / "peer.elf"
    cmd = [mcubench.compiler(target), *mcubench.CPU_FLAGS[target], *map(str, objs),
           *mcubench._link_flags(target), "-Wl,--defsym=RAM_SIZE=64K", *map(str, libs), "-lgcc",
           "-Wl,-Map=" + str(elf.with_suffix(".map")), "-o", str(elf)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"linking {name} for {target} failed:\n{' '.join(cmd)}\n{r.stderr}")
    return elf


def run(name: str, target: str, opt: str, src_dir: Path | None) -> dict:
    """{"library", "target", "opt", "flash_bytes", "ram_bytes", "operations": {op: {...}},
    "wrong": [...], "absent": [...]} or {"error": ...}."""
    out = {"library": name, "target": target, "opt": opt}
    try:
        elf = build_image(name, target, opt, src_dir)
    except RuntimeError as e:
        return {**out, "error": str(e).splitlines()[0]}
    res = mcubench.run_bench(target, elf)
    out.update(flash_bytes=res["flash_bytes"], ram_bytes=res["ram_bytes"],
               operations={o["operation"]: {"cycles": o["cycles"], "stack_bytes": o["stack_bytes"],
                                            "bytes": o["bytes"]} for o in res["operations"]},
               wrong=[m.group(2) for m in WRONG_LINE.finditer(res["output"]) if m.group(1) == "WRONG"],
               absent=[m.group(2) for m in WRONG_LINE.finditer(res["output"]) if m.group(1) == "absent"])
    if res["exit_code"] != 0 or "PEER DONE" not in res["output"]:
        out["error"] = f"image stopped: {res['error'] or res['output'][-200:]}"
    return out


def compare(targets=("cortex-m0plus",), opts=("-Os",), names=None, fetch: bool = False,
            progress=print) -> list[dict]:
    """Every library (fieldcrypt first, then the peers whose sources are there) on every target
    and optimisation level. Lines for skipped peers go to progress."""
    found = {p.name: p for p in (peers.fetch() if fetch else peers.available())}
    runs = []
    for name in names or RECIPES:
        src = None
        if name != "fieldcrypt":
            p = found.get(name)
            if p is None or p.status != "ok":
                progress(f"peer {name}: skipped ({p.detail if p else 'not in peers.json'})")
                continue
            src = p.path
        for t in targets:
            for o in opts:
                runs.append(run(name, t, o, src))
    return runs


def markdown(runs: list[dict]) -> str:
    """One table per target: cycles per operation and library (and c/B for the hashes), with
    the image's flash; wrong answers and errors named."""
    lines = ["Modelled cycles (mcusim.py), same compiler and flags, same inputs; every answer "
             "checked against bench/kat.h in the image."]
    for t in dict.fromkeys(r["target"] for r in runs):
        lines += ["", f"### {t}", "",
                  "| library | opt | " + " | ".join(OPS) + " | image flash B |",
                  "|---|---|" + "---|" * len(OPS) + "---|"]
        for r in (r for r in runs if r["target"] == t):
            if "error" in r and "operations" not in r:
                lines.append(f"| {r['library']} | {r['opt']} | " + " | ".join("-" for _ in OPS)
                             + f" | build failed: {r['error']} |")
                continue
            cells = []
            for op in OPS:
                o = r["operations"].get(op)
                if op in r.get("wrong", ()):
                    cells.append("WRONG")
                elif o is None:
                    cells.append("-")
                elif o["bytes"]:
                    cells.append(f"{o['cycles']:,} ({o['cycles'] / o['bytes']:.1f} c/B)")
                else:
                    cells.append(f"{o['cycles']:,}")
            lines.append(f"| {r['library']} | {r['opt']} | " + " | ".join(cells)
                         + f" | {r.get('flash_bytes', 0):,} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    """python -m fieldcrypt.peerbench [--targets T,..] [--opts -Os,-O2] [--fetch]: the
    comparison alone, as Markdown on stdout (scripts/main.sh prints the M0+ rows)."""
    import argparse
    ap = argparse.ArgumentParser(prog="python -m fieldcrypt.peerbench")
    ap.add_argument("--targets", default="cortex-m0plus")
    ap.add_argument("--opts", default="-Os")
    ap.add_argument("--fetch", action="store_true", help="fetch the peers' sources first")
    args = ap.parse_args(argv)
    runs = compare(args.targets.split(","), args.opts.split(","), fetch=args.fetch)
    print(markdown(runs))
    return 1 if any(r.get("wrong") or "error" in r for r in runs) else 0


if __name__ == "__main__":
    raise SystemExit(main())
