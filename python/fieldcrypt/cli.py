"""The `fieldcrypt` command: selftest, providers, speed, mcu-report."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import fieldcrypt as fc
from fieldcrypt import mcu
from fieldcrypt.progress import Bar


def _table(headers: list[str], rows: list[list[str]], left: bool = False) -> str:
    """Columns padded to their widest cell; the first left-aligned, the others right-aligned
    (numbers) or, with left, left-aligned too."""
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    def line(cells):
        text = "  ".join(str(c).rjust(w) if i and not left else str(c).ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths)))
        return text.rstrip() if left else text
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


FLAG_ABBREV = {"constant-time": "ct", "sliceable": "sliceable", "hardware": "hw"}
JOB_FAMILIES = ("hash", "xdh", "map")   # the families engine.h starts jobs of


def cmd_providers(args) -> int:
    infos = fc.provider_info()
    print("chains (a call goes to the first provider of the chain that has the algorithm; "
          "a call one declines goes to the next):")
    for info in infos:
        mark = " (default)" if info["default"] else ""
        print(f"  {' -> '.join(info['chain'])}{mark}")
    for info in infos:
        print(f"\n{info['name']}: {info['description']}")
        own = info["implements"]
        print(f"    runs itself: {' '.join(own) if own else '(nothing)'}")
        passed: dict[str, list[str]] = {}
        for alg, a in info["algorithms"].items():
            if not a["implements"] and a["supports"]:
                passed.setdefault(a["runs_on"], []).append(alg)
        for to, algs in passed.items():
            print(f"    from {to}: {' '.join(algs)}")
        missing = [alg for alg, a in info["algorithms"].items() if not a["supports"]]
        if missing:
            print(f"    not in its chain: {' '.join(missing)}")
    rows = []
    for alg in fc.algorithms():
        cells = [alg]
        for info in infos:
            a = info["algorithms"][alg]
            if a["implements"]:
                # a mode (HMAC, HKDF) reports its base's flags; only the hash, xdh and map
                # families have engine jobs, so only there does "sliceable" mean something
                flags = ", ".join(FLAG_ABBREV.get(f, f) for f in a["flags"]
                                  if f != "sliceable" or fc.algorithm_info(alg).family in JOB_FAMILIES)
                cells.append(f"own ({flags})" if flags else "own")
            elif a["supports"]:
                cells.append(f"-> {a['runs_on']}")
            else:
                cells.append("-")
        rows.append(cells)
    print()
    print(_table(["algorithm"] + [i["name"] for i in infos], rows, left=True))
    print("own: the provider's implementation (or the core's HMAC/HKDF/XSalsa20 over one of its\n"
          "own); -> p: the provider lacks it, p (next in its chain) runs it; ct: constant time;\n"
          "sliceable: also runs as an engine job (fieldcrypt.engine); hw: drives hardware")
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
    ref = "soft" if "soft" in provs else provs[0]   # fieldcrypt's own code: in every build
    others = [p for p in provs if p != ref]
    headers = ["operation"] + provs + [f"{ref}/{p}" for p in others]
    rows, through = [], False
    for label, alg, nbytes, make in speed_cases():
        secs = {}
        for p in provs:
            if fc.supports(p, alg):
                secs[p] = _time(make(p), args.seconds)
        cells = [label]
        for p in provs:
            if p not in secs:
                cells.append("-")
                continue
            cell = (f"{nbytes / secs[p] / 2**20:.1f} MiB/s" if nbytes else f"{1 / secs[p]:.0f} op/s")
            if not fc.implements(p, alg):
                cell += " *"     # the provider lacks it: the next of its chain ran it
                through = True
            cells.append(cell)
        for p in others:
            if ref in secs and p in secs:
                cells.append(f"{secs[ref] / secs[p]:.2f}x time")
            else:
                cells.append("-")
        rows.append(cells)
    print(_table(headers, rows))
    if through:
        print("*: the provider does not implement it; the next provider of its chain ran the call.")
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
    print("indirect calls: a call through a descriptor may reach every operation of that family\n"
          "in the build's descriptors (a bound over the family: fc_hash with SHA-256 counts\n"
          "SHA-512's frames); '+ user callback': an fc_rng fill, self-test report or cycle counter\n"
          "is called, whose stack comes on top.")
    for p in rep["problems"]:
        print(f"problem: {p}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rep, f, indent=2)
            f.write("\n")
    return 1 if unsound or rep["problems"] else 0


def cmd_login(args) -> int:
    """Password login over TCP or a serial line; prints who authenticated and a fingerprint of
    the session key (never the key). Exit 0 on success, 1 when the login fails, 2 on setup."""
    import socket

    from fieldcrypt import login as fl

    def fail(msg: str, code: int = 1) -> int:
        print(f"fieldcrypt login: {msg}", file=sys.stderr, flush=True)
        return code

    def address(text: str):
        host, sep, port = text.rpartition(":")
        if not sep or not port.isdigit():
            raise ValueError(f"expected HOST:PORT, got {text!r}")
        return host.strip("[]") or "127.0.0.1", int(port)

    peer_role = "handheld" if args.role == "device" else "device"
    own_id = (args.id or f"fieldcrypt-{args.role}").encode()
    if not 1 <= len(own_id) <= fl.MAX_ID:
        return fail(f"--id must be 1..{fl.MAX_ID} bytes", 2)
    if args.sessions < 1 or not args.timeout > 0:
        return fail("--sessions and --timeout must be positive", 2)
    try:
        with open(args.password_file, "rb") as f:
            password = f.read()
    except OSError as e:
        return fail(f"cannot read the password file: {e}", 2)
    password = password[:-2] if password.endswith(b"\r\n") else password.removesuffix(b"\n")
    if not password:
        return fail("the password file is empty", 2)
    # a device keeps only its credential (PRS / K_pi), derived here as at provisioning; the C
    # library refuses a suite this build lacks (FC_ERR_UNSUPPORTED: fc_login_suite's
    # "available", e.g. cpace19119 in a build without FC_WITH_X19119)
    try:
        secret = fl.credential(args.suite, password, own_id) if args.role == "device" else password
        fl.Login(args.role, args.suite, secret, own_id).wipe()
    except fc.FieldcryptError as e:
        return fail(f"suite {args.suite}: {e}", 2)

    def session(link, idle_first=False) -> int:
        link.ble_fragments = args.ble_fragments
        login = fl.Login(args.role, args.suite, secret, own_id)
        try:
            peer_id, key = fl.run_session(link, login, args.timeout, idle_first)
        except fl.LoginError as e:
            if e.status == fl.ERR_PEER:
                why = f"the {peer_role} aborted: {fl.status_str(e.peer_status)}"
                if e.peer_status == fc.ERR_VERIFY:
                    why += " (wrong password?)"
            elif e.status == fc.ERR_VERIFY:
                why = f"{fl.status_str(e.status)}: the {peer_role} holds a different password"
            else:
                why = fl.status_str(e.status)
            return fail(f"{args.suite} login failed: {why}")
        finally:
            link.close()
        name = peer_id.decode(errors="backslashreplace")
        print(f"fieldcrypt login: {args.role} {own_id.decode(errors='backslashreplace')!r} "
              f"authenticated {peer_role} {name!r} ({args.suite})", flush=True)
        print(f"session key fingerprint: {fl.fingerprint(key)}", flush=True)
        return 0

    try:
        if args.serial:
            code = 1
            for i in range(args.sessions if args.role == "device" else 1):
                link = fl.SerialLink(args.serial)
                if i > 0:
                    link.flush_input()  # leftovers of the last session are not a new HELLO
                code = session(link, idle_first=args.role == "device")
            return code
        if args.connect:
            host, port = address(args.connect)
            deadline = time.monotonic() + args.timeout
            while True:  # the device may still be starting: retry until the deadline
                try:
                    sock = socket.create_connection((host, port), timeout=args.timeout)
                    break
                except (ConnectionRefusedError, FileNotFoundError):
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            return session(fl.TcpLink(sock, args.timeout))
        host, port = address(args.listen)
        with socket.create_server((host, port)) as srv:
            print(f"fieldcrypt login: {args.suite} device listening on "
                  f"{srv.getsockname()[0]}:{srv.getsockname()[1]}", file=sys.stderr, flush=True)
            code = 1
            for _ in range(args.sessions):
                conn, _peer = srv.accept()
                code = session(fl.TcpLink(conn, args.timeout))
            return code
    except ValueError as e:
        return fail(str(e), 2)
    except OSError as e:
        return fail(f"link: {e}", 2)


def _energy_model(args):
    from fieldcrypt import bench as fcbench
    return fcbench.Energy(mhz=args.mhz, volts=args.volts, milliamps=args.milliamps)


def _add_energy_options(p) -> None:
    p.add_argument("--mhz", type=float, default=16.0, help="core clock (default 16, the paper's)")
    p.add_argument("--volts", type=float, default=2.0, help="supply voltage (default 2)")
    p.add_argument("--milliamps", type=float, default=4.3, help="current of the running core (default 4.3)")


def cmd_bench(args) -> int:
    from fieldcrypt import bench as fcbench
    energy = _energy_model(args)
    t0 = time.perf_counter()

    targets = args.targets.split(",") if args.targets else list(fcbench.mcubench.TARGETS)
    # one step per message of collect_mcu (a build and a result per target, the start of the
    # runs) and collect_host (up to three)
    bar = Bar(2 * len(targets) + 1 + (0 if args.no_host else 3)
              + (3 * len(targets) + 1 if args.rsa else 0), "bench")

    def progress(msg: str) -> None:
        bar.log(f"[bench {time.perf_counter() - t0:6.1f} s] {msg}")
        bar.advance(note=msg.split(":")[0])

    rsa_rows = peer_runs = peer_tables = accel_runs = None
    try:
        runs = fcbench.collect_mcu(targets, progress, args.jobs, all_curves=args.all_curves)
        host = None if args.no_host else fcbench.collect_host(progress)
        if args.rsa:
            from fieldcrypt import rsabench
            rsa_rows = rsabench.collect(targets, progress, args.jobs)
        if args.peers:
            from fieldcrypt import peerbench
            # the per-operation flash (one image per operation, linked, not run) at -Os only
            # with --rsa the peer images also run RSA-2048 (fieldcrypt and mbedTLS)
            peer_runs = peerbench.compare(targets, ("-Os", "-O2"), fetch=True, progress=progress,
                                          footprint_opts=("-Os",),
                                          ops=peerbench.OPS if args.rsa else peerbench.DEFAULT_OPS)
        if args.accel:
            from fieldcrypt import accelbench
            accel_runs = accelbench.collect(progress=progress)
    finally:
        bar.close()
    recs = fcbench.records(runs, host, energy)
    md = fcbench.markdown(recs, energy, runs)
    if rsa_rows is not None:
        md += "\n" + rsabench.markdown(rsa_rows)
    if peer_runs is not None:
        from fieldcrypt import peertables
        tmd, peer_tables = peertables.tables(peer_runs, rsa_rows)
        md += ("\n## Beside the peer libraries\n\n" + peerbench.markdown(peer_runs) + "\n"
               + "\n## The peers in the seeds' tables\n\n" + tmd)
    if accel_runs is not None:
        md += "\n" + accelbench.markdown(accel_runs) + "\n"
    engine = {t: fcbench.engine_summary(r, energy) for t, r in runs.items()}
    for t, summary in engine.items():
        md += "\n" + fcbench.engine_markdown(summary, t, energy)
    power_figures = {}
    ptarget = "cortex-m0plus" if "cortex-m0plus" in engine else next(iter(engine), None)
    if ptarget is not None:
        pmd, power_figures = fcbench.power_report(engine[ptarget], ptarget, energy,
                                                  args.power_plot, args.power_svg)
        md += "\n" + pmd
    if args.engine_slices and ptarget is not None:
        with open(args.engine_slices, "w") as f:
            json.dump({"target": ptarget, "clock_hz": energy.mhz * 1e6,
                       "operation": "cpace device login (slice engine)",
                       "slices": engine[ptarget]["login_slices"]}, f)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(md + "\n")
    if not args.markdown or args.stdout:
        print(md)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"note": fcbench.MODEL_NOTE, "energy_model": vars(energy),
                       "records": recs, "paper": fcbench.paper_rows(recs),
                       "engine": engine, "power": power_figures, "rsa": rsa_rows,
                       "peers": peer_runs, "peer_tables": peer_tables,
                       "accelerators": accel_runs and accelbench.rows(accel_runs)}, f, indent=1)
    if args.html:
        progress("charts")
        with open(args.html, "w") as f:
            f.write(fcbench.html_page(recs, energy, runs, md))
        if peer_runs is not None:
            # the peers' charts (inline SVG) and tables on a page of their own beside it
            from fieldcrypt import peertables
            peer_html = Path(args.html).with_name(Path(args.html).stem + "-peers.html")
            peer_md = (peerbench.markdown(peer_runs) + "\n\n"
                       + peertables.tables(peer_runs, rsa_rows)[0])
            peer_html.write_text(peertables.html_page(peer_runs, peer_md))
            progress(f"peer charts written to {peer_html}")
    bad = [t for t, r in runs.items() if not r["kat_ok"]]
    for t in bad:
        print(f"bench: {t}: known-answer check FAILED (exit {runs[t]['exit_code']}) "
              f"{runs[t]['error']}", file=sys.stderr)
    if args.update_baseline and not bad:
        fcbench.write_baseline(recs)
        progress(f"baseline written to {fcbench.BASELINE}")
    elif fcbench.BASELINE.exists() and fcbench.BASELINE_TARGET in runs:
        for msg in fcbench.check_baseline(recs):
            print(f"bench: regression: {msg}", file=sys.stderr)
    progress("done")
    return 1 if bad else 0


def cmd_energy(args) -> int:
    from fieldcrypt import bench as fcbench
    energy = _energy_model(args)
    if args.results:
        with open(args.results) as f:
            recs = json.load(f)["records"]
    else:
        run = fcbench.collect_mcu([args.target], lambda m: print(m, file=sys.stderr))
        recs = fcbench.records(run, None, energy)
    rows = fcbench.energy_rows(recs, energy, args.power_mw, args.target)
    print(f"{args.target}, {energy.describe()}; crypto power budget {args.power_mw:g} mW: "
          f"delay = cycles / f * (I*V / P) when I*V > P (cycles modelled, not measured)")
    print(_table(["protocol side", "cycles", "run ms", "energy uJ", "stretch", "login delay s"],
                 [[r["operation"], f"{r['cycles']:,}", f"{r['run_ms']:.1f}", f"{r['energy_uj']:.1f}",
                   f"{r['stretch']:.2f}", f"{r['delay_s']:.2f}"] for r in rows]))
    return 0


def cmd_power(args) -> int:
    from fieldcrypt import power
    params = power.Params(p_in=args.p_in, p_radio=args.p_radio, current=args.current,
                          voltage=args.voltage, p_sleep=args.sleep_power,
                          clock_hz=args.clock or 16e6, capacity=args.buffer, initial=args.initial)
    return power.command(args.slices, params, args.clock is not None, args.plot, args.svg,
                         args.json, args.sweep)


class _Version(argparse.Action):
    """--version on one line (argparse's own wraps the library path)."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"fieldcrypt {fc.version()} ({fc.library_path()})")
        parser.exit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fieldcrypt", description=__doc__)
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="print the library's version and where it was loaded from")
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
    p = sub.add_parser("login", help="password login of a handheld to a device (TCP or serial)")
    p.add_argument("--role", required=True, choices=["device", "handheld"])
    from fieldcrypt import login as fl  # the wire format's suite table, from the library
    p.add_argument("--suite", required=True, choices=list(fl.SUITES))
    p.add_argument("--password-file", required=True, metavar="F",
                   help="file holding the password (one trailing newline is dropped)")
    link = p.add_mutually_exclusive_group(required=True)
    link.add_argument("--listen", metavar="HOST:PORT", help="device: serve logins over TCP")
    link.add_argument("--connect", metavar="HOST:PORT", help="handheld: log in over TCP")
    link.add_argument("--serial", metavar="DEV", help="a serial device or pty (raw mode)")
    p.add_argument("--id", help="this side's identity (1..32 bytes; default fieldcrypt-ROLE)")
    p.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                   help="deadline for each frame of a session (default 10)")
    p.add_argument("--ble-fragments", action="store_true",
                   help="send frames as 20-byte writes, as BLE ATT payloads")
    p.add_argument("--sessions", type=int, default=1, metavar="N",
                   help="device: serve N sessions one after the other; exit with the last")
    p.set_defaults(func=cmd_login)
    p = sub.add_parser("bench", help="modelled MCU cycles (every target) and host counts: "
                       "Markdown, JSON, HTML, compared with CHES 2017")
    p.add_argument("--targets", help="comma-separated MCU targets (default: all)")
    p.add_argument("--no-host", action="store_true", help="skip the host measurements")
    p.add_argument("--markdown", metavar="PATH", help="write the Markdown report here")
    p.add_argument("--stdout", action="store_true", help="print the Markdown also with --markdown")
    p.add_argument("--json", metavar="PATH", help="one record per target x provider x operation")
    p.add_argument("--html", metavar="PATH", help="self-contained HTML page with charts")
    p.add_argument("--jobs", type=int, help="emulator processes in parallel")
    p.add_argument("--rsa", action="store_true",
                   help="also time RSA-2048 and RSA-4096, public and private, in one call and "
                        "sliced (python/fieldcrypt/rsabench.py): several minutes per target")
    p.add_argument("--peers", action="store_true",
                   help="also build the peer libraries (fetched at pinned versions, see "
                        "`fieldcrypt peers`) and fieldcrypt into one comparison image each, at "
                        "-Os and -O2, and time the same operations (python/fieldcrypt/peerbench.py); "
                        "the seed tables (peertables.py) and the flash per operation go into the "
                        "Markdown and JSON, the peers' SVG charts into <html>-peers.html")
    p.add_argument("--accel", action="store_true",
                   help="also run the symmetric operations through the modelled accelerators "
                        "(nRF51 ECB, Kinetis mmCAU, CryptoCell-310) beside soft, with their "
                        "energy (python/fieldcrypt/accelbench.py): a few minutes")
    p.add_argument("--all-curves", action="store_true",
                   help="also time the ten Weierstrass curves besides P-256 (ECDH, ECDSA sign "
                        "and verify, public key): some 15 times the emulated instructions of "
                        "the default image, over 20 minutes on the M0+ model")
    p.add_argument("--power-plot", metavar="PNG", help="buffer level over the sliced login (PNG)")
    p.add_argument("--power-svg", metavar="SVG", help="the same plot as SVG")
    p.add_argument("--engine-slices", metavar="JSON",
                   help="write the sliced login's slices for `fieldcrypt power --slices`")
    p.add_argument("--update-baseline", action="store_true",
                   help="write bench/baseline.json from this run (Cortex-M0+)")
    _add_energy_options(p)
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("energy", help="energy and login delay of the protocol runs at a power budget")
    p.add_argument("--power-mw", type=float, default=1.0,
                   help="average power for crypto (default 1 mW, CHES 2017 section 9.4)")
    p.add_argument("--target", default="cortex-m0plus", choices=["cortex-m0", "cortex-m0plus", "cortex-m4", "rv32imac"])
    p.add_argument("--results", metavar="JSON", help="use a `fieldcrypt bench --json` file instead of running")
    _add_energy_options(p)
    p.set_defaults(func=cmd_energy)
    p = sub.add_parser("power", help="login delay of a sliced computation on harvested power "
                       "through a small energy buffer (event-driven simulation)")
    p.add_argument("--slices", required=True, metavar="JSON",
                   help='{"clock_hz": ..., "slices": [{"cycles": N, "label": "..."}, ...]} or [N, ...]')
    p.add_argument("--p-in", type=float, default=1.5e-3, metavar="W", help="harvested power (1.5e-3)")
    p.add_argument("--p-radio", type=float, default=0.5e-3, metavar="W",
                   help="radio link, drawn all the time (0.5e-3)")
    p.add_argument("--current", type=float, default=4.3e-3, metavar="A", help="running chip (4.3e-3)")
    p.add_argument("--voltage", type=float, default=2.0, metavar="V", help="supply (2.0)")
    p.add_argument("--sleep-power", type=float, default=0.0, metavar="W", help="asleep (0)")
    p.add_argument("--clock", type=float, metavar="HZ", help="default: the file's clock_hz, else 16e6")
    p.add_argument("--buffer", type=float, default=150e-6, metavar="J", help="usable buffer (150e-6)")
    p.add_argument("--initial", type=float, default=1.0, metavar="FRACTION",
                   help="buffer level at the start (1.0 = full)")
    p.add_argument("--plot", metavar="PNG", help="buffer level over time")
    p.add_argument("--svg", metavar="SVG", help="the same plot as SVG")
    p.add_argument("--json", metavar="PATH", help="parameters, result and sweep as JSON")
    p.add_argument("--sweep", action="store_true", help="delay against harvest and buffer size")
    p.set_defaults(func=cmd_power)
    from fieldcrypt import firmware  # `fieldcrypt device`: firmware/ in QEMU and the MCU runner
    from fieldcrypt import pairing  # `fieldcrypt pair`: the device firmware's BLE pairing
    from fieldcrypt import peers  # `fieldcrypt peers`: the peer libraries' pinned sources
    firmware.add_parser(sub)
    pairing.add_parser(sub)
    peers.add_parser(sub)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except fc.FieldcryptError as e:
        print(f"fieldcrypt: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
