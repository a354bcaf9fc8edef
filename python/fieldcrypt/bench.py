"""`fieldcrypt bench`: every benchmark operation on every MCU target (modelled cycles in the
Unicorn runner) and on the host (callgrind instruction counts and wall clock per provider),
reported as Markdown, JSON and a self-contained HTML page, next to the figures of Haase and
Labrique, CHES 2017 (bench/paper_2017.json), with regression baselines (bench/baseline.json).

MCU cycles are MODELLED (instruction-accurate emulation + ARM TRM timing tables, zero wait
states), not measured on silicon; the RV32 model is a rough generic in-order core.
"""
from __future__ import annotations

import base64
import html
import io
import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import mcu, mcubench

ROOT = mcu.ROOT
BENCH = ROOT / "bench"
PAPER = BENCH / "paper_2017.json"
BASELINE = BENCH / "baseline.json"
HOST_TARGET = "host"
MODEL_NOTE = ("MCU cycles are modelled, not measured on silicon: exact instruction counts from "
              "emulation (Unicorn) with per-instruction costs from the ARM Technical Reference "
              "Manual tables (Cortex-M0 DDI 0432C, M0+ DDI 0484C, M4 DDI 0439B), zero flash wait "
              "states, no interrupts or bus contention; the RV32 cycles use a rough generic "
              "in-order model (its instruction counts are exact).")

# The symmetric algorithms' operations in the order of the "symmetric" table: AES key setup
# (encrypt / decrypt direction) and one block; the CBC sequence of a small device's driver
# (set-key, encrypt 32 bytes, set-decrypt-key, decrypt 32 bytes); bulk modes over 2 KiB; AEAD
# over 2 KiB and over a 27-byte BLE PDU (13-byte nonce, 4-byte MIC, 1 byte of aad); MACs,
# legacy hashes and ciphers, DRBGs generating 64 bytes.
SYMMETRIC_OPS = (
    *(f"aes{b}_{o}" for b in (128, 192, 256)
      for o in ("setkey_enc", "setkey_dec", "enc_block", "dec_block")),
    *(f"aes{b}_cbc_{o}" for b in (128, 192, 256)
      for o in ("setkey", "enc32", "setdeckey", "dec32")),
    "aes128_ctr_2k", "aes128_gcm_2k", "aes128_ccm_2k", "aes128_gcm_ble27", "aes128_ccm_ble27",
    "aes128_cmac_64", "chacha20_2k", "poly1305_2k", "chacha20_poly1305_2k", "sha1_2k", "md5_2k",
    "sm3_2k", "des_ecb_2k", "tdes_ecb_2k", "ctr_drbg_aes256_64", "hmac_drbg_sha256_64",
)
# The library objects (stems of src/core and src/providers/soft files) that are each operation's
# own code, for the flash column: front ends and shared helpers (block.c, mac.c, hmac.c, ...) are
# not counted.
AES = ("aes_ct", "aes_ct_armv7m")
SYMMETRIC_OBJECTS = {
    "aes": AES, "aes_cbc": (*AES, "cipher"), "aes128_ctr_2k": (*AES, "cipher"),
    "aes128_gcm": (*AES, "gcm"), "aes128_ccm": (*AES, "ccm"), "aes128_cmac_64": (*AES, "cmac"),
    "chacha20_2k": ("chacha20",), "poly1305_2k": ("poly1305",),
    "chacha20_poly1305_2k": ("chacha20", "poly1305", "chapoly"),
    "sha1_2k": ("sha1",), "md5_2k": ("md5",), "sm3_2k": ("sm3",),
    "des_ecb_2k": ("des", "cipher"), "tdes_ecb_2k": ("des", "cipher"),
    "ctr_drbg_aes256_64": (*AES, "ctr_drbg"), "hmac_drbg_sha256_64": ("hmac_drbg", "sha256"),
}
# Every object of the flash table (in this order), whether or not an operation above uses it.
FLASH_OBJECTS = ("aes_ct", "aes_ct_armv7m", "cipher", "gcm", "ccm", "cmac", "keywrap", "chacha20",
                 "poly1305", "chapoly", "sha1", "md5", "sm3", "des", "hmac_drbg", "ctr_drbg")
# The clock of the per-call microseconds of the symmetric table: typical parts (a 48 MHz
# Cortex-M0+, a 120 MHz Cortex-M4). Cycles per byte and KiB/s stay at the Energy model's clock.
REF_MHZ = {"cortex-m0": 48.0, "cortex-m0plus": 48.0, "cortex-m4": 120.0}
SYMMETRIC_TARGETS = ("cortex-m0plus", "cortex-m4")


def symmetric_objects(op: str) -> tuple[str, ...]:
    """The objects of SYMMETRIC_OBJECTS behind op (AES ops by family: aes<bits>_cbc_*, aes<bits>_*,
    aes128_gcm_*, aes128_ccm_*)."""
    if op in SYMMETRIC_OBJECTS:
        return SYMMETRIC_OBJECTS[op]
    m = re.match(r"aes(?:128|192|256)_(cbc|gcm|ccm)?", op)
    if m and m.group(1) in ("gcm", "ccm"):
        return SYMMETRIC_OBJECTS["aes128_" + m.group(1)]
    if m:
        return SYMMETRIC_OBJECTS["aes_cbc" if m.group(1) else "aes"]
    return ()


# The elliptic curves (bench_main.c bench_ec): per Weierstrass curve the public key of a fixed
# private key, ECDH, a deterministic ECDSA signature of 32 bytes and its verification; Ed25519
# public key, signature and verification of 64 bytes; X448. P-256 is in every image, the other
# curves only in the one `fieldcrypt bench --all-curves` builds (minutes of emulation).
EC_CURVES = ("secp256r1", "secp192r1", "secp224r1", "secp384r1", "secp521r1", "secp192k1",
             "secp224k1", "secp256k1", "brainpoolP256r1", "brainpoolP384r1", "brainpoolP512r1")
EC_STEPS = ("public_key", "ecdh", "ecdsa_sign", "ecdsa_verify")
EC_OPS = (*(f"secp256r1_{s}" for s in EC_STEPS), "ed25519_public_key", "ed25519_sign",
          "ed25519_verify", "x448", "x448_base")
EC_ALL_CURVES_OPS = tuple(f"{c}_{s}" for c in EC_CURVES[1:] for s in EC_STEPS)
# The library objects of each group, for the flash column: the EC front ends and the soft
# Weierstrass code (ecw_curves.c holds the constants of all eleven curves), Ed25519's own
# objects (the Curve25519 field and SHA-512, shared with X25519 and the hashes, not counted),
# X448's. ec_der.c (DER signatures, SubjectPublicKeyInfo) is not on the benchmarked path.
EC_OBJECTS = {"weierstrass": ("ec", "ec_curves", "ecdsa", "ec_soft", "ecw_curves", "ecw_field",
                              "ecw_point"),
              "ed25519": ("eddsa", "ed25519", "ge25519", "sc25519"), "x448": ("x448", "fe448")}
