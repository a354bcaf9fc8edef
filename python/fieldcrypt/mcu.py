"""MCU size and stack report: flash per object file and worst-case stack per public function.

build_target() cross-compiles libfieldcrypt.a for one of the MCU toolchain files with GCC's
-fstack-usage (a .su file per object: each function's own frame) and -fcallgraph-info=su (a .ci
file per object: the call graph in VCG format, frames included). stack_report() joins the call
graphs of all objects and computes, for every fc_* function declared in include/fieldcrypt/*.h,
the deepest chain of frames it can reach.

What the call graph cannot show, calls through a pointer (GCC's "__indirect_call" node), is
read from the build and from include/fieldcrypt/algorithms.def, not kept by hand per algorithm:
- an implementation's operations: the providers of the build (objects named fc_provider_*) list
  their descriptors (driver.h); each descriptor's algorithm id gives its family (the .def), and
  its relocations the functions in its operation slots and its job slots. An indirect call in a
  family's front end src/core/<family>.c reaches that family's operations; in a mode's file
  src/core/<mode>.c, the operations of its base algorithms' family; in the engine
  (src/engine/engine.c), the job slots (ENGINE_SLOTS). See descriptors.py.
- CALLBACKS: indirect calls to code that is not an implementation: what the caller installs
  (an fc_rng fill function, a self-test report, a cycle counter) and the message writers a
  protocol hands to a sliced hash job.
- library functions (memcpy, memset, ...) are leaves whose frame is measured from the
  toolchain's own libc.a / libgcc.a prologue (push / sub sp / addi sp), see library_frames().
Anything else (an indirect call with no mapping, recursion, a dynamic frame, an undefined
non-library callee) is reported per function, never silently counted as 0.
"""
from __future__ import annotations

import re
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from .descriptors import algorithm_list, descriptor_targets, relative as _rel

ROOT = Path(__file__).resolve().parents[2]

TARGETS = {  # target -> binutils prefix; the toolchain file is cmake/toolchains/<target>.cmake
    "cortex-m0": "arm-none-eabi-",
    "cortex-m0plus": "arm-none-eabi-",
    "cortex-m4": "arm-none-eabi-",
    "rv32imac": "riscv64-unknown-elf-",
}
STACK_FLAGS = ("-fstack-usage", "-fcallgraph-info=su")

INDIRECT_CALL = "__indirect_call"      # GCC's placeholder node for a call through a pointer
USER_CALLBACK = "<user callback>"      # code supplied by the caller: outside the library

# Indirect calls that are not an implementation's operations, as "file" (any indirect call in
# it) or "file:function" (that function only; it wins over its file's entry), mapped to source
# files whose every function is a possible target, to "file:function" targets, or to
# USER_CALLBACK: code the caller installs, whose stack is the caller's to budget (counted 0
# here, listed per function).
CALLBACKS: dict[str, tuple[str, ...]] = {
    "src/core/rng.c": (USER_CALLBACK,),                          # the fc_rng fill function
    "src/core/selftest.c:fc_core_selftest_record": (USER_CALLBACK,),  # fc_selftest_report_fn
    "src/engine/engine.c": (),                                   # only the job slots (below)
    # a sliced hash job reads its message from a writer: the sliced login's messages
    "src/providers/soft/sha512_job.c:message": ("src/login/login_messages.c",),
    "src/providers/soft/sha512_job.c:fc_soft_sha512_job_run": (USER_CALLBACK,),  # the clock
    "src/providers/soft/curve_jobs.c": (USER_CALLBACK,),          # the clock
    "src/providers/soft/p256_job.c": (USER_CALLBACK,),            # the clock
    "src/providers/soft/ed25519_job.c": (USER_CALLBACK,),         # the clock
    "src/providers/soft/x448_job.c": (USER_CALLBACK,),            # the clock
    "src/providers/soft/rsa_soft.c": (USER_CALLBACK,),            # the fc_rng (blinding)
    "src/providers/soft/rsa_job_soft.c": (USER_CALLBACK,),        # the fc_rng, the clock
    "src/providers/soft/rsa_keygen_soft.c": (USER_CALLBACK,),     # the fc_rng (candidates)
    # the 64-byte-block hashes' shared buffering calls their compression functions
    "src/providers/soft/md64.c": ("src/providers/soft/sha1.c:sha1_compress",
                                  "src/providers/soft/md5.c:md5_compress",
                                  "src/providers/soft/sm3.c:sm3_compress"),
    # Ed25519 hashes through soft's own SHA-512 descriptor
    "src/providers/soft/ed25519.c": ("src/providers/soft/sha512.c:sha512_init",
                                     "src/providers/soft/sha512.c:sha512_update",
                                     "src/providers/soft/sha512.c:sha512_final"),
}
# Core files that are a family's front end without bearing its name: ECDSA runs the EC family.
FRONT_ENDS: dict[str, set[str]] = {"ECDSA": {"EC"}}
# The engine calls a job's slots: run from its step, start from its start function.
ENGINE_SLOTS: dict[str, str] = {
    "src/engine/engine.c:run": "job.run",
    "src/engine/engine.c:fc_core_job_start": "job.start",
}
# Front-end helpers that call one operation of their family's table, not any of them:
# "family:<FAMILY>:<byte offset in the ops>" (32-bit pointers). RSA's verification and public
# operations reach public_op alone, not the private operation and its rng.
OPERATION_SLOTS: dict[str, str] = {
    "src/core/rsa.c:rsa_public_op": "family:RSA:0",
    "src/core/rsa.c:rsa_private_op": "family:RSA:4",
}

