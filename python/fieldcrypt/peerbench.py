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

import hashlib
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from . import bench, mcu, mcubench, mcusim, peers

ROOT = mcu.ROOT
PEER_DIR = ROOT / "bench" / "peers"
OUT_DIR = ROOT / "build" / "mcu-peers"
RSA_OPS = ("rsa2048_public", "rsa2048_private")
AES_SET_STEPS = ("set_enc_key", "encrypt_32", "set_dec_key", "decrypt_32")
AES_SET_OPS = tuple(f"aes{bits}_{step}" for bits in (128, 256) for step in AES_SET_STEPS)
OPS = ("x25519", "ed25519_sign", "ed25519_verify", "p256_ecdh", "p256_sign", "p256_verify",
       "sha256_2k", "sha512_2k", "aes128_ctr_2k", "aes128_gcm_2k", "aes128_ccm_2k",
       "chacha20_poly1305_2k",
       # seed 003's AES set (bench/peers/peer_main.c's aes_set), then seed 002's CBC and the
       # key pair generation of seeds 000 and 002
       *AES_SET_OPS, "aes128_cbc_2k", "p256_keygen",
       # seed 002's RSA-2048 rows: run only when asked (emulating them takes minutes)
       *RSA_OPS,
       # the AES-256 modes (bench/peers/peer_main.c operations 25 to 28)
       "aes256_ctr_2k", "aes256_gcm_2k", "aes256_ccm_2k", "aes256_cbc_2k",
       # a CPace login's primitives: SHA-512, Elligator2, two X25519 (operation 29)
       "cpace_x25519")
DEFAULT_OPS = tuple(op for op in OPS if op not in RSA_OPS)
WRONG_LINE = re.compile(r"^(WRONG|absent) (\S+)$", re.M)


@dataclass
class Recipe:
    """How to build one library's image: its sources (relative to the peer's source directory),
    include directories, defines."""
    library: str
    sources: list[str] = field(default_factory=list)
    includes: list[str] = field(default_factory=list)
    defines: list[str] = field(default_factory=list)
    has: tuple[str, ...] = ()   # the operations its adapter implements (empty: all)
    peer: str = ""              # its sources' entry in peers.json (default: the recipe's name)
    adapter: str = ""           # bench/peers/peer_<adapter>.c (default: the name without "-")
    targets: tuple[str, ...] = ()  # the targets it builds for (empty: all)


MBEDTLS_FILES = ["aes.c", "asn1parse.c", "asn1write.c", "bignum.c", "bignum_core.c",
                 "rsa.c", "rsa_alt_helpers.c",
                 "block_cipher.c", "ccm.c",
                 "chacha20.c", "chachapoly.c", "cipher.c", "cipher_wrap.c", "constant_time.c",
                 "ecdsa.c", "ecp.c", "ecp_curves.c", "gcm.c", "memory_buffer_alloc.c", "platform.c",
                 "platform_util.c", "poly1305.c", "sha256.c", "sha512.c"]

WOLFSSL_FILES = ["wolfcrypt/src/curve25519.c", "wolfcrypt/src/fe_operations.c",
                 "wolfcrypt/src/sha256.c", "wolfcrypt/src/sha512.c", "wolfcrypt/src/hash.c",
                 "wolfcrypt/src/memory.c", "wolfcrypt/src/wc_port.c", "wolfcrypt/src/misc.c",
                 "wolfcrypt/src/port/arm/thumb2-curve25519_c.c",
                 "wolfcrypt/src/port/arm/thumb2-sha256-asm_c.c",
                 "wolfcrypt/src/port/arm/thumb2-sha512-asm_c.c", "wolfcrypt/src/aes.c",
                 "wolfcrypt/src/port/arm/thumb2-aes-asm_c.c", "wolfcrypt/src/ed25519.c",
                 "wolfcrypt/src/ge_operations.c", "wolfcrypt/src/chacha.c",
                 "wolfcrypt/src/poly1305.c", "wolfcrypt/src/chacha20_poly1305.c",
                 "wolfcrypt/src/port/arm/thumb2-chacha-asm_c.c",
                 "wolfcrypt/src/port/arm/thumb2-poly1305-asm_c.c"]