EC_FLASH_OBJECTS = (*EC_OBJECTS["weierstrass"], "ec_der", *EC_OBJECTS["ed25519"],
                    *EC_OBJECTS["x448"])
# seed 002's unit clock: Nuclei's mbedTLS benchmark reports sign/s, verify/s and ECDHE full
# handshakes/s at a 30 MHz core
EC_REF_MHZ = 30.0
EC_TARGETS = ("cortex-m0plus", "cortex-m4")


def ec_objects(op: str) -> tuple[str, ...]:
    """The objects of EC_OBJECTS behind an elliptic-curve operation."""
    if op.startswith("ed25519_"):
        return EC_OBJECTS["ed25519"]
    if op.startswith("x448"):
        return EC_OBJECTS["x448"]
    if op.split("_", 1)[0] in EC_CURVES:
        return EC_OBJECTS["weierstrass"]
    return ()


KIND = {  # operation -> "field" | "pk" | "proto" | "sym" | "engine" | "ec" (the default image's)
    **{f"fe{c}_{o}": "field" for c in ("25519", "19119") for o in ("mul", "sqr", "add", "invert")},
    **{o: "pk" for o in ("x25519", "x25519_base", "x19119", "x19119_base", "elligator2_25519",
                         "elligator2_19119")},
    **{o: "sym" for o in ("sha512_10", "sha512_2k", "sha256_2k", "salsa20_2k", "hmac_sha512_64")},
    # the symmetric algorithms (bench_main.c bench_aes / bench_modes)
    **{o: "sym" for o in SYMMETRIC_OPS},
    **{o: "proto" for o in ("cpace_initiator", "cpace_responder", "pace2017_device",
                            "pace2017_handheld", "login_device", "login_pace2017_device")},
    # the slice engine's runs (one region entry per step)
    **{o: "engine" for o in ("slices:x25519", "slices:elligator2_25519", "slices:sha512_2k",
                             "slices:login_device", "slices:login_pace2017_device",
                             "inputs:login_device", "inputs:login_pace2017_device",
                             "slices:secp256r1_ecdh", "slices:secp256r1_ecdsa_verify",
                             "slices:secp256r1_ecdsa_sign", "slices:x448", "slices:ed25519_sign",
                             "slices:ed25519_verify")},
    # the elliptic curves (bench_main.c bench_ec; the other curves: kind_of)
    **{o: "ec" for o in EC_OPS},
}


def kind_of(op: str) -> str:
    """KIND's entry, "ec" for the all-curves image's extra operations, else "pk"."""
    return KIND.get(op) or ("ec" if op in EC_ALL_CURVES_OPS else "pk")
BASELINE_OPS = ("x25519", "elligator2_25519", "sha512_2k", "salsa20_2k", "cpace_initiator",
                "cpace_responder", "login_device", "slices:login_device")
BASELINE_TARGET = "cortex-m0plus"


class Energy:
    """The paper's model: a running core draws milliamps at volts, clocked at mhz."""

    def __init__(self, mhz: float = 16.0, volts: float = 2.0, milliamps: float = 4.3):
        self.mhz, self.volts, self.milliamps = mhz, volts, milliamps

    def seconds(self, cycles: float) -> float:
        return cycles / (self.mhz * 1e6)

    def microjoules(self, cycles: float) -> float:
        return self.seconds(cycles) * self.volts * self.milliamps * 1e-3 * 1e6

    def power_mw(self) -> float:
        return self.volts * self.milliamps

    def delay(self, cycles: float, budget_mw: float) -> tuple[float, float]:
        """(seconds, stretch factor): a core that draws more than the budget must sleep,
        delay = cycles / f * (I * V / P)."""
        factor = max(1.0, self.power_mw() / budget_mw)
        return self.seconds(cycles) * factor, factor

    def describe(self) -> str:
        return f"{self.mhz:g} MHz, {self.volts:g} V, {self.milliamps:g} mA ({self.power_mw():g} mW running)"


# ---------------------------------------------------------------------------------------------
# collection


def _mcu_one(target: str, elf: str) -> dict:
    return mcubench.run_bench(target, Path(elf))


def object_flash(target: str, build_root: Path = ROOT / "build") -> dict[str, int]:
    """{object stem: flash bytes (text + data)} of the target's libfieldcrypt.a (MinSizeRel,
    -Os), as `fieldcrypt mcu-report` lists them; empty when the library is not built."""
    lib = Path(build_root) / target / "libfieldcrypt.a"
    if target not in mcu.TARGETS or not lib.exists():
        return {}
    sizes = mcu.flash_by_object(lib, mcu.TARGETS[target])
    return {o.removesuffix(".obj").removesuffix(".c"): v["text"] + v["data"]
            for o, v in sizes.items()}


def collect_mcu(targets, progress=None, jobs: int | None = None,
                all_curves: bool = False) -> dict[str, dict]:
    """{target: run_bench result}; images are built first (serially: they share build dirs),
    then run in parallel processes. all_curves: the image with every Weierstrass curve (P-256
    alone otherwise), several times longer to emulate."""
    say = progress or (lambda msg: None)
    elfs = {}
    for t in targets:
        say(f"build {t}: libfieldcrypt.a and the bench image"
            + (" (all curves)" if all_curves else ""))
        elfs[t] = str(mcubench.build_bench(t, all_curves=all_curves))
    jobs = jobs or min(len(targets), os.cpu_count() or 1)
    out = {}
    say(f"run {len(targets)} image(s) in the emulator ({jobs} in parallel)")
    with ProcessPoolExecutor(max_workers=jobs) as ex:
        futs = {t: ex.submit(_mcu_one, t, elfs[t]) for t in targets}
        for t, f in futs.items():
            out[t] = f.result()
            r = out[t]
            r["object_flash"] = object_flash(t)
            say(f"{t}: exit {r['exit_code']}, {'KAT OK' if r['kat_ok'] else 'KAT FAIL'}, "
                f"{r['instructions']:,} instructions, {r['wall_s']:.1f} s")
    return out


# Optional comparison libraries of host_bench: name -> (define, header, pkg-config module,
# link flags without a .pc). Each is built in only when its header is installed.
HOST_OPTIONAL_LIBS = {
    "mbedtls": ("FC_HAVE_MBEDTLS", "mbedtls/sha512.h", "mbedcrypto", ["-lmbedcrypto"]),
    "wolfssl": ("FC_HAVE_WOLFSSL", "wolfssl/options.h", "wolfssl", ["-lwolfssl"]),
}


def _pkg_config(module: str, what: str) -> list[str] | None:
    if not shutil.which("pkg-config"):
        return None
    r = subprocess.run(["pkg-config", what, module], capture_output=True, text=True)
    return r.stdout.split() if r.returncode == 0 else None