# Functions a freestanding object may take from the C library / libgcc (test_cross.py's list).
LIBRARY_FUNCTIONS = {"memcpy", "memset", "memmove", "memcmp", "strcmp", "strncmp", "strlen"}
LIBRARY_PREFIXES = ("__aeabi_", "__gnu_", "__ashl", "__lshr", "__mul", "__div", "__udiv",
                    "__mod", "__umod")
# Frame assumed for a library function whose prologue could not be read (reported as such).
LIBRARY_FALLBACK_FRAME = 32


def _run(cmd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], check=True, capture_output=True, text=True, **kw)


def _cache(build_dir: Path) -> dict[str, str]:
    """CMakeCache.txt as {name: value}."""
    out = {}
    for line in (Path(build_dir) / "CMakeCache.txt").read_text().splitlines():
        m = re.match(r"([^#/][^:=]*):[A-Z_]+=(.*)$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def _compiler(build_dir: Path) -> str:
    """The C compiler CMake found for build_dir (a toolchain file's CMAKE_C_COMPILER is not
    cached; CMakeFiles/<version>/CMakeCCompiler.cmake has it)."""
    for f in sorted(Path(build_dir).glob("CMakeFiles/*/CMakeCCompiler.cmake")):
        m = re.search(r'^set\(CMAKE_C_COMPILER "([^"]+)"\)', f.read_text(), re.M)
        if m:
            return m.group(1)
    return _cache(build_dir).get("CMAKE_C_COMPILER", "")


# ---------------------------------------------------------------------------------------------
# build


def build_target(target: str, build_root: Path = ROOT / "build", config: Path | None = None,
                 build_type: str = "MinSizeRel") -> Path:
    """Configure (MinSizeRel, Ninja) and build target into build_root/<target>; return the
    path of libfieldcrypt.a. config: a configuration header (FC_CONFIG_FILE; None: the
    defaults); build_type: RelWithDebInfo for -O2. The stack flags go into CMAKE_C_FLAGS: a first configure lets the
    toolchain file initialise it (CMAKE_C_FLAGS_INIT: -mcpu, -mthumb, -march, --specs ...),
    then the flags are appended to that cached value, so nothing of the toolchain's is lost and
    CMakeLists.txt is untouched. Repeated calls are incremental."""
    if target not in TARGETS:
        raise ValueError(f"unknown target {target!r}; one of {', '.join(sorted(TARGETS))}")
    bdir = Path(build_root) / target
    configure = ["cmake", "-S", ROOT, "-B", bdir, "-G", "Ninja",
                 f"-DCMAKE_TOOLCHAIN_FILE={ROOT / 'cmake' / 'toolchains' / (target + '.cmake')}",
                 f"-DCMAKE_BUILD_TYPE={build_type}", f"-DFC_CONFIG_FILE={config or ''}"]
    _run(configure)
    flags = _cache(bdir).get("CMAKE_C_FLAGS", "")
    missing = [f for f in STACK_FLAGS if f not in flags.split()]
    if missing:
        _run(configure + [f"-DCMAKE_C_FLAGS={' '.join([flags, *missing]).strip()}"])
    _run(["cmake", "--build", bdir])
    return bdir / "libfieldcrypt.a"


# ---------------------------------------------------------------------------------------------
# flash


def flash_by_object(lib: Path, prefix: str) -> dict[str, dict[str, int]]:
    """{object file name: {"text", "data", "bss"}} from <prefix>size (Berkeley format: text
    includes read-only data)."""
    out = _run([prefix + "size", lib]).stdout
    sizes = {}
    for m in re.finditer(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s+\d+\s+[0-9a-fA-F]+\s+(\S+)", out, re.M):
        sizes[m.group(4)] = {"text": int(m.group(1)), "data": int(m.group(2)),
                             "bss": int(m.group(3))}
    return sizes


# ---------------------------------------------------------------------------------------------
# .su / .ci parsing


@dataclass
class Function:
    key: str                      # global symbol name, or "src/x.c:name" for a static function
    file: str                     # source file relative to the repository
    frame: int | None = None      # own frame in bytes (None: unknown)
    qualifier: str = ""           # static / dynamic / dynamic,bounded
    calls: set[str] = field(default_factory=set)   # callee keys, INDIRECT_CALL included
    su_id: str = ""               # "name@/abs/file.c:line:col", as the .su file names it


def _title_key(title: str, source_dir: Path) -> str:
    """A .ci node title: "name" (global) or "/abs/file.c:name" (static) -> our key."""
    if ":" in title and not title.startswith("__"):
        path, name = title.rsplit(":", 1)
        return f"{_rel(path, source_dir)}:{name}"
    return title


_CI_NODE = re.compile(r'^node: \{ title: "([^"]*)" label: "([^"]*)"')
_CI_EDGE = re.compile(r'^edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
_CI_GRAPH = re.compile(r'^graph: \{ title: "([^"]*)"')
_FRAME = re.compile(r"\\n(\d+) bytes \(([a-z,]+)\)$")


def parse_ci(path: Path, source_dir: Path) -> tuple[str, dict[str, Function]]:
    """One -fcallgraph-info file: (source file, {key: Function defined in it})."""
    src, funcs, edges = "", {}, []
    for line in Path(path).read_text().splitlines():
        if m := _CI_GRAPH.match(line):
            src = _rel(m.group(1), source_dir)
        elif m := _CI_NODE.match(line):
            fm = _FRAME.search(m.group(2))
            if fm:  # a function defined here (callees declared elsewhere have no frame)
                key = _title_key(m.group(1), source_dir)
                name, loc = m.group(2).split("\\n")[:2]
                funcs[key] = Function(key, src, int(fm.group(1)), fm.group(2), su_id=f"{name}@{loc}")
        elif m := _CI_EDGE.match(line):
            edges.append((_title_key(m.group(1), source_dir), _title_key(m.group(2), source_dir)))
    for a, b in edges:
        funcs[a].calls.add(b)
    return src, funcs


def parse_su(path: Path) -> list[tuple[str, int, str]]:
    """One -fstack-usage file: [("name@/abs/file.c:line:col", bytes, qualifier)]."""
    rows = []
    for line in Path(path).read_text().splitlines():
        if not line.strip():
            continue
        loc, size, qual = line.split("\t")
        where, name = loc.rsplit(":", 1)
        rows.append((f"{name}@{where}", int(size), qual))
    return rows


# ---------------------------------------------------------------------------------------------
# library frames


def _link_search_dirs(compiler: str, flags: list[str]) -> list[Path]:
    """-L directories the driver passes to the linker for these flags (multilib, specs)."""
    dirs = []
    try:
        out = _run([compiler, *flags, "-print-file-name=libc.a"]).stdout.strip()
        if Path(out).is_absolute():
            dirs.append(Path(out).parent)
        err = subprocess.run([compiler, *flags, "-###", "/dev/null", "-o", "/dev/null"],
                             capture_output=True, text=True).stderr
    except (OSError, subprocess.CalledProcessError):
        return dirs
    for line in err.splitlines():
        try:
            words = shlex.split(line)
        except ValueError:
            continue
        dirs += [Path(w[2:]) for w in words if w.startswith("-L") and len(w) > 2]
    return dirs


def _sp_bytes(disasm: str) -> tuple[int, bool] | None:
    """(bytes the function takes from the stack, whether it calls out) from objdump -d of one
    function, Arm Thumb or RISC-V; None when no instructions were found. Every instruction of
    the body that lowers sp is added up (push / stmdb sp! / str* [sp, #-N]! / sub sp / addi sp),
    an upper bound when separate paths each save registers."""
    insns = re.findall(r"^\s+[0-9a-f]+:\s+(?:[0-9a-f]{2,8}\s+)+\s*(\S+)\s*(.*)$", disasm, re.M)
    if not insns:
        return None
    frame = 0
    for op, args in insns:
        if (op.startswith("push") or (op.startswith("stmdb") and args.startswith("sp!"))) \
                and "{" in args:
            for r in args[args.index("{") + 1:args.index("}")].split(","):
                r = r.strip()
                if "-" in r:  # a range r4-r7
                    lo, hi = (int(x.strip().lstrip("r")) for x in r.split("-"))
                    frame += 4 * (hi - lo + 1)
                elif r:
                    frame += 4
        elif m := re.search(r"\[sp, #-(\d+)\]!", args):
            frame += int(m.group(1))
        elif op.startswith("sub") and (m := re.match(r"sp,\s*(?:sp,\s*)?#(\d+)", args)):
            frame += int(m.group(1))
        elif op in ("addi", "add", "c.addi", "c.addi16sp") and \
                (m := re.match(r"sp,\s*sp,\s*-(\d+)", args)):
            frame += int(m.group(1))
    calls = any(op in ("bl", "blx", "call", "tail", "jal") or
                (op == "jalr" and not args.startswith("zero")) for op, args in insns)
    return frame, calls


def library_frames(build_dir: Path, names: set[str]) -> dict[str, dict]:
    """{name: {"frame": bytes, "how": "measured: libc.a" | "assumed"}} for library callees,
    measured from the prologue in the toolchain's libc.a / libgcc.a for this build's flags."""
    cache = _cache(build_dir)
    compiler = _compiler(build_dir)
    flags = [f for f in shlex.split(cache.get("CMAKE_C_FLAGS", "")) if f not in STACK_FLAGS]
    objdump = re.sub(r"gcc$", "objdump", compiler)
    libs = []
    for d in _link_search_dirs(compiler, flags) if compiler else []:
        for lib in ("libc.a", "libgcc.a"):
            if (d / lib).is_file() and (d / lib).resolve() not in libs:
                libs.append((d / lib).resolve())
    out = {}
    for name in sorted(names):
        found = None
        for lib in libs:
            try:
                dis = _run([objdump, "-d", f"--disassemble={name}", lib]).stdout
            except (OSError, subprocess.CalledProcessError):
                continue
            m = re.search(rf"^[0-9a-f]+ <{re.escape(name)}>:\n(.*?)(?:\n\n|\Z)", dis, re.M | re.S)
            res = _sp_bytes(m.group(1)) if m else None
            if res is not None:
                frame, calls = res
                how = f"measured: {lib}" + (" (calls out: own frame only)" if calls else "")
                found = {"frame": frame, "how": how}
                break
        out[name] = found or {"frame": LIBRARY_FALLBACK_FRAME, "how": "assumed (not measured)"}
    return out


# ---------------------------------------------------------------------------------------------
# stack analysis


def public_functions(include_dir: Path = ROOT / "include" / "fieldcrypt") -> set[str]:
    """fc_* names followed by "(" in the public headers, comments removed. Types such as
    fc_status in function-pointer members also match: intersect with defined functions."""
    names = set()
    for h in sorted(Path(include_dir).glob("*.h")):
        text = re.sub(r"/\*.*?\*/", " ", h.read_text(), flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        names |= set(re.findall(r"\b(fc_\w+)\s*\(", text))
    return names


def _is_library(name: str) -> bool:
    return name in LIBRARY_FUNCTIONS or name.startswith(LIBRARY_PREFIXES)


def _short(key: str) -> str:
    """src/providers/soft/x25519.c:ladder -> x25519.c:ladder"""
    return key.rsplit("/", 1)[-1] if ":" in key else key


def stack_report(build_dir: Path) -> dict:
    """Worst-case stack of every public function from the .su and .ci files of build_dir.

    Returns {"public": {name: {...}}, "functions": {key: {...}}, "library": {...},
    "indirect_targets": {function with an indirect call: [what it can reach]},
    "descriptors": {provider[i]: family}, "problems": [...]}. Per public function: "frame"
    (its own), "worst" (bytes, deepest chain), "path" (that chain, [(key, frame)]), and the
    lists "unresolved" (indirect calls with no mapping), "recursion", "unknown_frame",
    "unknown_callee", "callbacks", "library" over everything it can reach."""
    build_dir = Path(build_dir)
    source_dir = Path(_cache(build_dir).get("CMAKE_HOME_DIRECTORY", ROOT))
    objdir = build_dir / "CMakeFiles" / "fieldcrypt.dir"
    cis = sorted(objdir.rglob("*.ci"))
    if not cis:
        raise FileNotFoundError(f"no .ci files under {objdir}: build with {' '.join(STACK_FLAGS)}")
    funcs: dict[str, Function] = {}
    by_file: dict[str, list[str]] = {}
    problems = []
    for ci in cis:
        src, defined = parse_ci(ci, source_dir)
        for key, fn in defined.items():
            if key in funcs:
                problems.append(f"{key} defined in {funcs[key].file} and {fn.file}")
            funcs[key] = fn
        by_file.setdefault(src, []).extend(defined)
        obj = ci.with_suffix(".obj")
        if obj.exists() and obj.stat().st_mtime > ci.stat().st_mtime + 1:
            problems.append(f"{ci.name} is older than {obj.name}: rebuild with the stack flags")
        # cross-check each frame against the .su file of the same object
        su = ci.with_suffix(".su")
        if not su.exists():
            problems.append(f"missing {su.name}")
            continue
        ci_ids = {fn.su_id: fn for fn in defined.values()}
        for su_id, size, qual in parse_su(su):
            fn = ci_ids.get(su_id)
            name = su_id.split("@")[0]
            if fn is None:
                problems.append(f"{su.name}: {name} not in the call graph")
            elif (fn.frame, fn.qualifier) != (size, qual):
                problems.append(f"{name}: .su {size} {qual} vs .ci {fn.frame} {fn.qualifier}")
                fn.frame, fn.qualifier = max(fn.frame or 0, size), qual

    algs = algorithm_list()
    slots = descriptor_targets(objdir, source_dir, algs)
    family_of = {a[0]: a[2] for a in algs["algs"]}
    mode_families: dict[str, set[str]] = {}
    for a in algs["algs"]:
        if a[3] != "NONE":
            mode_families.setdefault(a[3], set()).add(family_of.get(a[4], "?"))

    def indirect_targets(fn: Function) -> list[tuple[str, str]] | None:
        """[(kind, key)] an indirect call in fn can reach, None if nothing says."""
        # GCC's clones keep their origin's name: message.constprop.0 is message
        name = re.sub(r"\.(constprop|isra|part|cold)\.\d+$", "", fn.key.rsplit(":", 1)[-1])
        for k in (f"{fn.file}:{name}", fn.file):
            if k in ENGINE_SLOTS:
                return [("function", t) for t in sorted(slots.get(ENGINE_SLOTS[k], ()))]
            if k in OPERATION_SLOTS:
                return [("function", t) for t in sorted(slots.get(OPERATION_SLOTS[k], ()))]
            if k in CALLBACKS:
                out = []
                for t in CALLBACKS[k]:
                    if t == USER_CALLBACK:
                        out.append(("callback", fn.key))
                    else:
                        path, _, only = t.partition(".c:")
                        path = path + ".c" if only else t
                        out += [("function", f) for f in by_file.get(path, [])
                                if not only or f.rsplit(":", 1)[-1] == only]
                return out
        m = re.fullmatch(r"src/core/(\w+)\.c", fn.file)
        if m is None:
            return None
        stem = m.group(1).upper()
        fams = {stem} if stem in algs["families"] else \
            mode_families.get(stem) or FRONT_ENDS.get(stem)
        if not fams:
            return None
        return [("function", t) for f in sorted(fams)
                for t in sorted(slots.get(f"family:{f}", ()))]

    def callees(fn: Function) -> list[tuple[str, str]]:
        """[(kind, key)]: kind in function, library, callback, unresolved, unknown."""
        out = []
        for c in sorted(fn.calls):
            if c == INDIRECT_CALL:
                targets = indirect_targets(fn)
                if targets is None:
                    out.append(("unresolved", fn.key))
                else:
                    out += targets
            elif c in funcs:
                out.append(("function", c))
            elif _is_library(c):
                out.append(("library", c))
            else:
                out.append(("unknown", c))
        return out

    lib_names = {k for fn in funcs.values() for kind, k in callees(fn) if kind == "library"}
    library = library_frames(build_dir, lib_names)

    # Recursion: functions on a cycle of the call graph (strongly connected components of more
    # than one function, or calling themselves).
    graph = {k: [c for kind, c in callees(fn) if kind == "function"] for k, fn in funcs.items()}
    cycle_of: dict[str, int] = {}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []

    def strongconnect(v: str) -> None:  # Tarjan; the graph is small, recursion depth is fine
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph[v]:
                for w in comp:
                    cycle_of[w] = index[v]

    for v in graph:
        if v not in index:
            strongconnect(v)

    memo: dict[str, tuple[int, list]] = {}

    def worst(key: str, active: frozenset = frozenset()) -> tuple[int, list]:
        """Deepest chain from key. Inside a cycle every function is entered once (one pass
        around the recursion: a lower bound, reported as recursion); outside cycles results
        do not depend on the path and are memoised."""
        if key in memo:
            return memo[key]
        active = active | {key}
        best, best_path = 0, []
        for kind, c in callees(funcs[key]):
            if kind == "function":
                if c in active:
                    continue
                w, p = worst(c, active)
            elif kind == "library":
                w, p = library[c]["frame"], [(c, library[c]["frame"])]
            else:
                continue  # callback / unresolved / unknown: 0 here, listed per function
            if w > best:
                best, best_path = w, p
        own = funcs[key].frame or 0
        result = (own + best, [(key, own)] + best_path)
        if key not in cycle_of:
            memo[key] = result
        return result

    def reach(key: str) -> dict[str, set[str]]:
        seen, todo = set(), [key]
        found = {k: set() for k in ("unresolved", "callbacks", "unknown_callee", "library",
                                    "unknown_frame")}
        while todo:
            k = todo.pop()
            if k in seen:
                continue
            seen.add(k)
            fn = funcs[k]
            if fn.frame is None or fn.qualifier not in ("static", "dynamic,bounded"):
                found["unknown_frame"].add(k)
            for kind, c in callees(fn):
                if kind == "function":
                    todo.append(c)
                else:
                    found[{"unresolved": "unresolved", "callback": "callbacks",
                           "unknown": "unknown_callee", "library": "library"}[kind]].add(c)
        found["reachable"] = seen
        return found

    public = {}
    for name in sorted(public_functions() & set(funcs)):
        w, path = worst(name)
        r = reach(name)
        public[name] = {
            "frame": funcs[name].frame, "worst": w, "path": path,
            "recursion": sorted(k for k in r["reachable"] if k in cycle_of),
            **{k: sorted(v) for k, v in r.items() if k != "reachable"},
        }
    return {
        "public": public,
        "functions": {k: {"file": f.file, "frame": f.frame, "qualifier": f.qualifier,
                          "calls": sorted(f.calls)} for k, f in sorted(funcs.items())},
        "library": library,
        "indirect_targets": {k: sorted({_short(t) if kind == "function" else USER_CALLBACK
                                        for kind, t in indirect_targets(f) or []})
                             for k, f in sorted(funcs.items()) if INDIRECT_CALL in f.calls},
        "descriptors": slots["descriptors"],
        "problems": problems,
    }


# ---------------------------------------------------------------------------------------------
# the report


def _object_dir(build_dir: Path) -> dict[str, str]:
    """{object file name: directory of its source relative to src/ ("core", "providers/soft")}"""
    objdir = Path(build_dir) / "CMakeFiles" / "fieldcrypt.dir" / "src"
    return {o.name: o.parent.relative_to(objdir).as_posix() for o in objdir.rglob("*.obj")}


def mcu_report(target: str = "cortex-m0plus", build_root: Path = ROOT / "build") -> dict:
    """Build target and return {"target", "flash": [rows], "flash_total": {...}, "stack": [rows],
    "library": {...}, "problems": [...]}; flash rows per object file of src/core and
    src/providers/soft, stack rows per public function. JSON-serialisable."""
    lib = build_target(target, build_root)
    bdir = lib.parent
    sizes = flash_by_object(lib, TARGETS[target])
    dirs = _object_dir(bdir)
    flash = []
    for obj in sorted(sizes, key=lambda o: o.removesuffix(".c.obj")):
        s = sizes[obj]
        flash.append({"object": obj.removesuffix(".obj"), "dir": dirs.get(obj, "?"), **s,
                      "flash": s["text"] + s["data"]})
    total = {k: sum(r[k] for r in flash) for k in ("text", "data", "bss", "flash")}
    rep = stack_report(bdir)
    stack = []
    for name, p in rep["public"].items():
        stack.append({"function": name, "frame": p["frame"], "worst": p["worst"],
                      "path": [[_short(k), f] for k, f in p["path"]],
                      **{k: p[k] for k in ("unresolved", "recursion", "unknown_frame",
                                           "unknown_callee", "callbacks", "library")}})
    return {"target": target, "library_path": str(lib), "flash": flash, "flash_total": total,
            "stack": stack, "library": rep["library"],
            "indirect_targets": rep["indirect_targets"], "descriptors": rep["descriptors"],
            "problems": rep["problems"]}
