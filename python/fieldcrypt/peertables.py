"""The peer comparison (peerbench.py) shaped like three published tables, so its figures can be
read beside theirs (the seeds under /work/shared/seeds, cited below by their own titles):

- seed 003, the uTasker "Cryptography" document (V0.04, 2018): AES set encryption key / encrypt
  32 bytes / set decryption key / decrypt 32 bytes in microseconds on a 120 MHz K64 (Cortex-M4)
  and a 48 MHz KL43 (Cortex-M0+), and the flash / RAM of each library build;
- seed 002, Nuclei's "MbedTLS Optimized using Nuclei Crypto Engine": KiB/s and cycles/byte,
  sign/s, verify/s, public/s, private/s and full handshakes/s at 30 MHz on an N300 (RV32);
- seed 000, "BLE Series | Part 3" (R. Idil, 2019): LE Secure Connections key pair generation
  and DHKey on an nRF52840 (Cortex-M4F at 64 MHz), its current and the firmware size.

Every cell of ours is modelled: cycles from the project's instruction-level models (mcusim.py,
zero wait states), turned into time at the seed's clock; flash and RAM from the link map of an
image of those operations alone (peerbench.footprint). The seeds' own figures (silicon) are
printed beside, named, where the seed gives them. Everything here works from the result
dicts of peerbench.compare (canned ones in the tests): nothing is built or run.
"""
from __future__ import annotations

import html as _html

from .peerbench import AES_SET_STEPS, OPS

MODELLED = ("All cells of fieldcrypt and the peers are modelled (instruction-level cycle model, "
            "zero wait states, -Os), not measured on silicon; the seed's figures are silicon "
            "and are printed only as a reference, named.")

# ---------------------------------------------------------------------------------------------
# seed 003: uTasker, AES on a K64 (120 MHz, M4) and a KL43 (48 MHz, M0+)

S003_LIBS = (("fieldcrypt", "fieldcrypt"), ("mbedtls-rom", "mbedTLS, ROM tables"),
             ("mbedtls", "mbedTLS, generated RAM tables"), ("wolfssl", "wolfSSL"))
S003_TARGETS = (("cortex-m4", 120.0, "Cortex-M4 model @ 120 MHz"),
                ("cortex-m0plus", 48.0, "Cortex-M0+ model @ 48 MHz"))
# the seed's tables (µs; bytes), "CAU disabled", GCC optimising for size
S003_SEED_TIMES = (
    ("seed 003: K64 @ 120 MHz, AES-256 (silicon)",
     {"wolfssl": "15.5 / 73.0 / 61.3 / 71.1", "mbedtls-rom": "11.5 / 59.7 / 59.6 / 61.5",
      "mbedtls": "8.5 / 35.6 / 33.8 / 35.8"}),
    ("seed 003: K64 @ 120 MHz, AES-128 (silicon)", {"mbedtls-rom": "8.4 / 46.8 / 42.5 / 48.5"}),
    ("seed 003: KL43 (M0+) @ 48 MHz, AES-256 (silicon)",
     {"mbedtls-rom": "27.8 / 159 / 147 / 154"}),
)
S003_SEED_MEMORY = ("seed 003: K64, AES-256, CAU disabled (not including the application)",
                    {"wolfssl": "13,624 / ~250", "mbedtls-rom": "11,500 / ~250",
                     "mbedtls": "3,276 / ~9,000"})

# ---------------------------------------------------------------------------------------------
# seed 002: Nuclei, mbedTLS on an N300 at 30 MHz