def host_optional_libs() -> dict[str, tuple[list[str], list[str]]]:
    """{name: (compile flags incl. -D, link flags)} for the optional libraries whose header exists."""
    out = {}
    for name, (define, header, module, fallback) in HOST_OPTIONAL_LIBS.items():
        cflags = _pkg_config(module, "--cflags") or []
        r = subprocess.run(["gcc", *cflags, "-E", "-x", "c", "-", "-o", os.devnull],
                           input=f"#include <{header}>\n", capture_output=True, text=True)
        if r.returncode == 0:
            out[name] = (["-D" + define, *cflags], _pkg_config(module, "--libs") or fallback)
    return out


def build_host_bench(build_root: Path = ROOT / "build") -> Path:
    host = Path(build_root) / "host"
    subprocess.run(["cmake", "-S", ROOT, "-B", host, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release"],
                   check=True, capture_output=True)
    subprocess.run(["cmake", "--build", host], check=True, capture_output=True)
    exe = Path(build_root) / "host-bench" / "host_bench"
    exe.parent.mkdir(parents=True, exist_ok=True)
    opt = host_optional_libs()
    cmd = ["gcc", "-O2", "-std=c99", *mcubench.WARNINGS, "-I", ROOT / "include", "-I", BENCH,
           *(f for c, _ in opt.values() for f in c),
           BENCH / "host_bench.c", host / "libfieldcrypt.a", "-lcrypto", "-lsodium",
           *(f for _, l in opt.values() for f in l), "-o", exe]
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("host_bench build failed:\n" + r.stderr)
    return exe


def collect_host(progress=None, time_ms: int = 30) -> dict:
    """{(provider, op): {"instructions": callgrind Ir, "ns": best wall-clock ns, "bytes"}}."""
    say = progress or (lambda msg: None)
    say("host: build host_bench (soft, openssl, libsodium"
        + "".join(", " + n for n in host_optional_libs()) + ")")
    exe = build_host_bench()
    res: dict = {}
    say("host: wall clock")
    r = subprocess.run([str(exe), "time", str(time_ms)], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("host_bench time: known-answer failure\n" + r.stderr)
    for line in r.stdout.splitlines():
        prov, op, nbytes, ns = line.split()
        res[(prov, op)] = {"bytes": int(nbytes), "ns": float(ns), "instructions": None}
    if shutil.which("valgrind"):
        say("host: callgrind instruction counts")
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                                str(exe), "callgrind"], capture_output=True, text=True, cwd=tmp)
            if r.returncode:
                raise RuntimeError("host_bench under callgrind failed\n" + r.stderr[-2000:])
            for f in Path(tmp).glob("cg.out.*"):
                text = f.read_text(errors="replace")
                m = re.search(r"^desc: Trigger: Client Request: (\S+) (\S+)$", text, re.M)
                t = re.search(r"^totals: (\d+)", text, re.M)
                if m and t and (m.group(1), m.group(2)) in res:
                    rec = res[(m.group(1), m.group(2))]
                    rec["instructions"] = (rec["instructions"] or 0) + int(t.group(1))
    return res


# ---------------------------------------------------------------------------------------------
# records


def _algorithm_flash(op: str, flash: dict[str, int]) -> dict:
    """{"flash_objects": [stems], "algorithm_flash_bytes": their -Os flash} for a symmetric or
    elliptic-curve operation whose objects are all in the library; {} for the others."""
    objs = symmetric_objects(op) if op in SYMMETRIC_OPS else ec_objects(op)
    if not objs or any(o not in flash for o in objs):
        return {}
    return {"flash_objects": list(objs), "algorithm_flash_bytes": sum(flash[o] for o in objs)}


def records(mcu_runs: dict[str, dict], host: dict | None, energy: Energy) -> list[dict]:
    out = []
    for target, run in mcu_runs.items():
        for op in run["operations"]:
            cyc, nbytes = op["cycles"], op["bytes"]
            sec = energy.seconds(cyc)
            out.append({
                "target": target, "provider": "soft", "operation": op["operation"],
                "kind": kind_of(op["operation"]), "instructions": op["instructions"],
                "cycles": cyc, "cycles_modelled": True, "model": run["model"], "bytes": nbytes,
                "cycles_per_byte": round(cyc / nbytes, 2) if nbytes else None,
                "kib_per_s": round(nbytes / 1024 / sec, 2) if nbytes and sec else None,
                "ops_per_s": round(1 / sec, 3) if sec else None,
                "time_ms": round(sec * 1e3, 3),
                "flash_bytes": run["flash_bytes"], "ram_bytes": run["ram_bytes"],
                "stack_bytes": op["stack_bytes"], "image_stack_bytes": run["stack_high_water"],
                "energy_uj": round(energy.microjoules(cyc), 2), "kat_ok": run["kat_ok"],
                "wall_ns": None,
                "ref_mhz": REF_MHZ.get(target),
                "time_us_ref": round(cyc / REF_MHZ[target], 2) if target in REF_MHZ else None,
                **({"ops_per_s_30mhz": round(EC_REF_MHZ * 1e6 / cyc, 3)}
                   if kind_of(op["operation"]) == "ec" and cyc else {}),
                **_algorithm_flash(op["operation"], run.get("object_flash") or {}),
            })
    for (prov, opname), r in sorted((host or {}).items()):
        nbytes = r["bytes"]
        ns = r["ns"]
        out.append({
            "target": HOST_TARGET, "provider": prov, "operation": opname,
            "kind": kind_of(opname), "instructions": r["instructions"], "cycles": None,
            "cycles_modelled": False, "model": "callgrind Ir + wall clock", "bytes": nbytes,
            "cycles_per_byte": None,
            "instructions_per_byte": round(r["instructions"] / nbytes, 2) if nbytes and r["instructions"] else None,
            "kib_per_s": round(nbytes / 1024 / (ns * 1e-9), 1) if nbytes else None,
            "ops_per_s": round(1e9 / ns, 1) if ns else None, "time_ms": round(ns * 1e-6, 4),
            "flash_bytes": None, "ram_bytes": None, "stack_bytes": None, "energy_uj": None,
            "kat_ok": True, "wall_ns": ns,
        })
    return out


# ---------------------------------------------------------------------------------------------
# paper comparison

def paper() -> dict:
    return json.loads(PAPER.read_text())


