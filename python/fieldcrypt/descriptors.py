"""What calls through an implementation descriptor (include/fieldcrypt/driver.h) can reach, read
from a build: the algorithm list (include/fieldcrypt/algorithms.def) gives each algorithm's
family and mode; the providers of the build (global objects named fc_provider_*) list their
descriptors, whose relocations give the functions in each slot and whose first field the
algorithm. Used by the stack report (mcu.py), so that no list of targets is kept by hand."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ALGORITHMS_DEF = ROOT / "include" / "fieldcrypt" / "algorithms.def"

# fc_impl (driver.h) on a 32-bit target: alg, flags, state_size, job_state_size (2 bytes each),
# then the job slots, then the family's operations.
IMPL_SLOTS = {8: "job.start", 12: "job.run"}   # byte offset -> slot; from 16 on: the ops
IMPL_OPS_OFFSET = 16


def algorithm_list(path: Path = ALGORITHMS_DEF) -> dict:
    """algorithms.def as {"families": [..], "modes": [..], "algs": [(id, name, family, mode,
    base)]} in list order: the fc_alg value of an entry is its index + 1."""
    text = re.sub(r"/\*.*?\*/", " ", Path(path).read_text(), flags=re.S)
    fams = re.findall(r"^FC_FAMILY\((\w+)\)", text, re.M)
    modes = re.findall(r"^FC_MODE\((\w+)\)", text, re.M)
    algs = [tuple(x.strip().strip('"') for x in m.split(",")[:5])
            for m in re.findall(r"^FC_ALG\(([^)]*)\)", text, re.M)]
    return {"families": fams, "modes": modes, "algs": algs}


def relative(path: str, source_dir: Path) -> str:
    """path relative to source_dir when it is inside it, as POSIX text."""
    p = Path(path)
    try:
        return p.resolve().relative_to(source_dir.resolve()).as_posix()
    except ValueError:
        return p.as_posix()


def _objects(objdir: Path, source_dir: Path) -> list[dict]:
    """Every object file of the library as {"src", "syms", "data", "relocs"}: its source path
    relative to the repository, its symbols, its sections' bytes and, per section, the
    relocations [(offset, symbol index, addend)] (REL: the addend is read from the bytes)."""
    from elftools.elf.elffile import ELFFile
    from elftools.elf.relocation import RelocationSection
    objs = []
    for path in sorted(Path(objdir).rglob("*.obj")):
        rel = path.relative_to(objdir).as_posix().removesuffix(".obj")
        with open(path, "rb") as f:
            elf = ELFFile(f)
            data = {i: (sec.data() if sec["sh_type"] != "SHT_NOBITS" else b"")
                    for i, sec in enumerate(elf.iter_sections())}
            symtab = elf.get_section_by_name(".symtab")
            syms = list(symtab.iter_symbols()) if symtab is not None else []
            relocs: dict[int, list] = {}
            for sec in elf.iter_sections():
                if not isinstance(sec, RelocationSection):
                    continue
                target = sec["sh_info"]
                for r in sec.iter_relocations():
                    off = r["r_offset"]
                    add = r["r_addend"] if r.is_RELA() else \
                        int.from_bytes(data[target][off:off + 4], "little")
                    relocs.setdefault(target, []).append((off, r["r_info_sym"], add))
        objs.append({"src": relative(str(source_dir / rel), source_dir), "syms": syms,
                     "data": data, "relocs": relocs})
    return objs


def descriptor_targets(objdir: Path, source_dir: Path, algs: dict | None = None) -> dict:
    """{"family:<FAMILY>": {function keys in the operation slots of that family's
    descriptors}, "family:<FAMILY>:<offset>": {the same for the one operation at that byte
    offset of the ops}, "job.start": {...}, "job.run": {...}, "descriptors": {descriptor:
    family}}
    for every descriptor a provider of the build lists (providers: global objects named
    fc_provider_*; fc_provider and fc_impl layouts of driver.h on a 32-bit target)."""
    algs = algs or algorithm_list()
    family_of = {i + 1: a[2] for i, a in enumerate(algs["algs"])}
    objs = _objects(objdir, source_dir)
    defined = {}
    for oi, o in enumerate(objs):
        for sym in o["syms"]:
            if sym.name and sym["st_shndx"] != "SHN_UNDEF" and \
                    sym["st_info"]["bind"] in ("STB_GLOBAL", "STB_WEAK"):
                defined[sym.name] = (oi, sym)

    def key_of(oi: int, sym) -> tuple[str, object]:
        kind = sym["st_info"]["type"]
        if kind == "STT_FUNC":
            glob = sym["st_info"]["bind"] != "STB_LOCAL"
            return "func", sym.name if glob else f"{objs[oi]['src']}:{sym.name}"
        return "data", (oi, sym["st_shndx"], sym["st_value"], sym["st_size"])

    def resolve(oi: int, sym_index: int, addend: int) -> tuple[str, object] | None:
        sym = objs[oi]["syms"][sym_index]
        if sym["st_info"]["type"] == "STT_SECTION":  # section + offset: the symbol there
            for cand in objs[oi]["syms"]:
                if cand["st_shndx"] == sym["st_shndx"] and \
                        cand["st_info"]["type"] in ("STT_FUNC", "STT_OBJECT") and \
                        cand["st_value"] & ~1 == addend & ~1:
                    return key_of(oi, cand)
            return "data", (oi, sym["st_shndx"], addend, 0)
        if sym["st_shndx"] == "SHN_UNDEF":
            if sym.name not in defined:
                return None
            oi, sym = defined[sym.name]
        return key_of(oi, sym)

    def relocs_in(loc) -> dict[int, tuple]:
        """{offset within the object: resolved target} for a data object loc."""
        oi, shndx, value, size = loc
        out = {}
        for off, si, add in objs[oi]["relocs"].get(shndx, []):
            if value <= off and (size == 0 or off < value + size):
                t = resolve(oi, si, add)
                if t is not None:
                    out[off - value] = t
        return out

    def word(loc, off: int, n: int) -> int:
        oi, shndx, value, _ = loc
        return int.from_bytes(objs[oi]["data"][shndx][value + off:value + off + n], "little")

    out: dict = {"job.start": set(), "job.run": set(), "descriptors": {}}
    for name, (oi, sym) in sorted(defined.items()):
        if not name.startswith("fc_provider_") or sym["st_info"]["type"] != "STT_OBJECT":
            continue
        prov = key_of(oi, sym)[1]
        impls = relocs_in(prov).get(8)  # fc_provider.impls
        if impls is None or impls[0] != "data":
            continue
        arr = relocs_in((impls[1][0], impls[1][1], impls[1][2], 0))
        for i in range(word(prov, 12, 4)):  # fc_provider.impl_count
            d = arr.get(4 * i)
            if d is None or d[0] != "data":
                continue
            family = family_of.get(word(d[1], 0, 2), "?")  # fc_impl.alg
            out["descriptors"][f"{name}[{i}]"] = family
            for off, (kind, target) in relocs_in(d[1]).items():
                if kind != "func":
                    continue
                slot = IMPL_SLOTS.get(off) if off < IMPL_OPS_OFFSET else f"family:{family}"
                if slot is not None:
                    out.setdefault(slot, set()).add(target)
                if off >= IMPL_OPS_OFFSET:  # and the one operation: "family:RSA:4"
                    out.setdefault(f"{slot}:{off - IMPL_OPS_OFFSET}", set()).add(target)
    return out
