"""Constant time on the target's own instructions: run an image in the MCU runner (mcusim.py)
twice with different secrets and compare, region by region, the sequence of executed basic
blocks (their addresses and lengths) and of memory accesses (read or write, address, size;
not the values). A secret that decides a branch changes the first sequence, one that decides
a memory index changes the second. Valgrind's check (ctest -R constant_flow) sees the host
build; this sees the code the device runs, assembly included.

The image (tests/mcu/ct_trace.c) takes its secret from the symbol ct_secret and the
operations to run from ct_ops (bit id / 2 for region id), both written before it starts, and
brackets each operation with bench_mark(id) / bench_mark(id + 1).

python -m fieldcrypt.cttrace --target cortex-m0plus [--ops x25519,sha512] [--build DIR]
"""
from __future__ import annotations

import argparse
import hashlib
import sys
from array import array
from pathlib import Path

from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection
from unicorn import UC_HOOK_BLOCK, UC_HOOK_MEM_READ, UC_HOOK_MEM_WRITE, UC_MEM_WRITE

from . import mcu, mcubench, mcusim

ROOT = Path(__file__).resolve().parents[2]

# Region ids of tests/mcu/ct_trace.c.
OPS = {
    "x25519": 3, "x25519_base": 5, "x19119": 7, "elligator2_25519": 9, "elligator2_19119": 11,
    "salsa20": 13, "sha512": 15, "login_sliced": 17, "p256_ecdh": 19, "p256_sign": 21,
    "ed25519_sign": 23, "aes128_ctr": 25, "chacha20_poly1305": 27, "hmac_sha256": 29,
    "planted_branch": 31, "planted_index": 33,
}
PLANTED = ("planted_branch", "planted_index")


def build_image(target: str, build_root: Path = ROOT / "build") -> Path:
    """The library for target (mcu.build_target) and tests/mcu/ct_trace.c linked against it."""
    lib = mcu.build_target(target, build_root)
    extra = ["-I", str(ROOT / "include"), "-I", str(ROOT / "src")]
    return mcubench._gcc(target, [ROOT / "tests" / "mcu" / "ct_trace.c", *mcubench._startup(target)],
                         Path(build_root) / target / "ct_trace.elf", extra=extra, libs=[lib])


def _functions(elf_path) -> list[tuple[int, int, str]]:
    out = []
    with open(elf_path, "rb") as f:
        for sec in ELFFile(f).iter_sections():
            if isinstance(sec, SymbolTableSection):
                for s in sec.iter_symbols():
                    if s["st_info"]["type"] == "STT_FUNC" and s.name:
                        out.append((s["st_value"] & ~1, s["st_size"], s.name))
    return sorted(out)


def where(functions, addr: int) -> str:
    """The function holding addr, as name+offset."""
    best = None
    for lo, size, name in functions:
        if lo <= addr < lo + max(size, 2):
            best = (name, addr - lo)
    return f"{best[0]}+0x{best[1]:x}" if best else f"0x{addr:08x}"


def _poke(sim, addr: int, data: bytes):
    """Writes an initialised variable: at its RAM address and at its load address in flash,
    which the startup code copies to RAM before main."""
    sim.uc.mem_write(addr, data)
    for paddr, vaddr, seg, _memsz in sim.info.segments:
        if vaddr <= addr and addr + len(data) <= vaddr + len(seg) and paddr != vaddr:
            sim.uc.mem_write(paddr + (addr - vaddr), data)


def read_ranges(elf_path, target: str, sim) -> list[tuple[int, int]]:
    """Where reads are recorded: everywhere, except on the Thumb-2 cores, where a read hook on
    the code itself upsets Unicorn's IT-block state (unicorn-engine/unicorn#2309: a conditional
    branch after an IT block raises "invalid instruction" once memory reads are hooked). There
    the reads of the constants (.rodata, which targets/cortex-m.ld places after all code) and
    of RAM are recorded: every table a secret could index; the code's own literal pools (fixed
    addresses) are not."""
    if target != "cortex-m4":
        return [(0, 0xFFFFFFFF)]
    code_end = max(lo + size for lo, size, _ in _functions(elf_path))
    with open(elf_path, "rb") as f:
        text = ELFFile(f).get_section_by_name(".text")
        text_end = text["sh_addr"] + text["sh_size"]
    ram = sim.info.symbols["_sram"]
    return [(code_end, text_end - 1), (ram, 0xFFFFFFFF)]