def paper_rows(recs: list[dict], targets=("cortex-m0", "cortex-m0plus", "cortex-m4")) -> list[dict]:
    """[{what, paper, unit, <target>: ours, <target>_ratio: ours / paper}]"""
    p = paper()
    t1 = p["table1_cycles"]
    by = {(r["target"], r["operation"]): r for r in recs if r["provider"] == "soft"}
    pace = p["table2"]["rows"][-1]["cycles"]
    spec = [  # (label, paper value, unit, our operation, metric)
        ("GF(2^255-19) mul", t1["curve25519"]["mul"], "cycles", "fe25519_mul", "cycles"),
        ("GF(2^255-19) sqr", t1["curve25519"]["sqr"], "cycles", "fe25519_sqr", "cycles"),
        ("GF(2^255-19) add", t1["curve25519"]["add"], "cycles", "fe25519_add", "cycles"),
        ("GF(2^255-19) invert", t1["curve25519"]["invert"], "cycles", "fe25519_invert", "cycles"),
        ("GF(2^191-19) mul", t1["curve19119"]["mul"], "cycles", "fe19119_mul", "cycles"),
        ("GF(2^191-19) sqr", t1["curve19119"]["sqr"], "cycles", "fe19119_sqr", "cycles"),
        ("GF(2^191-19) add", t1["curve19119"]["add"], "cycles", "fe19119_add", "cycles"),
        ("GF(2^191-19) invert", t1["curve19119"]["invert"], "cycles", "fe19119_invert", "cycles"),
        ("1/2 ECDH X25519", t1["curve25519"]["half_ecdh"], "cycles", "x25519", "cycles"),
        ("1/2 ECDH X19119", t1["curve19119"]["half_ecdh"], "cycles", "x19119", "cycles"),
        ("Elligator2 Curve25519", p["elligator2_curve25519_cycles"]["value"], "cycles", "elligator2_25519", "cycles"),
        ("SHA-512, 10 bytes", p["sha512"]["cycles_10_bytes"], "cycles", "sha512_10", "cycles"),
        ("SHA-512, 2 KiB", p["sha512"]["cycles_per_byte_2048"], "cycles/byte", "sha512_2k", "cycles_per_byte"),
        ("Salsa20/20", p["salsa20"]["cycles_per_byte"], "cycles/byte", "salsa20_2k", "cycles_per_byte"),
        ("PACE run, device side (paper: complete run)", pace, "cycles", "pace2017_device", "cycles"),
        ("PACE run, handheld side", pace, "cycles", "pace2017_handheld", "cycles"),
        ("CPace run, initiator", pace, "cycles", "cpace_initiator", "cycles"),
        ("CPace run, responder", pace, "cycles", "cpace_responder", "cycles"),
    ]
    rows = []
    for label, pv, unit, op, metric in spec:
        row = {"what": label, "paper": pv, "unit": unit, "operation": op}
        for t in targets:
            r = by.get((t, op))
            v = r[metric] if r else None
            row[t] = v
            row[t + "_ratio"] = round(v / pv, 2) if v is not None and pv else None
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------------------------
# output

def _fmt(v, nd=0) -> str:
    if v is None:
        return "-"
    if isinstance(v, float) and nd:
        return f"{v:,.{nd}f}"
    if isinstance(v, (int, float)):
        return f"{v:,.0f}" if abs(v) >= 100 or nd == 0 else f"{v:,.2f}"
    return str(v)


def _md_table(headers, rows) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join(["---"] * len(headers)) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def markdown(recs: list[dict], energy: Energy, mcu_runs: dict) -> str:
    parts = ["# fieldcrypt benchmark", "", f"> {MODEL_NOTE}", "",
             f"Energy and time at {energy.describe()} (the paper's model). KiB/s and ops/s at "
             f"{energy.mhz:g} MHz. Flash and RAM are the whole benchmark image's (static, from the "
             f"ELF); stack is the deepest stack of the operation (painted RAM).", ""]
    targets = [t for t in mcu_runs]
    for t in targets:
        run = mcu_runs[t]
        parts += [f"## {t} ({run['model']})", "",
                  f"Image: flash {run['flash_bytes']:,} B, static RAM {run['ram_bytes']:,} B, "
                  f"stack high-water {run['stack_high_water']:,} B; known answers: "
                  f"{'all correct' if run['kat_ok'] else 'FAILED'}.", ""]
        rows = []
        for r in (x for x in recs if x["target"] == t):
            rate = (f"{r['cycles_per_byte']:.1f} c/B, {r['kib_per_s']:.1f} KiB/s" if r["bytes"]
                    else f"{r['ops_per_s']:.2f} ops/s")
            rows.append([r["operation"], _fmt(r["instructions"]), _fmt(r["cycles"]), rate,
                         _fmt(r["time_ms"], 3), _fmt(r["energy_uj"], 2), _fmt(r["stack_bytes"])])
        parts += [_md_table(["operation", "instructions", "cycles (modelled)", "rate",
                             "time ms", "energy uJ", "stack B"], rows), ""]
    parts += symmetric_markdown(recs, energy, mcu_runs)
    parts += ec_markdown(recs, mcu_runs)
    ptargets = [t for t in ("cortex-m0", "cortex-m0plus", "cortex-m4") if t in mcu_runs]
    if ptargets:
        p = paper()
        parts += ["## Compared with Haase and Labrique, CHES 2017 (Cortex-M0, assembly)", "",
                  f"Source: {p['source']} Ratio = ours / paper (above 1: we are slower). Our "
                  "protocol figures are one side of a run; the paper's 7,588,000 cycles are its "
                  "complete PACE protocol run on the device.", ""]
        rows = []
        for row in paper_rows(recs, ptargets):
            cells = [row["what"], row["unit"], _fmt(row["paper"], 1 if row["unit"] != "cycles" else 0)]
            for t in ptargets:
                nd = 1 if row["unit"] != "cycles" else 0
                cells += [_fmt(row[t], nd), _fmt(row[t + "_ratio"], 2)]
            rows.append(cells)
        hdr = ["operation", "unit", "paper (M0)"]
        for t in ptargets:
            hdr += [t, "ratio"]
        parts += [_md_table(hdr, rows), ""]
    host = [r for r in recs if r["target"] == HOST_TARGET]
    if host:
        parts += ["## Host (x86-64): instructions (callgrind) and wall clock", "",
                  "Instruction counts are exact (callgrind, one call after a warm-up); wall clock is "
                  "the best of repeated batches in one process; ratio = time / soft provider's time.", ""]
        soft = {r["operation"]: r["wall_ns"] for r in host if r["provider"] == "soft"}
        rows = []
        for r in sorted(host, key=lambda r: (r["operation"], r["provider"])):
            ratio = r["wall_ns"] / soft[r["operation"]] if soft.get(r["operation"]) else None
            rate = f"{r['kib_per_s']:,.0f} KiB/s" if r["bytes"] else f"{r['ops_per_s']:,.0f} ops/s"
            rows.append([r["operation"], r["provider"], _fmt(r["instructions"]),
                         _fmt(r["wall_ns"] / 1000, 2), rate, _fmt(ratio, 2)])
        parts += [_md_table(["operation", "provider", "instructions", "time us", "rate",
                             "time / soft"], rows), ""]
    return "\n".join(parts)