P256_OPS = ("p256_ecdh", "p256_sign", "p256_verify", "p256_keygen")

# fieldcrypt's library for an image is built with only the families its operations use
# (a configuration header per operation set, over fc_peer_config.h), as a device would build
# it, so that its image flash compares with the peers', which link only what they call.
FAMILY_OF = {"x25519": "FC_WITH_X25519", "ed25519_sign": "FC_WITH_ED25519",
             "ed25519_verify": "FC_WITH_ED25519", "p256_ecdh": "FC_WITH_EC",
             "p256_sign": "FC_WITH_EC", "p256_verify": "FC_WITH_EC",
             "aes128_ctr_2k": "FC_WITH_AES", "aes128_gcm_2k": "FC_WITH_AES",
             "aes128_ccm_2k": "FC_WITH_AES", "chacha20_poly1305_2k": "FC_WITH_CHACHA20",
             "aes128_cbc_2k": "FC_WITH_AES", "p256_keygen": "FC_WITH_EC",
             "rsa2048_public": "FC_WITH_RSA", "rsa2048_private": "FC_WITH_RSA",
             **{op: "FC_WITH_AES" for op in AES_SET_OPS},
             **{f"aes256_{m}_2k": "FC_WITH_AES" for m in ("ctr", "gcm", "ccm", "cbc")},
             "cpace_x25519": "FC_WITH_X25519"}
# families fc_peer_config.h leaves off unless an image's operations need them
DEFAULT_OFF = {"FC_WITH_RSA"}

RECIPES = {
    "fieldcrypt": Recipe("fieldcrypt"),
    # the same with FC_SMALL 1 (config.h): the smaller of two implementations where it has both
    "fieldcrypt-small": Recipe("fieldcrypt, FC_SMALL", adapter="fieldcrypt"),
    "monocypher": Recipe("Monocypher 4.0.2",
                         ["src/monocypher.c", "src/optional/monocypher-ed25519.c"], ["src"]),
    "mbedtls": Recipe("mbedTLS 3.6.5", [f"library/{f}" for f in MBEDTLS_FILES],
                      ["include", "library"], ['MBEDTLS_CONFIG_FILE="fc_mbedtls_config.h"']),
    # the same mbedTLS with its AES tables as constants in flash (seed 003's "ROM tables"
    # build); the default above generates them into RAM on first use
    "mbedtls-rom": Recipe("mbedTLS 3.6.5, AES ROM tables", [f"library/{f}" for f in MBEDTLS_FILES],
                          ["include", "library"],
                          ['MBEDTLS_CONFIG_FILE="fc_mbedtls_config.h"', "MBEDTLS_AES_ROM_TABLES"],
                          AES_SET_OPS, peer="mbedtls", adapter="mbedtls"),
    # p256-m as mbedTLS ships it: compiled in when mbedTLS's P-256 driver is enabled, with
    # mbedTLS's zeroize
    "p256-m": Recipe("p256-m (mbedTLS 3.6.5)", ["p256-m.c", "../../../library/platform_util.c"],
                     [".", "../../../include"],
                     ['MBEDTLS_CONFIG_FILE="fc_mbedtls_config.h"', "MBEDTLS_PSA_P256M_DRIVER_ENABLED"],
                     P256_OPS),
    "micro-ecc": Recipe("micro-ecc", ["uECC.c"], ["."],
                        ["uECC_SUPPORTS_secp160r1=0", "uECC_SUPPORTS_secp192r1=0",
                         "uECC_SUPPORTS_secp224r1=0", "uECC_SUPPORTS_secp256k1=0"], P256_OPS),
    # Lenngren's P-256 in Thumb-2 assembly with UMAAL: the Cortex-M4 only
    "p256-cortex-m4": Recipe("P256-Cortex-M4 (Lenngren)",
                             ["p256-cortex-m4.c", "p256-cortex-m4-asm-gcc.S"], ["."], [],
                             P256_OPS, targets=("cortex-m4",)),
    "wolfssl": Recipe("wolfSSL 5.9.4", WOLFSSL_FILES, [".", str(PEER_DIR / "wolfssl")],
                      ["WOLFSSL_USER_SETTINGS"]),
}