S002_MHZ = 30.0
S002_TARGETS = (("rv32imac", "RV32 model (N300's stand-in)"), ("cortex-m4", "Cortex-M4 model"))
S002_LIBS = (("fieldcrypt", "fieldcrypt"), ("mbedtls", "mbedTLS 3.6"))
# (row, unit, how to get cycles per unit from a run, seed's "software implement",
#  seed's engine in UDMA mode, seed's engine in CPU mode)
S002_ROWS = (
    ("SHA-256", "bytes", ("sha256_2k",), "575 KiB/s, 50 cycles/byte",
     "13145 KiB/s, 2 cycles/byte", "1988 KiB/s, 14 cycles/byte"),
    ("AES-CBC-128", "bytes", ("aes128_cbc_2k",), "406 KiB/s, 72 cycles/byte",
     "13818 KiB/s, 2 cycles/byte", "1873 KiB/s, 15 cycles/byte"),
    ("AES-GCM-128", "bytes", ("aes128_gcm_2k",), "201 KiB/s, 145 cycles/byte",
     "11385 KiB/s, 2 cycles/byte", "2307 KiB/s, 12 cycles/byte"),
    ("AES-CCM-128", "bytes", ("aes128_ccm_2k",), "189 KiB/s, 154 cycles/byte",
     "9104 KiB/s, 3 cycles/byte", "2315 KiB/s, 12 cycles/byte"),
    ("RSA-2048", "public/s", ("rsa2048_public",), "8 public/s", "442 public/s", "442 public/s"),
    ("RSA-2048", "private/s", ("rsa2048_private",), "0 private/s", "5 private/s",
     "5 private/s"),
    ("ECDSA-secp256r1", "sign/s", ("p256_sign",), "5 sign/s", "52 sign/s", "52 sign/s"),
    ("ECDSA-secp256r1", "verify/s", ("p256_verify",), "1 verify/s", "28 verify/s",
     "28 verify/s"),
    # mbedTLS's benchmark: a full handshake is both sides' key generation and shared secret
    ("ECDHE-secp256r1", "full handshake/s", ("p256_keygen", "p256_keygen", "p256_ecdh",
                                              "p256_ecdh"), "0 full handshake/s",
     "15 full handshake/s", "15 full handshake/s"),
    ("ECDHE-x25519", "full handshake/s", ("x25519",) * 4, "0 full handshake/s",
     "22 full handshake/s", "22 full handshake/s"),
)

# ---------------------------------------------------------------------------------------------
# seed 000: LE Secure Connections on an nRF52840 (Cortex-M4F, 64 MHz)

S000_TARGET, S000_MHZ = "cortex-m4", 64.0
S000_LIBS = (("fieldcrypt", "fieldcrypt"), ("micro-ecc", "micro-ecc"), ("p256-m", "p256-m"),
             ("mbedtls", "mbedTLS 3.6"))
# power.py has no model of a Cortex-M4 at 64 MHz (its parameters are the CHES 2017 M0 setting):
# the current is the seed's, the upper end of what it measured with micro-ecc (0.6 to 1.7 mA,
# the board's average over advertising and connection events), and the voltage the
# nRF52840 DK's supply (the seed gives none). Both are assumptions; energy scales with each.
S000_MILLIAMPS, S000_VOLTS = 1.7, 3.0
S000_SEED = {"micro-ecc": "0.113 s / 0.110 s; 0.6 to 1.7 mA (board average); firmware file "
                          "2,146,428 B"}
S000_SEED_CC310 = ("CC310 (hardware, seed 000)", "0.43 s / 0.14 s; 6.8 to 7.7 mA (board average); "
                   "firmware file 2,205,020 B")
LE_SC_OPS = ("p256_keygen", "p256_ecdh")


def _run(runs: list[dict], library: str, target: str, opt: str) -> dict | None:
    return next((r for r in runs if r.get("library") == library and r.get("target") == target
                 and r.get("opt") == opt), None)


def _cycles(run: dict | None, op: str) -> int | None:
    """The op's cycles in run, or None (absent, wrong, the image failed)."""
    if not run or op in run.get("wrong", ()):
        return None
    o = run.get("operations", {}).get(op)
    return o["cycles"] if o else None


def _skipped(runs: list[dict], libraries) -> list[str]:
    return [f"{r['library']}: skipped ({r['skipped']})" for r in runs
            if "skipped" in r and r["library"] in libraries]


def _footprint(run: dict | None, key: str) -> dict | None:
    return (run or {}).get("footprint", {}).get(key)


def _bytes(fp: dict | None) -> str:
    return f"{fp['flash']:,} / {fp['ram']:,}" if fp else "-"


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(head) + " |", "|" + "---|" * len(head),
            *("| " + " | ".join(r) + " |" for r in rows)]