def symmetric_markdown(recs: list[dict], energy: Energy, mcu_runs: dict) -> list[str]:
    """The "symmetric" table (cycles, cycles/byte, KiB/s at the Energy clock, microseconds per
    call at REF_MHZ; Cortex-M0+ and M4) and the flash of the symmetric objects per target."""
    targets = [t for t in SYMMETRIC_TARGETS if t in mcu_runs]
    by = {(r["target"], r["operation"]): r for r in recs if r["provider"] == "soft"}
    ops = [o for o in SYMMETRIC_OPS if any((t, o) in by for t in targets)]
    if not targets or not ops:
        return []
    parts = ["## symmetric", "",
             f"Modelled cycles of the soft provider (constant-time AES, bitsliced two blocks at a "
             f"time) through the public API. c/B and KiB/s at {energy.mhz:g} MHz (the Energy "
             f"model's clock, --mhz); us per call at "
             + ", ".join(f"{REF_MHZ[t]:g} MHz on {t}" for t in targets) + ". Key setup rows "
             "are fc_block_init / fc_cipher_init alone; cbc_* rows are a driver's sequence "
             "(set-key, encrypt 32 B, set-decrypt-key, decrypt 32 B) through fc_cipher_*; AEAD "
             "rows are one fc_aead_seal under a key set up before (ble27: a 27-byte PDU, 13-byte "
             "nonce, 4-byte MIC, 1 byte of aad; the GCM one with the same nonce and tag lengths "
             "for comparison). Flash: the -Os text + data of the operation's own objects in the "
             f"{targets[0]} library (front ends not counted).", ""]
    hdr = ["operation", "bytes"]
    for t in targets:
        hdr += [f"{t} cycles", "c/B", f"KiB/s @{energy.mhz:g} MHz", f"us @{REF_MHZ[t]:g} MHz"]
    hdr += ["flash B (objects)"]
    rows = []
    for o in ops:
        any_r = next(by[(t, o)] for t in targets if (t, o) in by)
        cells = [o, _fmt(any_r["bytes"]) if any_r["bytes"] else "-"]
        for t in targets:
            r = by.get((t, o))
            if r is None:
                cells += ["-"] * 4
                continue
            cells += [_fmt(r["cycles"]),
                      f"{r['cycles_per_byte']:,.1f}" if r["cycles_per_byte"] else "-",
                      f"{r['kib_per_s']:,.1f}" if r["kib_per_s"] else "-",
                      f"{r['time_us_ref']:,.1f}" if r["time_us_ref"] is not None else "-"]
        fr = by.get((targets[0], o), {})
        cells.append(f"{fr['algorithm_flash_bytes']:,} ({' + '.join(fr['flash_objects'])})"
                     if fr.get("algorithm_flash_bytes") else "-")
        rows.append(cells)
    parts += [_md_table(hdr, rows), ""]
    ftargets = [t for t in mcu_runs if mcu_runs[t].get("object_flash")]
    if ftargets:
        parts += ["Flash per object (text + data, MinSizeRel -Os, as `fieldcrypt mcu-report` "
                  "lists them; - : not in this build):", "",
                  _md_table(["object"] + ftargets,
                            [[o + ".o"] + [_fmt(mcu_runs[t]["object_flash"].get(o)) for t in ftargets]
                             for o in FLASH_OBJECTS]), ""]
    return parts


def _per_s(cycles) -> float | None:
    return EC_REF_MHZ * 1e6 / cycles if cycles else None


def _rate(v: float | None) -> str:
    if v is None:
        return "-"
    return (f"{v:,.0f}" if v >= 100 else f"{v:,.1f}" if v >= 1 else f"{v:.2f}" if v >= 0.1
            else f"{v:.3f}")


EC_UNITS = {"ecdsa_sign": "sign/s", "ecdsa_verify": "verify/s", "sign": "sign/s",
            "verify": "verify/s"}


def ec_rows(recs: list[dict], targets) -> list[dict]:
    """seed 002's units per curve and target at EC_REF_MHZ: sign/s, verify/s and full ECDHE
    handshakes/s, a handshake being both sides' key generation and shared secret (mbedTLS's
    "full handshake"): 2 x (public key + ECDH) cycles; X25519 / X448: base-point and
    variable-base multiplications. [{curve, <target>: {sign, verify, handshake} per second}]"""
    by = {(r["target"], r["operation"]): r["cycles"] for r in recs if r["provider"] == "soft"}
    spec = [(c, f"{c}_ecdsa_sign", f"{c}_ecdsa_verify", f"{c}_public_key", f"{c}_ecdh")
            for c in EC_CURVES]
    spec += [("ed25519", "ed25519_sign", "ed25519_verify", None, None),
             ("x25519", None, None, "x25519_base", "x25519"),
             ("x448", None, None, "x448_base", "x448")]
    rows = []
    for curve, sign, verify, pub, dh in spec:
        row: dict = {"curve": curve}
        for t in targets:
            hs = (2 * (by[(t, pub)] + by[(t, dh)])
                  if pub and (t, pub) in by and (t, dh) in by else None)
            row[t] = {"sign": _per_s(by.get((t, sign))), "verify": _per_s(by.get((t, verify))),
                      "handshake": _per_s(hs)}
        if any(v is not None for t in targets for v in row[t].values()):
            rows.append(row)
    return rows


def ec_markdown(recs: list[dict], mcu_runs: dict) -> list[str]:
    """The "elliptic curves" tables: cycles, operations per second at EC_REF_MHZ and stack per
    operation (Cortex-M0+ and M4), the flash of the curve objects, and seed 002's summary
    (sign/s, verify/s, full handshakes/s per curve)."""
    targets = [t for t in EC_TARGETS if t in mcu_runs]
    by = {(r["target"], r["operation"]): r for r in recs if r["provider"] == "soft"}
    ops = [o for o in (*EC_OPS[:4], *EC_ALL_CURVES_OPS, *EC_OPS[4:])
           if any((t, o) in by for t in targets)]
    if not targets or not ops:
        return []
    parts = ["## elliptic curves", "",
             "Modelled cycles of the soft provider through the public API, one call per row: "
             "`public_key` is fc_ec_public_key of a fixed private key; `ecdh` fc_ecdh with an "
             "uncompressed peer point (its validation included); `ecdsa_sign` a deterministic "
             "(RFC 6979) fc_ecdsa_sign of a 32-byte message, hashing included (SHA-256; SHA-384 "
             "on the 384-bit curves, SHA-512 on brainpoolP512r1 and secp521r1); `ecdsa_verify` "
             "its fc_ecdsa_verify under the uncompressed public key. Ed25519 signs and verifies "
             "64 bytes (sign with the stored public key passed in); X448 is one scalar "
             f"multiplication. Per second at {EC_REF_MHZ:g} MHz (seed 002's clock: Nuclei's "
             "mbedTLS benchmark of its N300); stack: the deepest stack of the call (painted "
             "RAM). Flash: the -Os text + data of the group's objects in the "
             f"{targets[0]} library (the Weierstrass objects hold all eleven curves; Ed25519's "
             "Curve25519 field and SHA-512 are shared with X25519 and the hashes, not counted)."
             + ("" if any(o in EC_ALL_CURVES_OPS for o in ops) else
                " Only P-256 of the Weierstrass curves: `fieldcrypt bench --all-curves` adds "
                "the other ten."), ""]
    hdr = ["operation"]
    for t in targets:
        hdr += [f"{t} cycles", f"per s @{EC_REF_MHZ:g} MHz", "stack B"]
    hdr += ["flash B (group)"]
    rows = []
    for o in ops:
        cells = [o]
        unit = EC_UNITS.get(o.split("_", 1)[1] if "_" in o else "", "ops/s")
        for t in targets:
            r = by.get((t, o))
            if r is None:
                cells += ["-"] * 3
                continue
            cells += [_fmt(r["cycles"]), f"{_rate(_per_s(r['cycles']))} {unit}",
                      _fmt(r["stack_bytes"])]
        fr = by.get((targets[0], o), {})
        group = next((g for g, objs in EC_OBJECTS.items() if objs == tuple(fr.get("flash_objects", ()))), "")
        cells.append(f"{fr['algorithm_flash_bytes']:,} ({group})" if fr.get("algorithm_flash_bytes")
                     else "-")
        rows.append(cells)
    parts += [_md_table(hdr, rows), "",
              "Flash groups: " + "; ".join(f"{g} = {' + '.join(objs)}" for g, objs in EC_OBJECTS.items())
              + ".", ""]
    hdr = ["curve"]
    for t in targets:
        hdr += [f"{t} sign/s", "verify/s", "full handshake/s"]
    srows = [[r["curve"]] + [_rate(r[t][k]) for t in targets
                             for k in ("sign", "verify", "handshake")]
             for r in ec_rows(recs, targets)]
    parts += [f"At {EC_REF_MHZ:g} MHz in seed 002's units: a full handshake is both sides' "
              "key generation and shared secret, 2 x (public_key + ecdh) cycles (mbedTLS's "
              "\"ECDHE full handshake\"; X25519 and X448: base-point and variable-base "
              "multiplications).", "", _md_table(hdr, srows), ""]
    ftargets = [t for t in mcu_runs if mcu_runs[t].get("object_flash")]
    if ftargets:
        parts += ["Flash per elliptic-curve object (text + data, MinSizeRel -Os; - : not in "
                  "this build):", "",
                  _md_table(["object"] + ftargets,
                            [[o + ".o"] + [_fmt(mcu_runs[t]["object_flash"].get(o)) for t in ftargets]
                             for o in EC_FLASH_OBJECTS]), ""]
    return parts