def is_fieldcrypt(name: str) -> bool:
    """fieldcrypt itself, in its default or its small build (no peer sources)."""
    return name in ("fieldcrypt", "fieldcrypt-small")


def _compile(target: str, src: Path, obj: Path, opt: str, includes, defines, ours: bool) -> Path:
    obj.parent.mkdir(parents=True, exist_ok=True)
    cmd = [mcubench.compiler(target), *mcubench.CPU_FLAGS[target], opt, "-g", "-std=c99",
           "-ffreestanding", "-ffunction-sections", "-fdata-sections",
           *(mcubench.WARNINGS if ours else ["-w"]), "-I", str(ROOT / "targets"),
           "-I", str(ROOT / "bench"), "-I", str(PEER_DIR),
           *(["-I", str(ROOT / "tests" / "c")] if ours else []),   # rsa_vectors.h
           *[f"-I{i}" for i in includes], *[f"-D{d}" for d in defines], "-c", str(src),
           "-o", str(obj)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"compiling {src.name} for {target} failed:\n{' '.join(cmd)}\n{r.stderr}")
    return obj


def _compile_once(target: str, src: Path, obj: Path, opt: str, includes, defines) -> Path:
    """A peer library's object, compiled unless it is there from the same command and the same
    configuration headers of ours (a stamp beside it holds both; the pinned sources do not
    change under it)."""
    stamp = obj.with_suffix(".cmd")
    ours = hashlib.sha256(b"".join(h.read_bytes() for h in sorted(PEER_DIR.rglob("*.h"))))
    key = "\n".join([str(src), opt, *includes, *defines, ours.hexdigest()])
    if obj.exists() and stamp.exists() and stamp.read_text() == key:
        return obj
    _compile(target, src, obj, opt, includes, defines, False)
    stamp.write_text(key)
    return obj


def build_image(name: str, target: str, opt: str, src_dir: Path | None, ops=DEFAULT_OPS) -> Path:
    """The comparison image of library name (fieldcrypt, or a peer whose sources are at
    src_dir) for target at opt (-Os or -O2), running ops (a subset of OPS)."""
    rec = RECIPES[name]
    mask = sum(1 << (OPS.index(op) + 1) for op in ops)
    odir = OUT_DIR / target / f"{name}{opt}-{mask:x}"
    includes = [str(src_dir / i) for i in rec.includes] if src_dir else []
    libs: list[Path] = []
    if is_fieldcrypt(name):
        small = name == "fieldcrypt-small"
        includes.append(str(ROOT / "include"))
        # the library with only what these operations need (fc_peer_config.h), as a device
        # would build it: its image flash is then comparable with the peers'
        on = {FAMILY_OF[o] for o in ops if o in FAMILY_OF}
        if "FC_WITH_ED25519" in on:
            on.add("FC_WITH_X25519")   # soft's Ed25519 runs on X25519's field (soft.h)
        off = sorted(set(FAMILY_OF.values()) - on)
        OUT_DIR.mkdir(parents=True, exist_ok=True)
        text = (f'/* generated by peerbench.py: the families on and off for these operations */\n'
                + ("#define FC_SMALL 1\n" if small else "")
                + "".join(f"#define {f} 1\n" for f in sorted(DEFAULT_OFF - set(off)))
                + f'#include "{PEER_DIR / "fc_peer_config.h"}"\n'
                + "".join(f"#define {f} 0\n" for f in off if f not in DEFAULT_OFF))
        # one library build per set of families (operations of one family share it)
        fam = sum(1 << i for i, f in enumerate(sorted(set(FAMILY_OF.values()))) if f not in off)
        tag = f"f{fam:x}" + ("-small" if small else "")
        config = OUT_DIR / f"fc_config_{tag}.h"
        if not config.exists() or config.read_text() != text:
            config.write_text(text)
        libs.append(mcu.build_target(target, ROOT / "build" / f"peer-lib{opt}-{tag}",
                                     config=config,
                                     build_type="MinSizeRel" if opt == "-Os" else "RelWithDebInfo"))
    objs = [_compile(target, PEER_DIR / f, odir / (Path(f).stem + ".o"), opt, includes,
                     [*rec.defines, f"PEER_OPS={mask:#x}u"], True)
            for f in ("peer_main.c", f"peer_{rec.adapter or name.replace('-', '')}.c")]
    # the library's objects do not depend on the operations: compiled once per recipe, target
    # and level, and reused by every image (one per operation for the per-operation flash)
    ldir = OUT_DIR / target / f"{name}{opt}-lib"
    objs += [_compile_once(target, src_dir / s, ldir / (Path(s).stem + ".o"), opt, includes,
                           rec.defines) for s in rec.sources]
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