def seed003(runs: list[dict], opt: str = "-Os") -> tuple[str, list[dict]]:
    """Seed 003's two tables: µs per step (set encryption key / encrypt 32 B / set decryption
    key / decrypt 32 B) at the seed's clocks, and the flash / static RAM of the library code
    and key schedules the AES set pulls in. Returns (Markdown, rows for the JSON)."""
    data, rows = [], []
    for target, mhz, label in S003_TARGETS:
        for bits in (128, 256):
            cells, row = [], {"target": target, "mhz": mhz, "bits": bits, "us": {}}
            for lib, _name in S003_LIBS:
                run = _run(runs, lib, target, opt)
                cyc = [_cycles(run, f"aes{bits}_{s}") for s in AES_SET_STEPS]
                if all(c is not None for c in cyc):
                    us = [c / mhz for c in cyc]
                    row["us"][lib] = us
                    cells.append(" / ".join(f"{u:.1f}" for u in us))
                else:
                    row["us"][lib] = None
                    cells.append("-")
            rows.append(row)
            data.append([f"AES-{bits}, {label}", *cells])
    for label, ref in S003_SEED_TIMES:
        data.append([label, *(ref.get(lib, "") for lib, _ in S003_LIBS)])
    mem, mem_rows = [], []
    for target, _mhz, label in S003_TARGETS:
        fps = {lib: _footprint(_run(runs, lib, target, opt), "aes_set") for lib, _ in S003_LIBS}
        mem_rows.append({"target": target, "bytes": fps})
        mem.append([f"{label.split(' @')[0]}, {opt}", *(_bytes(fps[lib]) for lib, _ in S003_LIBS)])
    mem.append([S003_SEED_MEMORY[0], *(S003_SEED_MEMORY[1].get(lib, "") for lib, _ in S003_LIBS)])
    names = [n for _, n in S003_LIBS]
    md = ["### Seed 003's AES table (uTasker: set key / encrypt 32 B / set decryption key / "
          "decrypt 32 B)", "",
          MODELLED + " Times are modelled cycles over the seed's clock (120 MHz for the "
          "Cortex-M4 model, 48 MHz for the M0+ model), µs; encrypt and decrypt are 32 bytes in "
          "ECB (two blocks; the seed's cover API chains CBC, the same two block calls and a "
          "32-byte XOR). A key is set once each way before the timed steps (mbedTLS's RAM "
          "tables are generated on first use, as at boot). The rows named \"seed 003\" are "
          "the seed's own silicon figures (K64 and KL43, CAU disabled).", "",
          *_table(["Processing times [set encryption key / encrypt 32 bytes / set decryption "
                   "key / decrypt 32 bytes] µs", *names], data), "",
          "Flash / RAM bytes of each build: the library's code and constants that an image of "
          "the eight AES steps alone keeps (its link map, --gc-sections), and its static RAM "
          "with the adapter's two key schedules (encryption and decryption instances), not "
          "the application calling it nor the C library.", "",
          *_table(["Memory [Flash / RAM] bytes", *names], mem)]
    md += ["", *_skipped(runs, {lib for lib, _ in S003_LIBS})]
    return "\n".join(md).rstrip() + "\n", rows + mem_rows


def _rate(cycles_per_unit: float | None, unit: str) -> str:
    if not cycles_per_unit:
        return "-"
    if unit == "bytes":
        return (f"{S002_MHZ * 1e6 / cycles_per_unit / 1024:,.0f} KiB/s, "
                f"{cycles_per_unit:,.1f} cycles/byte")
    v = S002_MHZ * 1e6 / cycles_per_unit
    return f"{v:,.1f} {unit}" if v < 100 else f"{v:,.0f} {unit}"


def _per_unit(run: dict | None, ops: tuple[str, ...], unit: str, rsa: dict) -> float | None:
    """Cycles per byte (unit "bytes") or per operation (the sum of ops' cycles)."""
    if ops[0].startswith("rsa2048"):   # the peer image's RSA op, else rsabench's figure
        return _cycles(run, ops[0]) or rsa.get(ops[0])
    if unit == "bytes":
        c = _cycles(run, ops[0])
        o = (run or {}).get("operations", {}).get(ops[0])
        return c / o["bytes"] if c and o and o.get("bytes") else None
    cs = [_cycles(run, op) for op in ops]
    return sum(cs) if cs and all(c is not None for c in cs) else None


def _rsa_cycles(rsa_rows, target: str) -> dict:
    for r in rsa_rows or ():
        if r.get("target") == target and r.get("bits") == 2048 and r.get("ok"):
            return {"rsa2048_public": r.get("public"), "rsa2048_private": r.get("private")}
    return {}