# ---------------------------------------------------------------------------------------------
# the slice engine

# sliced operation -> its synchronous run in the same image
ENGINE_PAIRS = {"slices:x25519": "x25519", "slices:elligator2_25519": "elligator2_25519",
                "slices:x448": "x448", "slices:ed25519_sign": "ed25519_sign",
                "slices:ed25519_verify": "ed25519_verify",
                "slices:sha512_2k": "sha512_2k", "slices:login_device": "login_device",
                "slices:login_pace2017_device": "login_pace2017_device",
                "slices:secp256r1_ecdh": "secp256r1_ecdh",
                "slices:secp256r1_ecdsa_verify": "secp256r1_ecdsa_verify",
                "slices:secp256r1_ecdsa_sign": "secp256r1_ecdsa_sign"}
# targets of the engine on the Cortex-M0+ model (bench_main.c runs every slice at budget 28,000);
# the job state: 256 bytes where only the login's curves are sliced, 1 KiB where the curve jobs
# (ECDH, ECDSA, Ed25519, X448) are built, as in the bench image (config.h, FC_WITH_CURVE_JOBS)
ENGINE_TARGETS = {"largest_slice": 30_000, "overhead_pct": 3.0, "job_state": 1024, "stack": 432}
ENGINE_BUDGET = 28_000


def engine_summary(run: dict, energy: Energy) -> dict:
    """The engine's four figures on one target: largest slice, overhead over the synchronous
    run, job state (sizeof fc_job) and the deepest stack of any slice, per sliced operation."""
    ops = {o["operation"]: o for o in run["operations"]}
    rows = []
    for sliced, sync in ENGINE_PAIRS.items():
        if sliced not in ops or sync not in ops:
            continue
        o, base = ops[sliced], ops[sync]
        # a sliced login's quick fc_login_input calls are work too: slices of their own
        inp = ops.get("inputs:" + sliced.split(":", 1)[1], {"slices": [], "slice_stack": [0],
                                                            "cycles": 0})
        every = o["slices"] + inp["slices"]
        cycles = o["cycles"] + inp["cycles"]
        rows.append({"operation": sliced.split(":", 1)[1], "slices": len(every),
                     "cycles": cycles, "sync_cycles": base["cycles"],
                     "overhead_pct": round(100 * (cycles / base["cycles"] - 1), 2),
                     "largest_slice": max(every),
                     "largest_slice_uj": round(energy.microjoules(max(every)), 2),
                     "stack": max(o["slice_stack"]), "input_stack": max(inp["slice_stack"]),
                     "sync_stack": base["stack_bytes"], "slice_list": every})
    logins = {r["operation"]: r["slice_list"] for r in rows}
    for r in rows:
        del r["slice_list"]
    return {"budget": ENGINE_BUDGET, "job_state": run.get("job_state"),
            "login_state": run.get("login_state"), "rows": rows,
            "login_slices": logins.get("login_device", []),
            "pace_login_slices": logins.get("login_pace2017_device", [])}


def engine_markdown(summary: dict, target: str, energy: Energy) -> str:
    t = ENGINE_TARGETS
    rows = summary["rows"]
    if not rows:
        return ""
    worst = {"largest_slice": max(r["largest_slice"] for r in rows),
             "overhead_pct": max(r["overhead_pct"] for r in rows),
             "job_state": summary["job_state"], "stack": max(r["stack"] for r in rows)}

    def mark(key: str) -> str:
        return "met" if worst[key] is not None and worst[key] <= t[key] else "MISSED"

    parts = [f"## Slice engine on {target}", "",
             f"Every step at a budget of {summary['budget']:,} work units (modelled cycles); "
             "overhead = sliced cycles / synchronous cycles - 1, both in the same image. Stack: "
             "the deepest any single step went (painted RAM).", "",
             _md_table(["figure", "target", "measured", ""],
                       [["largest slice", f"<= {t['largest_slice']:,} cycles",
                         f"{worst['largest_slice']:,} cycles "
                         f"({energy.microjoules(worst['largest_slice']):.1f} uJ)", mark("largest_slice")],
                        ["overhead over the synchronous run", f"<= {t['overhead_pct']:g} %",
                         f"{worst['overhead_pct']:.2f} %", mark("overhead_pct")],
                        ["job state (sizeof fc_job)", f"<= {t['job_state']} B",
                         f"{worst['job_state']} B", mark("job_state")],
                        ["stack of a step", f"<= {t['stack']} B", f"{worst['stack']} B", mark("stack")]]),
             "",
             _md_table(["operation", "slices", "cycles sliced", "cycles synchronous", "overhead %",
                        "largest slice", "uJ", "step stack B", "input stack B",
                        "synchronous stack B"],
                       [[r["operation"], _fmt(r["slices"]), _fmt(r["cycles"]), _fmt(r["sync_cycles"]),
                         _fmt(r["overhead_pct"], 2), _fmt(r["largest_slice"]),
                         _fmt(r["largest_slice_uj"], 1), _fmt(r["stack"]),
                         _fmt(r["input_stack"]) if r["input_stack"] else "-", _fmt(r["sync_stack"])]
                        for r in rows]),
             "", "A sliced login is its fc_login_input calls (the quick part of each frame: "
             "parse, checks, random draws; the 2017 profile's HELLO also runs one Salsa20 block) "
             "and its fc_login_step calls; both count as slices and in the overhead. 'step stack' "
             "is the engine's figure, 'input stack' that of the input calls.", ""]
    if summary.get("login_state"):
        parts += [f"The sliced device login keeps its whole session in one fc_login of "
                  f"{summary['login_state']:,} B (the job included).", ""]
    return "\n".join(parts)