def map_footprint(map_path: Path, is_library, is_instance=lambda f, s: False) -> dict:
    """From a GNU ld map: the flash and static RAM of the input sections the link kept from the
    files is_library(path) says are the library's ("x.o" or "libx.a(member.o)"), plus the
    static RAM of the sections is_instance(path, section) takes (an adapter's key schedules, the library's state as a
    cover API holds it). Flash: what lands in .text / .rodata / .data's load image; RAM:
    .data and .bss. The discarded sections (listed before the memory map) do not count, nor
    the C library and libgcc members the code calls (memcpy, the division helpers)."""
    text = Path(map_path).read_text()
    text = text[text.index("Linker script and memory map"):]
    flash = ram = 0
    out = ""             # the output section the lines below belong to
    section = None       # an input section's long name, its address and size on the next line
    for line in text.splitlines():
        if line[:1] == ".":
            out = line.split()[0]
            section = None
            continue
        parts = line.split()
        if line.startswith(" ") and not line.startswith("  ") and len(parts) == 1:
            section = parts[0]                            # the address and size follow
            continue
        if len(parts) == 4 and line.startswith(" ") and parts[1].startswith("0x"):
            size, path = parts[2], parts[3]
        elif len(parts) == 3 and section and parts[0].startswith("0x") and parts[1].startswith("0x"):
            size, path = parts[1], parts[2]
        else:
            section = None
            continue
        n = int(size, 16)
        mine = is_instance(path, section or parts[0])
        section = None
        if out in (".text", ".rodata") and is_library(path):
            flash += n
        elif out == ".data" and (is_library(path) or mine):
            ram += n
            flash += n if is_library(path) else 0
        elif out in (".bss", "COMMON") and (is_library(path) or mine):
            ram += n
    return {"flash": flash, "ram": ram}


def footprint(name: str, target: str, opt: str, src_dir: Path | None, ops) -> dict:
    """{"flash", "ram"} of the library code and data an image of ops alone keeps (linked with
    --gc-sections, never run): the library's objects (fieldcrypt: the members of its archive)
    from the image's map, and the static RAM of the adapter's instances (the heap an adapter
    gives the library only when an operation needs it: mbedTLS's bignum heap, P-256 and
    X25519)."""
    elf = build_image(name, target, opt, src_dir, ops)
    lib = f"/{name}{opt}-lib/"
    adapter = f"peer_{RECIPES[name].adapter or name.replace('-', '')}.o"
    if is_fieldcrypt(name):
        def is_library(path):
            return "libfieldcrypt.a(" in path
    else:
        def is_library(path):
            return lib in path
    heap = any(op.startswith(("p256", "x25519")) for op in ops)

    def is_instance(path, section):
        return path.endswith(adapter) and (heap or not section.endswith(".heap"))
    return map_footprint(elf.with_suffix(".map"), is_library, is_instance)


