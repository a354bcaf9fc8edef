"""The `fieldcrypt` command: selftest, providers, speed, mcu-report."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import fieldcrypt as fc
from fieldcrypt import mcu


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    def line(cells):
        return "  ".join(str(c).rjust(w) if i else str(c).ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths)))
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


def cmd_providers(args) -> int:
    for info in fc.provider_info():
        mark = " (default)" if info["default"] else ""
        print(f"{info['name']}{mark}: {info['description']}")
        print("    " + " ".join(info["algorithms"]))
    return 0


def cmd_selftest(args) -> int:
    names = [args.provider] if args.provider else fc.providers()
    failed = passed = skipped = 0
    rows = []
    for name in names:
        for alg, status in fc.selftest(name):
            if status == fc.OK:
                passed += 1
                verdict = "pass"
            elif status == fc.ERR_UNSUPPORTED:
                skipped += 1
                verdict = "-"
            else:
                failed += 1
                verdict = "FAIL " + fc._n.fc_status_str(status).decode()
            rows.append([name, alg, verdict])
    print(_table(["provider", "algorithm", "known-answer test"], rows))
    print(f"selftest: {passed} passed, {failed} failed, {skipped} skipped (not in provider)")
    return 1 if failed else 0


def _time(fn, min_seconds: float) -> float:
    """Seconds per call, from enough calls to run at least min_seconds."""
    n, elapsed = 1, 0.0
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - t0
        if elapsed >= min_seconds:
            return elapsed / n
        n *= 2 if elapsed < min_seconds / 8 else 4


def speed_cases():
    """(label, algorithm for supports(), bytes per call or 0, factory(provider) -> callable)"""
    msg = bytes(range(256)) * 64  # 16 KiB
    key32, nonce8, k = bytes(32), bytes(8), bytes(range(32))
    u = fc.x25519_base(k)
    return [
        ("SHA-256, 16 KiB", "sha256", len(msg), lambda p: lambda: fc.sha256(msg, p)),
        ("SHA-512, 16 KiB", "sha512", len(msg), lambda p: lambda: fc.sha512(msg, p)),
        ("HMAC-SHA-256, 16 KiB", "hmac-sha256", len(msg), lambda p: lambda: fc.hmac_sha256(key32, msg, p)),
        ("HMAC-SHA-512, 16 KiB", "hmac-sha512", len(msg), lambda p: lambda: fc.hmac_sha512(key32, msg, p)),
        ("HKDF-SHA-256, 64 B out", "hkdf-sha256", 0, lambda p: lambda: fc.hkdf_sha256(key32, b"s", b"i", 64, p)),
        ("Salsa20/20, 16 KiB", "salsa20", len(msg), lambda p: lambda: fc.salsa20(key32, nonce8, msg, p)),
        ("X25519 shared secret", "x25519", 0, lambda p: lambda: fc.x25519(k, u, p)),
        ("X25519 public key", "x25519", 0, lambda p: lambda: fc.x25519_base(k, p)),
        ("Elligator2 map", "elligator2-curve25519", 0, lambda p: lambda: fc.elligator2_curve25519(k, p)),
    ]


def cmd_speed(args) -> int:
    provs = fc.providers()
    headers = ["operation"] + [f"{p}" for p in provs]
    if len(provs) > 1:
        headers += [f"{provs[0]}/{p}" for p in provs[1:]]
    rows = []
    for label, alg, nbytes, make in speed_cases():
        secs = {}
        for p in provs:
            if fc.supports(p, alg):
                secs[p] = _time(make(p), args.seconds)
        cells = [label]
        for p in provs:
            if p not in secs:
                cells.append("-")
            elif nbytes:
                cells.append(f"{nbytes / secs[p] / 2**20:.1f} MiB/s")
            else:
                cells.append(f"{1 / secs[p]:.0f} op/s")
        for p in provs[1:]:
            if provs[0] in secs and p in secs:
                cells.append(f"{secs[provs[0]] / secs[p]:.2f}x time")
            else:
                cells.append("-")
        rows.append(cells)
    print(_table(headers, rows))
    print("Wall-clock on this (shared) machine through the Python binding: compare the ratios\n"
          "within one run, not the absolute figures. Modelled MCU cycles come from `fieldcrypt bench`.")
    return 0


def cmd_mcu_report(args) -> int:
    try:
        rep = mcu.mcu_report(args.target)
    except subprocess.CalledProcessError as e:
        print(f"fieldcrypt: {' '.join(map(str, e.cmd))} failed:\n{e.stdout}{e.stderr}", file=sys.stderr)
        return 2
    print(f"{rep['target']}: {rep['library_path']} (MinSizeRel)\n")
    cols = ["text", "data", "bss", "flash"]
    rows = [[r["object"], r["dir"]] + [r[c] for c in cols] for r in rep["flash"]]
    rows.append(["total", ""] + [rep["flash_total"][c] for c in cols])
    print(_table(["object", "dir"] + cols, rows))
    print("flash = text + data (text includes read-only data)\n")
    rows, paths, unsound = [], [], []
    for r in rep["stack"]:
        notes = [f"{k}: {', '.join(r[k])}" for k in ("unresolved", "recursion", "unknown_frame",
                                                      "unknown_callee") if r[k]]
        unsound += notes
        if r["callbacks"]:
            notes.append("+ user callback")
        rows.append([r["function"], r["frame"], r["worst"], "; ".join(notes) or "-"])
        paths.append(" > ".join(f"{k}({f})" for k, f in r["path"]))
    # the path column is left-aligned, after the table's right-aligned numbers
    head = "deepest path (frame bytes)"
    lines = _table(["function", "own", "worst", "notes"], rows).splitlines()
    tails = [head, "-" * len(head)] + paths
    print("\n".join(f"{line}  {tail}" for line, tail in zip(lines, tails)))
    lib = ", ".join(f"{k} {v['frame']}" for k, v in rep["library"].items())
    print(f"library frames: {lib} ({'; '.join(sorted({v['how'] for v in rep['library'].values()}))})")
    print("indirect calls: each provider-table call may reach every function of the provider\n"
          "files mapped in fieldcrypt.mcu.INDIRECT_TARGETS (a bound over all algorithms of a front\n"
          "end: fc_sha256 counts SHA-512's frames); '+ user callback': an fc_rng fill or self-test\n"
          "report function is called, whose stack comes on top.")
    for p in rep["problems"]:
        print(f"problem: {p}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rep, f, indent=2)
            f.write("\n")
    return 1 if unsound or rep["problems"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fieldcrypt", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("selftest", help="known-answer test of every primitive and provider")
    p.add_argument("--provider", help="only this provider")
    p.set_defaults(func=cmd_selftest)
    p = sub.add_parser("providers", help="list the providers and what each implements")
    p.set_defaults(func=cmd_providers)
    p = sub.add_parser("speed", help="host wall-clock speed of each primitive per provider")
    p.add_argument("--seconds", type=float, default=0.2, help="minimum time per measurement")
    p.set_defaults(func=cmd_speed)
    p = sub.add_parser("mcu-report", help="cross-build a target: flash per object, worst-case stack")
    p.add_argument("--target", default="cortex-m0plus", choices=sorted(mcu.TARGETS))
    p.add_argument("--json", metavar="PATH", help="also write the whole report as JSON")
    p.set_defaults(func=cmd_mcu_report)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except fc.FieldcryptError as e:
        print(f"fieldcrypt: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