def power_report(summary: dict, target: str, energy: Energy, png: str | None = None,
                 svg: str | None = None) -> tuple[str, dict]:
    """The device's CPace login on harvested power: the paper's setting (1.5 mW, 0.5 mW of it
    for the link), from this target's measured slices. Returns Markdown and the figures."""
    from . import power
    slices = [power.Slice(c, "login") for c in summary["login_slices"]]
    if not slices:
        return "", {}
    base = power.Params(p_in=1.5e-3, p_radio=0.5e-3, current=energy.milliamps * 1e-3,
                        voltage=energy.volts, clock_hz=energy.mhz * 1e6, capacity=150e-6,
                        initial=0.0)
    res = power.simulate(slices, base, trace=bool(png or svg))
    if png or svg:
        power.plot(res, png=png, svg=svg, title=f"CPace device login, {target}, 150 uJ buffer")
    low = power.min_buffer(slices, base)
    rows = []
    for p_in in (1.0e-3, 1.25e-3, 1.5e-3, 2.0e-3, 3.0e-3):
        r = power.simulate(slices, dataclasses.replace(base, p_in=p_in), trace=False)
        rows.append([f"{p_in * 1e3:g} mW", f"{(p_in - base.p_radio) * 1e3:g} mW", f"{r.delay_s:.2f} s"])
    brows = []
    for cap in (low, 2 * low, 150e-6, 1e-3):
        r = power.simulate(slices, dataclasses.replace(base, capacity=cap, initial=1.0),
                           trace=False)
        brows.append([f"{cap * 1e6:,.1f} uJ", f"{r.delay_s:.2f} s", f"{r.sleeps:,}"])
    total = sum(s.cycles for s in slices)
    figures = {"cycles": total, "delay_s": round(res.delay_s, 3), "min_buffer_uj": round(low * 1e6, 2),
               "paper_delay_s": 4.08}
    md = "\n".join([
        f"## Login on harvested power ({target}, the paper's setting)", "",
        f"The device's side of a CPace login through the slice engine: {len(slices):,} slices, "
        f"{total:,} modelled cycles. 1.5 mW harvested, 0.5 mW of it for the BLE link, the CPU "
        f"{energy.milliamps:g} mA at {energy.volts:g} V and {energy.mhz:g} MHz, a 150 uJ buffer "
        f"starting empty (python/fieldcrypt/power.py).", "",
        f"- login delay: **{res.delay_s:.2f} s** (the paper: about 4 s for its 7.6 M cycles; "
        f"ours are {total / 7.588e6:.2f} x as many, see the comparison above for where)",
        f"- smallest buffer that completes: **{low * 1e6:.1f} uJ** (the largest slice's net "
        f"drain); the paper's engine needed about 150 uJ", "",
        "Delay against harvested power (buffer starting empty):", "",
        _md_table(["harvested", "left for crypto", "login delay"], rows), "",
        "Delay against buffer size (starting full, 1.5 mW):", "",
        _md_table(["buffer", "login delay", "sleeps"], brows), ""])
    return md, figures