def trace(elf_path, target: str, secret: bytes, ops: list[str], keep: int | None = None):
    """Runs the image with secret; returns ({region id: (digest, blocks, accesses)}, exit code,
    output, {keep: the events of region keep}). Events are 64-bit words: a block is
    address << 8 | length, an access 1 << 63 | write << 62 | size << 32 | address."""
    sim = mcusim.Sim(elf_path, target)
    syms = sim.info.symbols
    if len(secret) != 96:
        raise ValueError("the image takes a 96-byte secret")
    mask = 0
    for op in ops:
        mask |= 1 << (OPS[op] // 2)
    _poke(sim, syms["ct_secret"], secret)
    _poke(sim, syms["ct_ops"], mask.to_bytes(4, "little"))
    mark = syms["bench_mark"] & ~1
    is_rv = sim.is_rv
    from unicorn import arm_const as UA, riscv_const as UR
    reg_a0 = UR.UC_RISCV_REG_A0 if is_rv else UA.UC_ARM_REG_R0
    cur = {"id": None, "ev": None, "nb": 0}
    results: dict[int, list] = {}
    kept: dict[int, array] = {}

    def close():
        rid, ev = cur["id"], cur["ev"]
        if rid is None:
            return
        nb = cur["nb"]
        r = results.setdefault(rid, [hashlib.blake2b(digest_size=16), 0, 0])
        r[0].update(ev.tobytes())
        r[1] += nb
        r[2] += len(ev) - nb
        if keep == rid:
            kept.setdefault(rid, array("Q")).extend(ev)
        cur["id"] = cur["ev"] = None
        cur["nb"] = 0

    def on_block(uc, addr, size, _u):
        if addr == mark:
            mid = uc.reg_read(reg_a0)
            close()
            if mid & 1 and mid != 1:
                cur["id"], cur["ev"] = mid, array("Q")
            return
        ev = cur["ev"]
        if ev is not None:
            ev.append((addr << 8) | (size & 0xFF))
            cur["nb"] += 1

    def on_mem(uc, access, addr, size, _value, _u):
        ev = cur["ev"]
        if ev is not None:
            ev.append((1 << 63) | ((access == UC_MEM_WRITE) << 62) | (size << 32) | addr)

    sim.uc.hook_add(UC_HOOK_BLOCK, on_block)
    sim.uc.hook_add(UC_HOOK_MEM_WRITE, on_mem)
    for lo, hi in read_ranges(elf_path, target, sim):
        sim.uc.hook_add(UC_HOOK_MEM_READ, on_mem, begin=lo, end=hi)
    code = sim.run()
    close()
    summary = {rid: (r[0].hexdigest(), r[1], r[2]) for rid, r in results.items()}
    return summary, code, sim.output() + sim.error, kept


def _describe(event: int, functions) -> str:
    if event >> 63:
        kind = "write" if (event >> 62) & 1 else "read"
        addr = event & 0xFFFFFFFF
        return f"{kind} of {(event >> 32) & 0x3FFF} B at 0x{addr:08x}"
    return f"block at {where(functions, event >> 8)} ({event & 0xFF} B)"


def first_difference(a: array, b: array, functions) -> str:
    n = min(len(a), len(b))
    i = next((k for k in range(n) if a[k] != b[k]), n)
    if i == n and len(a) == len(b):
        return "identical"
    last_block = next((a[k] for k in range(i - 1, -1, -1) if not a[k] >> 63), None)
    ctx = f" after the block at {where(functions, last_block >> 8)}" if last_block is not None else ""
    ea = _describe(a[i], functions) if i < len(a) else "the end"
    eb = _describe(b[i], functions) if i < len(b) else "the end"
    return f"event {i}{ctx}: {ea} against {eb}"


def check(elf_path, target: str, secrets: list[bytes], ops: list[str]) -> dict[str, str | None]:
    """{operation: None when every secret gave the same sequences, else where they first
    differ}. An operation whose region never ran is reported as such."""
    runs = []
    for sec in secrets:
        summary, code, out, _ = trace(elf_path, target, sec, ops)
        if code != 0:
            raise RuntimeError(f"{target}: the image failed ({code}): {out}")
        runs.append(summary)
    functions = _functions(elf_path)
    result: dict[str, str | None] = {}
    for op in ops:
        rid = OPS[op]
        seen = [r.get(rid) for r in runs]
        if any(s is None for s in seen):
            result[op] = "the operation did not run (not in this build?)"
            continue
        bad = next((k for k in range(1, len(seen)) if seen[k] != seen[0]), None)
        if bad is None:
            result[op] = None
            continue
        _, _, _, ka = trace(elf_path, target, secrets[0], [op], keep=rid)
        _, _, _, kb = trace(elf_path, target, secrets[bad], [op], keep=rid)
        result[op] = first_difference(ka.get(rid, array("Q")), kb.get(rid, array("Q")), functions)
    return result


def secrets_for_check(count: int = 2, seed: int = 1) -> list[bytes]:
    """Different secrets, among them all zero and all ones bytes (the extremes of every carry
    and every bit decision) and random ones."""
    import random
    rnd = random.Random(seed)
    fixed = [bytes(96), b"\xff" * 96]
    out = fixed[:count]
    while len(out) < count:
        out.append(bytes(rnd.getrandbits(8) for _ in range(96)))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", default="cortex-m0plus", choices=sorted(mcu.TARGETS))
    ap.add_argument("--ops", default=",".join(o for o in OPS if o not in PLANTED),
                    help="comma-separated operations (%s)" % ", ".join(OPS))
    ap.add_argument("--secrets", type=int, default=3, help="how many secrets to compare")
    ap.add_argument("--build", default=str(ROOT / "build"), help="build root")
    a = ap.parse_args(argv)
    ops = [o for o in a.ops.split(",") if o]
    elf = build_image(a.target, Path(a.build))
    res = check(elf, a.target, secrets_for_check(a.secrets), ops)
    bad = 0
    for op in ops:
        verdict = res[op]
        print(f"{op:20s} {'same sequences' if verdict is None else 'DIFFERS: ' + verdict}")
        bad += verdict is not None and op not in PLANTED
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