def seed002(runs: list[dict], rsa_rows: list[dict] | None = None,
            opt: str = "-Os") -> tuple[str, list[dict]]:
    """Seed 002's table at 30 MHz: fieldcrypt and mbedTLS 3.6 in software on the RV32 and
    M4 models; the accelerator columns "not modelled" (the seed's figures beside); RSA-2048
    from the peer images' RSA operations when they ran (`--rsa`), else fieldcrypt's from
    rsabench's rows."""
    head = ["Benchmark Algorithm"]
    for t, tl in S002_TARGETS:
        head += [f"{n}, {tl}" for _, n in S002_LIBS]
    head += ["HASH/CRYP/ACRYP engine (UDMA mode)", "HASH/CRYP/ACRYP engine (CPU mode)",
             "seed 002: software implement (N300 @ 30 MHz, silicon, mbedTLS 3.3)"]
    data, rows = [], []
    for name, unit, ops, soft, udma, cpu in S002_ROWS:
        cells, row = [name], {"algorithm": name, "unit": unit, "per_unit_cycles": {}}
        for t, _tl in S002_TARGETS:
            for lib, _n in S002_LIBS:
                rsa = _rsa_cycles(rsa_rows, t) if lib == "fieldcrypt" else {}
                v = _per_unit(_run(runs, lib, t, opt), ops, unit, rsa)
                row["per_unit_cycles"][f"{lib}/{t}"] = v
                cell = _rate(v, unit)
                if cell == "-" and ops[0].startswith("rsa2048"):
                    cell = "- (run with --rsa)"
                cells.append(cell)
        cells += [f"not modelled (seed: {udma})", f"not modelled (seed: {cpu})", soft]
        data.append(cells)
        rows.append(row)
    md = ["### Seed 002's table (Nuclei: mbedTLS at 30 MHz)", "",
          MODELLED + " Rates at 30 MHz, the seed's clock: KiB/s and cycles/byte over 2 KiB "
          "inputs, operations per second otherwise. A full ECDHE handshake is, as in "
          "mbedTLS's benchmark, both sides' key generation and shared secret: two P-256 "
          "public keys and two ECDH (X25519: four scalar multiplications, the key "
          "generations timed as variable-base ones). RSA-2048: the raw public (e = 65537) and "
          "private (CRT, blinded, result checked) operations of the peer images' RSA "
          "operations, run only with `--rsa` (fieldcrypt's falls back on rsabench's figure). "
          "Nuclei's HASH/CRYP/ACRYP engines are not modelled (the seed's figures are shown "
          "in their columns; the accelerators that are modelled, the nRF51 ECB, the Kinetis "
          "mmCAU and the CryptoCell-310, fill the same three columns in `fieldcrypt bench "
          "--accel`); the last column is the seed's software figures on its N300.", "",
          *_table(head, data)]
    md += ["", *_skipped(runs, {lib for lib, _ in S002_LIBS})]
    return "\n".join(md).rstrip() + "\n", rows


def seed000(runs: list[dict], opt: str = "-Os") -> tuple[str, list[dict]]:
    """Seed 000's comparison on the M4 model at 64 MHz: LE Secure Connections key pair
    generation (P-256 public key from a private key) and DHKey (P-256 ECDH with the peer key
    checked), time, the assumed current, energy, and the library flash of the two."""
    from .bench import Energy
    energy = Energy(mhz=S000_MHZ, volts=S000_VOLTS, milliamps=S000_MILLIAMPS)
    head = ["library", "key pair generation ms", "DHKey ms", "current mA (assumed)",
            "energy key pair µJ", "energy DHKey µJ", "flash / RAM B (both operations)",
            "seed 000 (nRF52840 silicon): key pair / DHKey; current; size"]
    data, rows = [], []
    for lib, name in S000_LIBS:
        run = _run(runs, lib, S000_TARGET, opt)
        kg, dh = _cycles(run, "p256_keygen"), _cycles(run, "p256_ecdh")
        fp = _footprint(run, "le_sc")
        rows.append({"library": lib, "keygen_cycles": kg, "dhkey_cycles": dh,
                     "keygen_ms": kg and 1e3 * energy.seconds(kg),
                     "dhkey_ms": dh and 1e3 * energy.seconds(dh),
                     "keygen_uj": kg and energy.microjoules(kg),
                     "dhkey_uj": dh and energy.microjoules(dh), "bytes": fp})
        data.append([name, f"{1e3 * energy.seconds(kg):.1f}" if kg else "-",
                     f"{1e3 * energy.seconds(dh):.1f}" if dh else "-", f"{S000_MILLIAMPS:g}",
                     f"{energy.microjoules(kg):,.0f}" if kg else "-",
                     f"{energy.microjoules(dh):,.0f}" if dh else "-", _bytes(fp),
                     S000_SEED.get(lib, "-")])
    data.append([S000_SEED_CC310[0], "not modelled", "not modelled", "-", "-", "-", "-",
                 S000_SEED_CC310[1]])
    md = ["### Seed 000's comparison (LE Secure Connections, P-256, nRF52840 at 64 MHz)", "",
          MODELLED + " Times are modelled cycles on the Cortex-M4 model over 64 MHz. Key pair "
          "generation is the public key of a given private key (the RNG's part left out); "
          "DHKey is P-256 ECDH with the peer's point validated. power.py has no model of a "
          f"Cortex-M4 at 64 MHz, so energy = time × {S000_MILLIAMPS:g} mA × {S000_VOLTS:g} V: "
          f"the current is seed 000's (the upper end of its 0.6 to 1.7 mA with micro-ecc, a "
          "board average over advertising and connection events, not a core current), the "
          "voltage an assumption (the nRF52840 DK's supply; the seed gives none). Flash / RAM: "
          "the library code an image of the two operations alone keeps (link map), not a "
          "firmware file as the seed's sizes are.", "", *_table(head, data)]
    md += ["", *_skipped(runs, {lib for lib, _ in S000_LIBS})]
    return "\n".join(md).rstrip() + "\n", rows