def run(name: str, target: str, opt: str, src_dir: Path | None, ops=DEFAULT_OPS) -> dict:
    """{"library", "target", "opt", "flash_bytes", "ram_bytes", "operations": {op: {...}},
    "wrong": [...], "absent": [...]} or {"error": ...}."""
    out = {"library": name, "target": target, "opt": opt}
    try:
        elf = build_image(name, target, opt, src_dir, ops)
    except RuntimeError as e:
        # the step that failed and the compiler's or linker's first complaint
        lines = str(e).splitlines()
        why = next((ln.strip() for ln in lines[1:]
                    if "error" in ln or "undefined reference" in ln), "")
        return {**out, "error": f"{lines[0]} {why}".strip()}
    res = mcubench.run_bench(target, elf)
    out.update(flash_bytes=res["flash_bytes"], ram_bytes=res["ram_bytes"],
               operations={o["operation"]: {"cycles": o["cycles"], "stack_bytes": o["stack_bytes"],
                                            "bytes": o["bytes"]} for o in res["operations"]},
               wrong=[m.group(2) for m in WRONG_LINE.finditer(res["output"]) if m.group(1) == "WRONG"],
               absent=[m.group(2) for m in WRONG_LINE.finditer(res["output"]) if m.group(1) == "absent"])
    if res["exit_code"] != 0 or "PEER DONE" not in res["output"]:
        out["error"] = f"image stopped: {res['error'] or res['output'][-200:]}"
    return out


def footprints(name: str, target: str, opt: str, src_dir: Path | None, ops) -> dict:
    """{op: {"flash", "ram"}} for each of ops on its own, and the groups of seed 003 ("aes_set":
    the eight AES steps) and seed 000 ("le_sc": P-256 key pair generation and ECDH) when ops
    hold them; an image that does not link is left out."""
    groups = {op: (op,) for op in ops}
    if set(AES_SET_OPS) <= set(ops):
        groups["aes_set"] = AES_SET_OPS
    if {"p256_keygen", "p256_ecdh"} <= set(ops):
        groups["le_sc"] = ("p256_keygen", "p256_ecdh")
    out = {}
    for key, group in groups.items():
        try:
            out[key] = footprint(name, target, opt, src_dir, group)
        except RuntimeError:
            continue
    return out


def compare(targets=("cortex-m0plus",), opts=("-Os",), names=None, fetch: bool = False,
            progress=print, ops=DEFAULT_OPS, footprint_opts=()) -> list[dict]:
    """Every library (fieldcrypt first, then the peers whose sources are there) on every target
    and optimisation level, each over the operations of ops its adapter has. A peer whose
    sources are absent gives a line to progress and a {"library", "skipped": why} entry. At the
    levels in footprint_opts each run also gets "footprint" (footprints(): the library flash
    and RAM per operation, from one image per operation, linked but not run)."""
    found = {p.name: p for p in (peers.fetch() if fetch else peers.available())}
    runs = []
    for name in names or RECIPES:
        src = None
        if not is_fieldcrypt(name):
            p = found.get(RECIPES[name].peer or name)
            if p is None or p.status != "ok":
                why = p.detail if p else "not in peers.json"
                progress(f"peer {name}: skipped ({why})")
                runs.append({"library": name, "skipped": why})
                continue
            src = p.path
        mine = tuple(o for o in ops if not RECIPES[name].has or o in RECIPES[name].has)
        if not mine:
            continue
        for t in targets:
            if RECIPES[name].targets and t not in RECIPES[name].targets:
                continue
            for o in opts:
                r = run(name, t, o, src, mine)
                if o in footprint_opts and "error" not in r:
                    progress(f"peer {name}: flash per operation, {t} {o}")
                    r["footprint"] = footprints(name, t, o, src, mine)
                runs.append(r)
    return runs


def _cell(r: dict, op: str) -> str:
    o = r.get("operations", {}).get(op)
    if op in r.get("wrong", ()):
        return "WRONG"
    if o is None:
        return "-"
    return f"{o['cycles']:,}" + (f" ({o['cycles'] / o['bytes']:.1f} c/B)" if o["bytes"] > 64 else "")