def _png(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode()


def _inline_html(text: str) -> str:
    """Markdown's inline `code` and **bold** in escaped text."""
    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", out)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def md_to_html(md: str) -> str:
    """The report's Markdown as HTML: headings (with ids), real tables (numbers right-aligned),
    quotes, code blocks and paragraphs; nothing else is needed for what markdown() writes."""
    out, para, lines, i = [], [], md.split("\n"), 0

    def flush() -> None:
        if para:
            out.append("<p>" + _inline_html(" ".join(para)) + "</p>")
            para.clear()

    def cells(row: str) -> list[str]:
        return [c.strip() for c in row.strip().strip("|").split("|")]

    while i < len(lines):
        ln = lines[i]
        if ln.startswith("```"):
            flush()
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            out.append("<pre>" + html.escape("\n".join(lines[i + 1:j])) + "</pre>")
            i = j + 1
            continue
        m = re.match(r"(#{1,4}) (.*)", ln)
        if m:
            flush()
            n = len(m.group(1))
            out.append(f"<h{n} id='{_slug(m.group(2))}'>{_inline_html(m.group(2))}</h{n}>")
        elif ln.startswith("|") and i + 1 < len(lines) and re.match(r"^\|[\s:|-]+\|?$", lines[i + 1]):
            flush()
            head = cells(ln)
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(cells(lines[i]))
                i += 1
            num = re.compile(r"^[-+~]?[\d,.]+( ?[%xX]| [a-zA-Z/]+)?$")
            body = "".join(
                "<tr>" + "".join(f"<td class='num'>{_inline_html(c)}</td>" if num.match(c)
                                 else f"<td>{_inline_html(c)}</td>" for c in r) + "</tr>"
                for r in rows)
            out.append("<table><thead><tr>" + "".join(f"<th>{_inline_html(h)}</th>" for h in head)
                       + f"</tr></thead><tbody>{body}</tbody></table>")
            continue
        elif ln.startswith(">"):
            flush()
            out.append("<blockquote>" + _inline_html(ln.lstrip("> ")) + "</blockquote>")
        elif not ln.strip():
            flush()
        else:
            para.append(ln.strip())
        i += 1
    flush()
    return "\n".join(out)


def _target_chart(recs: list[dict], target: str, plt) -> str | None:
    """One target's chart: cycles per operation (log scale) of the public-key, protocol and
    field operations, and cycles per byte of the symmetric ones; a PNG in base64."""
    mine = [r for r in recs if r["target"] == target]
    ops = [r for r in mine if r["kind"] in ("pk", "proto", "field", "ec") and r["cycles"]]
    sym = [r for r in mine if r["kind"] == "sym" and r["cycles_per_byte"]]
    panels = [p for p in ((ops, "cycles", "cycles per operation (modelled, log)", True),
                          (sym, "cycles_per_byte", "cycles per byte (modelled)", False)) if p[0]]
    if not panels:
        return None
    fig, axes = plt.subplots(1, len(panels), figsize=(6.5 * len(panels), 4.8), squeeze=False)
    for ax, (rows, metric, title, log) in zip(axes[0], panels):
        ax.barh([r["operation"] for r in rows], [r[metric] for r in rows], color="#4477aa")
        ax.invert_yaxis()
        ax.tick_params(axis="y", labelsize=7)
        ax.set_title(f"{target}: {title}", fontsize=10)
        if log:
            ax.set_xscale("log")
    fig.tight_layout()
    png = _png(fig)
    plt.close(fig)
    return png


def html_page(recs: list[dict], energy: Energy, mcu_runs: dict, md: str) -> str:
    """A self-contained page: a chart per target, the comparison charts, and every table of
    the Markdown report as an HTML table."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    targets = list(mcu_runs)
    charts = []  # (id, title, target or "", png)
    for t in targets:
        png = _target_chart(recs, t, plt)
        if png:
            charts.append((f"chart-{t}", f"{t} ({mcu_runs[t]['model']})", t, png))
    pt = [t for t in ("cortex-m0", "cortex-m0plus", "cortex-m4") if t in targets]
    if pt:
        rows = paper_rows(recs, pt)
        fig, ax = plt.subplots(figsize=(11, 4.5))
        w = 0.8 / len(pt)
        for i, t in enumerate(pt):
            ax.bar([j + i * w for j in range(len(rows))], [r[t + "_ratio"] or 0 for r in rows], w, label=t)
        ax.axhline(1.0, color="k", lw=0.8)
        ax.set_xticks([j + 0.4 - w / 2 for j in range(len(rows))], [r["what"] for r in rows],
                      rotation=40, ha="right")
        ax.set_title("Ours / Haase-Labrique CHES 2017 (Cortex-M0, assembly): above 1 = slower")
        ax.legend()
        charts.append(("chart-paper", "Ratio to the paper", "", _png(fig)))
        plt.close(fig)
    host = [r for r in recs if r["target"] == HOST_TARGET and r["instructions"]]
    if host:
        ops = list(dict.fromkeys(r["operation"] for r in host))
        provs = list(dict.fromkeys(r["provider"] for r in host))
        fig, ax = plt.subplots(figsize=(11, 4.5))
        w = 0.8 / len(provs)
        for i, p in enumerate(provs):
            vals = {r["operation"]: r["instructions"] for r in host if r["provider"] == p}
            ax.bar([j + i * w for j in range(len(ops))], [vals.get(o) or 0 for o in ops], w, label=p)
        ax.set_xticks([j + 0.4 - w / 2 for j in range(len(ops))], ops, rotation=40, ha="right")
        ax.set_yscale("log")
        ax.set_title("Host instructions per operation (callgrind)")
        ax.legend()
        charts.append(("chart-host", "Host (callgrind)", "", _png(fig)))
        plt.close(fig)
    # the Markdown report without its title and the note the page starts with
    tables_md = md.replace("# fieldcrypt benchmark", "", 1).replace(f"> {MODEL_NOTE}", "", 1)
    nav = " | ".join(f"<a href='#{cid}'>{html.escape(title)}</a>" for cid, title, _, _ in charts)
    figs = "".join(
        f"<figure id='{cid}' class='chart' data-target='{html.escape(t)}'>"
        f"<img alt='{html.escape(title)}' src='data:image/png;base64,{png}'>"
        f"<figcaption>{html.escape(title)}</figcaption></figure>"
        for cid, title, t, png in charts)
    style = ("body{font-family:sans-serif;max-width:1200px;margin:auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:0.5em 0 1.5em;font-size:13px}"
             "th,td{border:1px solid #ccc;padding:2px 6px}th{background:#eef;text-align:left}"
             "td.num{text-align:right;font-variant-numeric:tabular-nums}"
             "tbody tr:nth-child(even){background:#f8f8f8}"
             "img{max-width:100%}figure{margin:1em 0}figcaption{font-size:12px;color:#555}"
             "blockquote{border-left:3px solid #aaa;margin:0;padding-left:1em;color:#333}"
             "pre{white-space:pre-wrap;font-size:12px}")
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>fieldcrypt benchmark</title><style>{style}</style></head><body>"
            "<h1>fieldcrypt benchmark</h1>"
            f"<blockquote>{html.escape(MODEL_NOTE)}</blockquote>"
            f"<nav>Charts: {nav}</nav><section id='charts'><h2>Charts</h2>{figs}</section>"
            f"<section id='tables'>{md_to_html(tables_md)}</section>"
            "</body></html>")


# ---------------------------------------------------------------------------------------------
# baseline

def baseline_entries(recs: list[dict], target: str = BASELINE_TARGET) -> dict:
    by = {r["operation"]: r for r in recs if r["target"] == target}
    return {op: {"cycles": by[op]["cycles"], "flash_bytes": by[op]["flash_bytes"]}
            for op in BASELINE_OPS if op in by}


def write_baseline(recs: list[dict], path: Path = BASELINE) -> dict:
    data = {"target": BASELINE_TARGET,
            "note": "Modelled Cortex-M0+ cycles (deterministic emulator) and bench-image flash. "
                    "Checked by tests/python/test_mcusim.py: fail on > 2 % more cycles or > 1 % "
                    "more flash. Refresh with `fieldcrypt bench --update-baseline`.",
            "tolerance": {"cycles": 0.02, "flash_bytes": 0.01},
            "operations": baseline_entries(recs)}
    Path(path).write_text(json.dumps(data, indent=2) + "\n")
    return data


def check_baseline(recs: list[dict], path: Path = BASELINE) -> list[str]:
    """Regressions against the baseline, as messages (empty: none)."""
    base = json.loads(Path(path).read_text())
    tol = base["tolerance"]
    now = baseline_entries(recs, base["target"])
    problems = []
    for op, b in base["operations"].items():
        n = now.get(op)
        if n is None:
            problems.append(f"{op}: not measured")
            continue
        for key in ("cycles", "flash_bytes"):
            if n[key] > b[key] * (1 + tol[key]):
                problems.append(f"{op}: {key} {n[key]:,} > baseline {b[key]:,} + {tol[key]:.0%}")
    return problems


# ---------------------------------------------------------------------------------------------
# energy / login delay

def energy_rows(recs: list[dict], energy: Energy, budget_mw: float, target: str) -> list[dict]:
    rows = []
    for r in recs:
        if r["target"] != target or r["kind"] != "proto":
            continue
        delay, factor = energy.delay(r["cycles"], budget_mw)
        rows.append({"operation": r["operation"], "cycles": r["cycles"],
                     "run_ms": round(energy.seconds(r["cycles"]) * 1e3, 1),
                     "energy_uj": round(energy.microjoules(r["cycles"]), 1),
                     "stretch": round(factor, 2), "delay_s": round(delay, 2)})
    p = paper()
    pc = p["table2"]["rows"][-1]["cycles"]
    delay, factor = energy.delay(pc, budget_mw)
    rows.append({"operation": "paper: complete PACE run (CHES 2017, M0 assembly)", "cycles": pc,
                 "run_ms": round(energy.seconds(pc) * 1e3, 1),
                 "energy_uj": round(energy.microjoules(pc), 1), "stretch": round(factor, 2),
                 "delay_s": round(delay, 2)})
    return rows