def op_flash(runs: list[dict], opt: str = "-Os") -> str:
    """Per target: the library flash / static RAM each operation pulls in (one image per
    operation, peerbench.footprint), one column per library."""
    out = []
    for t in dict.fromkeys(r["target"] for r in runs if "target" in r):
        rs = [r for r in runs if r.get("target") == t and r.get("opt") == opt and r.get("footprint")]
        if not rs:
            continue
        data = []
        for op in OPS:
            # only what the library has and answered right (an absent one links to nothing)
            cells = [_bytes(r["footprint"].get(op)) if _cycles(r, op) is not None else "-"
                     for r in rs]
            if any(c != "-" for c in cells):
                data.append([op, *cells])
        out += ["", f"#### {t}, {opt}: library flash / RAM bytes per operation", "",
                *_table(["operation", *(r["library"] for r in rs)], data)]
    if not out:
        return ""
    return "\n".join(["### Flash per operation (link map of one image per operation)", "",
                      "Each cell: the library's code and constants that an image of that one "
                      "operation keeps (linked with --gc-sections; the map's input sections of "
                      "the library's objects, fieldcrypt's archive members), and the static RAM "
                      "of those objects and of the adapter's instances. The C library and "
                      "libgcc helpers, the start-up code and the comparison's own main are "
                      "left out.", *out]) + "\n"


def tables(runs: list[dict], rsa_rows: list[dict] | None = None) -> tuple[str, dict]:
    """The three seed tables and the per-operation flash: (Markdown, JSON-able dict)."""
    md3, j3 = seed003(runs)
    md2, j2 = seed002(runs, rsa_rows)
    md0, j0 = seed000(runs)
    md = "\n".join([md3, md2, md0, op_flash(runs)])
    return md, {"modelled": MODELLED, "seed003": j3, "seed002": j2, "seed000": j0}


# ---------------------------------------------------------------------------------------------
# HTML: the Markdown's tables and an SVG bar chart per target and level

def _esc(s) -> str:
    return _html.escape(str(s), quote=True)


def svg_chart(runs: list[dict], target: str, opt: str) -> str:
    """Horizontal bars, one group per operation and a bar per library, each bar's length its
    cycles relative to the slowest library of that operation (log-free, so each group reads
    on its own), the cycle count written beside."""
    rs = [r for r in runs if r.get("target") == target and r.get("opt") == opt]
    libs = [r["library"] for r in rs]
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
               "#7f7f7f"]
    bar, gap, left, width = 11, 8, 190, 420
    groups = []
    for op in OPS:
        vals = [(lib, _cycles(r, op)) for lib, r in zip(libs, rs)]
        vals = [(lib, c) for lib, c in vals if c]
        if vals:
            groups.append((op, vals))
    height = sum(len(v) * bar + gap for _, v in groups) + 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 160}" '
             f'height="{height}" font-family="sans-serif" font-size="10">',
             f'<text x="4" y="14" font-size="12">{_esc(target)}, {_esc(opt)}: modelled cycles '
             f'(bar: relative to the slowest library of the operation)</text>']
    y = 26
    for op, vals in groups:
        top = max(c for _, c in vals)
        parts.append(f'<text x="4" y="{y + bar - 2}">{_esc(op)}</text>')
        for lib, c in vals:
            w = max(1, round(width * c / top))
            colour = colours[libs.index(lib) % len(colours)]
            parts.append(f'<rect x="{left}" y="{y}" width="{w}" height="{bar - 2}" '
                         f'fill="{colour}"><title>{_esc(lib)}: {c:,} cycles</title></rect>')
            parts.append(f'<text x="{left + w + 4}" y="{y + bar - 3}">{_esc(lib)} {c:,}</text>')
            y += bar
        y += gap
    parts.append("</svg>")
    return "\n".join(parts)