def markdown(runs: list[dict]) -> str:
    """Per target and optimisation level: one row per operation, one column per library
    (cycles; c/B for the 2 KiB inputs), fieldcrypt against the fastest peer, then each image's
    flash, static RAM and the deepest stack of its operations; wrong answers and failed builds
    named."""
    lines = ["Modelled cycles (mcusim.py; not silicon), the same gcc, flags and inputs for every "
             "library; every answer checked against bench/kat.h inside the image. "
             "\"vs best peer\": fieldcrypt's cycles over the fastest peer's (below 1: "
             "fieldcrypt is faster); \"µJ\": the energy of fieldcrypt's and of the fastest "
             f"peer's operation at the paper's settings ({bench.Energy().describe()}). "
             "Flash and static RAM are each image's whole (the operations above and their "
             "library's share of the startup code)."]
    energy = bench.Energy()
    for t in dict.fromkeys(r["target"] for r in runs if "target" in r):
        for opt in dict.fromkeys(r["opt"] for r in runs if r.get("target") == t):
            rs = [r for r in runs if r.get("target") == t and r["opt"] == opt]
            names = [r["library"] for r in rs]
            lines += ["", f"### {t}, {opt}", "",
                      "| operation | " + " | ".join(names) + " | vs best peer | µJ |",
                      "|---|" + "---|" * (len(names) + 2)]
            for op in OPS:
                cells = [_cell(r, op) for r in rs]
                if all(c == "-" for c in cells):
                    continue
                ours = next((r["operations"].get(op) for r in rs
                             if r["library"] == "fieldcrypt" and "operations" in r), None)
                peer = [r["operations"][op]["cycles"] for r in rs if not is_fieldcrypt(r["library"])
                        and op in r.get("operations", {}) and op not in r.get("wrong", ())]
                ratio = f"{ours['cycles'] / min(peer):.2f}" if ours and peer else "-"
                uj = " / ".join(f"{energy.microjoules(c):,.1f}" for c in
                                ([ours["cycles"]] if ours else []) + ([min(peer)] if peer else []))
                lines.append(f"| {op} | " + " | ".join(cells) + f" | {ratio} | {uj or '-'} |")
            lines.append("| image flash / static RAM B | " + " | ".join(
                f"{r['flash_bytes']:,} / {r['ram_bytes']:,}" if "flash_bytes" in r else "-"
                for r in rs) + " | | |")
            lines.append("| deepest stack B | " + " | ".join(
                f"{max((o['stack_bytes'] for o in r['operations'].values()), default=0):,}"
                if "operations" in r else "-" for r in rs) + " | | |")
            for r in rs:
                if "error" in r:
                    lines.append(f"\n{r['library']}: {r['error']}")
    lines += [f"\n{r['library']}: skipped ({r['skipped']})" for r in runs if "skipped" in r]
    return "\n".join(lines)


def main(argv=None) -> int:
    """python -m fieldcrypt.peerbench [--targets T,..] [--opts -Os,-O2] [--fetch]: the
    comparison alone, as Markdown on stdout (scripts/main.sh prints the M0+ rows)."""
    import argparse
    ap = argparse.ArgumentParser(prog="python -m fieldcrypt.peerbench")
    ap.add_argument("--targets", default="cortex-m0plus")
    ap.add_argument("--opts", default="-Os")
    ap.add_argument("--ops", default=",".join(DEFAULT_OPS),
                    help="operations to run (default: all but " + ", ".join(RSA_OPS) + ")")
    ap.add_argument("--fetch", action="store_true", help="fetch the peers' sources first")
    ap.add_argument("--tables", action="store_true",
                    help="also the seed tables (peertables.py) and the flash per operation "
                         "(one image per operation at -Os, linked, not run)")
    ap.add_argument("--html", metavar="PATH", help="write the charts and tables as HTML")
    ap.add_argument("--json", metavar="PATH", help="write the runs (and tables) as JSON")
    args = ap.parse_args(argv)
    from . import peertables
    opts = args.opts.split(",")
    runs = compare(args.targets.split(","), opts, fetch=args.fetch,
                   ops=tuple(args.ops.split(",")),
                   footprint_opts=("-Os",) if args.tables else ())
    md = markdown(runs)
    tables = None
    if args.tables:
        tmd, tables = peertables.tables(runs)
        md += "\n\n" + tmd
    print(md)
    if args.html:
        Path(args.html).write_text(peertables.html_page(runs, md))
    if args.json:
        import json
        Path(args.json).write_text(json.dumps({"runs": runs, "tables": tables}, indent=1))
    return 1 if any(r.get("wrong") or "error" in r for r in runs) else 0


if __name__ == "__main__":
    raise SystemExit(main())