def _md_to_html(md: str) -> str:
    """The report's Markdown (headings, paragraphs, pipe tables) as HTML."""
    out, table = [], []

    def flush():
        if table:
            rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in table
                    if not set(line.replace("|", "").strip()) <= set("-: ")]
            out.append("<table>")
            for i, r in enumerate(rows):
                tag = "th" if i == 0 else "td"
                out.append("<tr>" + "".join(f"<{tag}>{_esc(c)}</{tag}>" for c in r) + "</tr>")
            out.append("</table>")
            table.clear()

    for line in md.splitlines():
        if line.startswith("|"):
            table.append(line)
            continue
        flush()
        if line.startswith("#"):
            level = min(len(line) - len(line.lstrip("#")), 6)
            out.append(f"<h{level}>{_esc(line.lstrip('#').strip())}</h{level}>")
        elif line.strip():
            out.append(f"<p>{_esc(line)}</p>")
    flush()
    return "\n".join(out)


def html_page(runs: list[dict], md: str) -> str:
    """A self-contained page (no script, no network): an inline SVG chart of cycles per
    operation per library for every target and level, then the Markdown's tables."""
    charts = []
    for t in dict.fromkeys(r["target"] for r in runs if "target" in r):
        for opt in dict.fromkeys(r["opt"] for r in runs if r.get("target") == t):
            charts.append(f"<h3>{_esc(t)}, {_esc(opt)}</h3>\n<div>{svg_chart(runs, t, opt)}</div>")
    skipped = [f"<p>{_esc(s)}</p>" for s in _skipped(runs, {r["library"] for r in runs})]
    return "\n".join([
        "<!DOCTYPE html>",
        '<html xmlns="http://www.w3.org/1999/xhtml" lang="en">',
        '<head><meta charset="utf-8" /><title>fieldcrypt beside the peer libraries</title>',
        "<style>body{font-family:sans-serif;max-width:1200px}table{border-collapse:collapse;"
        "margin:8px 0}td,th{border:1px solid #999;padding:2px 6px;font-size:12px}</style>",
        "</head>", "<body>", "<h1>fieldcrypt beside the peer libraries</h1>",
        f"<p>{_esc(MODELLED)}</p>", *skipped, "<h2>Cycles per operation</h2>", *charts,
        "<h2>Tables</h2>", _md_to_html(md), "</body>", "</html>", ""])


def merge(runs: list[dict], extra: list[dict]) -> list[dict]:
    """runs with the operations of extra's runs (the same library, target and level) added:
    a comparison's figures completed by a later run of some operations (RSA, run alone)."""
    out = [dict(r) for r in runs]
    for e in extra:
        r = _run(out, e.get("library"), e.get("target"), e.get("opt"))
        if r is None:
            out.append(e)
        elif "operations" in e:
            r["operations"] = {**r.get("operations", {}), **e["operations"]}
            r["wrong"] = sorted(set(r.get("wrong", [])) | set(e.get("wrong", [])))
    return out


def main(argv=None) -> int:
    """python -m fieldcrypt.peertables RESULTS.json [--add RUNS.json ...] [--html PATH]: the
    tables again from a saved comparison (`fieldcrypt bench --peers --json`, or peerbench
    --json), with the operations of other saved runs merged in; nothing is built or run."""
    import argparse
    import json
    from pathlib import Path
    ap = argparse.ArgumentParser(prog="python -m fieldcrypt.peertables")
    ap.add_argument("results")
    ap.add_argument("--add", action="append", default=[], metavar="RUNS.json",
                    help="a JSON list of runs (or a results file) whose operations are merged in")
    ap.add_argument("--html", metavar="PATH")
    args = ap.parse_args(argv)

    def load(path):
        data = json.loads(Path(path).read_text())
        if isinstance(data, list):
            return data, None
        return data.get("peers") or data.get("runs") or [], data.get("rsa")
    runs, rsa = load(args.results)
    for path in args.add:
        runs = merge(runs, load(path)[0])
    md, _ = tables(runs, rsa)
    print(md)
    if args.html:
        Path(args.html).write_text(html_page(runs, md))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
