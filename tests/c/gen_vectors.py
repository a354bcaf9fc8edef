#!/usr/bin/env python3
"""Turns the vector files of tests/vectors into C tables (vectors.h) for test_vectors.c.

Each record keeps its values as hex strings and names its source file, so the C test can
report how many vectors of each source ran. Usage: gen_vectors.py VECTOR_DIR OUT_H
"""
import json
import re
import sys
from pathlib import Path

# The hash of a file or record, as the suffix of its fc_alg names (algorithms.def): the
# tables name algorithms by their C enumerators (FC_SHA256, FC_HMAC_SHA256, FC_HKDF_SHA256), so
# they follow the list however its ids are numbered.
HASH = {"SHA224": "SHA224", "SHA256": "SHA256", "SHA384": "SHA384", "SHA512": "SHA512",
        "SHA-224": "SHA224", "SHA-256": "SHA256", "SHA-384": "SHA384", "SHA-512": "SHA512"}


def alg_id(family: str, hash_name: str) -> str:
    """The fc_alg enumerator of a hash (family ""), an HMAC ("HMAC") or an HKDF ("HKDF")."""
    return "FC_" + (family + "_" if family else "") + HASH[hash_name]


def c_str(s: str) -> str:
    return '"' + s + '"'


def records(path: Path):
    """'Name = value' records of NIST .rsp and pyca .txt files. A record ends where one of its
    names appears again (blank lines also occur inside records, so they cannot delimit)."""
    rec = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or line.startswith("["):
            continue
        if "=" in line:
            k, v = (x.strip() for x in line.split("=", 1))
            if k in rec:  # a new record started without a blank line
                yield rec
                rec = {}
            rec[k] = v
    if rec:
        yield rec


def sha2_vectors(d: Path, out: list):
    rows, monte = [], []
    for f in sorted((d / "sha2").glob("SHA*Msg.rsp")):
        alg = alg_id("", re.match(r"(SHA\d+)", f.name).group(1))
        for r in records(f):
            if "Len" in r and "MD" in r:
                msg = "" if int(r["Len"]) == 0 else r["Msg"]
                rows.append(f'    {{{alg}, {c_str(msg)}, {c_str(r["MD"])}, {c_str(f.name)}}},')
    for f in sorted((d / "sha2").glob("SHA*Monte.rsp")):
        alg = alg_id("", re.match(r"(SHA\d+)", f.name).group(1))
        text = f.read_text()
        seed = re.search(r"Seed = ([0-9a-f]+)", text).group(1)
        mds = re.findall(r"MD = ([0-9a-f]+)", text)
        monte.append(f'    {{{alg}, {c_str(seed)}, {len(mds)}, {c_str("".join(mds))}, {c_str(f.name)}}},')
    out.append("static const hash_vec hash_vectors[] = {\n" + "\n".join(rows) + "\n};")
    out.append("static const hash_monte_vec hash_monte_vectors[] = {\n" + "\n".join(monte) + "\n};")


def hmac_vectors(d: Path, out: list):
    rows = []
    for f in sorted((d / "hmac").glob("rfc-4231-*.txt")):
        alg = alg_id("HMAC", "SHA" + re.search(r"sha(\d+)", f.name).group(1))
        for r in records(f):
            if "Key" in r and "MD" in r:
                rows.append(f'    {{{alg}, {c_str(r["Key"])}, {c_str(r["Msg"])}, {c_str(r["MD"])}, 1, {c_str(f.name)}}},')
    for f in sorted((d / "wycheproof").glob("hmac_sha*_test.json")):
        j = json.loads(f.read_text())
        alg = alg_id("HMAC", "SHA" + re.search(r"sha(\d+)", f.name).group(1))
        for g in j["testGroups"]:
            for t in g["tests"]:
                valid = 1 if t["result"] == "valid" else 0
                rows.append(f'    {{{alg}, {c_str(t["key"])}, {c_str(t["msg"])}, {c_str(t["tag"])}, {valid}, {c_str(f.name)}}},')
    out.append("static const hmac_vec hmac_vectors[] = {\n" + "\n".join(rows) + "\n};")


def hkdf_vectors(d: Path, out: list):
    rows = []
    for f in sorted((d / "hkdf").glob("*.txt")):
        for r in records(f):
            if "OKM" in r:
                rows.append(f'    {{{alg_id("HKDF", r["Hash"])}, {c_str(r["IKM"])}, {c_str(r["salt"])}, {c_str(r["info"])}, {int(r["L"])}, {c_str(r["OKM"])}, 1, {c_str(f.name)}}},')
    for f in sorted((d / "wycheproof").glob("hkdf_sha*_test.json")):
        j = json.loads(f.read_text())
        alg = alg_id("HKDF", "SHA" + re.search(r"sha(\d+)", f.name).group(1))
        for g in j["testGroups"]:
            for t in g["tests"]:
                valid = 1 if t["result"] == "valid" else 0
                rows.append(f'    {{{alg}, {c_str(t["ikm"])}, {c_str(t["salt"])}, {c_str(t["info"])}, {t["size"]}, {c_str(t["okm"])}, {valid}, {c_str(f.name)}}},')
    out.append("static const hkdf_vec hkdf_vectors[] = {\n" + "\n".join(rows) + "\n};")


def x25519_vectors(d: Path, out: list):
    rows, iters = [], []
    f = d / "x25519" / "rfc7748_x25519.json"
    j = json.loads(f.read_text())
    for v in j["scalar_mult"]:
        rows.append(f'    {{{c_str(v["scalar"])}, {c_str(v["u"])}, {c_str(v["output"])}, {c_str(f.name)}}},')
    e = j["diffie_hellman"]
    for sk, pk in (("alice_private", "bob_public"), ("bob_private", "alice_public")):
        rows.append(f'    {{{c_str(e[sk])}, {c_str(e[pk])}, {c_str(e["shared_secret"])}, {c_str(f.name)}}},')
    base = "09" + "00" * 31
    for sk, pk in (("alice_private", "alice_public"), ("bob_private", "bob_public")):
        rows.append(f'    {{{c_str(e[sk])}, {c_str(base)}, {c_str(e[pk])}, {c_str(f.name)}}},')
    for r in j["iterated"]["results"]:
        iters.append(f'    {{{r["iterations"]}UL, {c_str(r["k"])}}},')
    f = d / "wycheproof" / "x25519_test.json"
    for g in json.loads(f.read_text())["testGroups"]:
        for t in g["tests"]:
            # every Wycheproof x25519 case has a defined shared value (all zero for low order)
            rows.append(f'    {{{c_str(t["private"])}, {c_str(t["public"])}, {c_str(t["shared"])}, {c_str(f.name)}}},')
    out.append("static const x25519_vec x25519_vectors[] = {\n" + "\n".join(rows) + "\n};")
    out.append("static const x25519_iter_vec x25519_iterated[] = {\n" + "\n".join(iters) + "\n};")


def le_hex(be: str) -> str:
    return bytes.fromhex(be[2:].rjust(64, "0"))[::-1].hex()


def elligator2_vectors(d: Path, out: list):
    rows = []
    for f in sorted((d / "h2c").glob("curve25519_*_ELL2_*.json")):
        for v in json.loads(f.read_text())["vectors"]:
            qs = [v["Q"]] if "Q" in v else [v["Q0"], v["Q1"]]
            for u, q in zip(v["u"], qs):
                rows.append(f'    {{{c_str(le_hex(u))}, {c_str(le_hex(q["x"]))}, {c_str(f.name)}}},')
    out.append("static const ell2_vec elligator2_vectors[] = {\n" + "\n".join(rows) + "\n};")


def salsa20_vectors(d: Path, out: list):
    rows = []
    for f in sorted((d / "salsa20").glob("*.txt")):
        text = f.read_text()
        # eSTREAM format: "Set N, vector# M:" then key/IV lines, stream[a..b] lines, xor-digest
        for block in re.split(r"\n(?=Set \d+, vector#)", text):
            if not block.startswith("Set "):
                continue
            fields = {}
            name = None
            for line in block.splitlines()[1:]:
                m = re.match(r"\s*([\w\[\]\.-]+(?:\[\d+\.\.\d+\])?)\s*=\s*([0-9A-Fa-f]+)\s*$", line)
                if m:
                    name = m.group(1)
                    fields[name] = m.group(2)
                elif name and re.match(r"^\s+[0-9A-Fa-f]+\s*$", line):
                    fields[name] += line.strip()
            key, iv = fields.get("key"), fields.get("IV")
            if not key or not iv:
                continue
            chunks = [(int(a), int(b), v) for k, v in fields.items()
                      for a, b in re.findall(r"stream\[(\d+)\.\.(\d+)\]", k)]
            if not chunks or "xor-digest" not in fields:
                continue
            parts = ", ".join(f'{{{a}, {c_str(v.lower())}}}' for a, b, v in chunks[:4])
            rows.append(f'    {{{c_str(key.lower())}, {c_str(iv.lower())}, {len(chunks[:4])}, {{{parts}}}, '
                        f'{c_str(fields["xor-digest"].lower())}, {c_str(f.name)}}},')
    if not rows:
        rows.append('    {"", "", 0, {{0, ""}}, "", ""},')
    out.append("static const salsa20_vec salsa20_vectors[] = {\n" + "\n".join(rows) + "\n};")


def cpace_vectors(d: Path, out: list):
    """draft-irtf-cfrg-cpace-21 CPACE-X25519-SHA512: string utilities, generator, protocol,
    low-order points, and the key-confirmation example."""
    j = json.loads((d / "cpace" / "cpace_x25519_sha512.json").read_text())
    su = j["string_utils"]
    rows = [f'    {{{c_str(v["input"])}, {c_str(v["output"])}}},' for v in su["prepend_len"]]
    out.append("static const cpace_pl_vec cpace_prepend_len[] = {\n" + "\n".join(rows) + "\n};")
    rows = []
    for v in su["lv_cat"]:
        ins = v["inputs"] + [""] * (4 - len(v["inputs"]))
        rows.append(f'    {{{len(v["inputs"])}, {{{", ".join(c_str(x) for x in ins)}}}, {c_str(v["output"])}}},')
    out.append("static const cpace_lv_vec cpace_lv_cat[] = {\n" + "\n".join(rows) + "\n};")
    rows = [f'    {{{c_str(v["a"])}, {c_str(v["b"])}, {int(v["result"])}}},' for v in su["lexiographically_larger"]]
    out.append("static const cpace_lex_vec cpace_lex[] = {\n" + "\n".join(rows) + "\n};")
    rows = [f'    {{{c_str(v["a"])}, {c_str(v["b"])}, {c_str(v["output"])}}},' for v in su["o_cat"]]
    out.append("static const cpace_ocat_vec cpace_ocat[] = {\n" + "\n".join(rows) + "\n};")
    rows = []
    for mode, key in ((0, "transcript_ir"), (1, "transcript_oc")):
        for v in su[key]:
            rows.append(f'    {{{mode}, {c_str(v["Ya"])}, {c_str(v["ADa"])}, {c_str(v["Yb"])}, {c_str(v["ADb"])}, {c_str(v["output"])}}},')
    out.append("static const cpace_tr_vec cpace_transcripts[] = {\n" + "\n".join(rows) + "\n};")
    g, p, kc = j["calculate_generator"], j["protocol"], j["key_confirmation_example"]
    fields = [g["PRS"], g["CI"], g["sid"], g["generator_string"], g["hash_generator_string"], g["g"],
              p["ADa"], p["ADb"], p["ya"], p["Ya"], p["yb"], p["Yb"], p["K"],
              p["initiator_responder"]["transcript_ir"], p["initiator_responder"]["isk_hash_input"],
              p["initiator_responder"]["ISK"], p["symmetric"]["transcript_oc"],
              p["symmetric"]["isk_hash_input"], p["symmetric"]["ISK"], p["sid_output_ir"],
              p["sid_output_oc"], kc["initiator_responder"]["Ta"], kc["initiator_responder"]["Tb"],
              kc["symmetric"]["Ta"], kc["symmetric"]["Tb"]]
    out.append("static const cpace_protocol_vec cpace_protocol = {\n    " +
               ",\n    ".join(c_str(x) for x in fields) + "\n};")
    lo = j["scalar_mult_vfy_low_order"]
    rows = [f'    {{{c_str(v["u"])}, {c_str(v["q"])}, {int(v["must_abort"])}}},' for v in lo["cases"]]
    out.append(f'static const char cpace_low_order_scalar[] = {c_str(lo["s"])};')
    out.append("static const cpace_low_order_vec cpace_low_order[] = {\n" + "\n".join(rows) + "\n};")


def pace2017_vectors(d: Path, out: list):
    keys = ["password", "device_id", "s", "n", "ya", "t", "yb", "kpi", "msg1", "msg2", "msg3", "msg4", "key"]
    rows = []
    for v in json.loads((d / "pace2017" / "pace2017.json").read_text())["vectors"]:
        rows.append("    {" + ", ".join(c_str(v[k]) for k in keys) + "},")
    out.append("static const pace2017_vec pace2017_vectors[] = {\n" + "\n".join(rows) + "\n};")


def x19119_vectors(d: Path, out: list):
    """fieldcrypt's own Curve19119 vectors (tests/python/x19119_reference.py)."""
    j = json.loads((d / "x19119" / "x19119.json").read_text())
    rows = [f'    {{{c_str(v["scalar"])}, {c_str(v["u"])}, {c_str(v["output"])}, {c_str(v["comment"])}}},'
            for v in j["ladder"]]
    out.append("static const x19119_vec x19119_vectors[] = {\n" + "\n".join(rows) + "\n};")
    rows = [f'    {{{r["iterations"]}UL, {c_str(r["k"])}}},' for r in j["iterated"]["results"]]
    out.append("static const x25519_iter_vec x19119_iterated[] = {\n" + "\n".join(rows) + "\n};")
    rows = [f'    {{{c_str(v["scalar"])}, {c_str(v["public"])}}},' for v in j["base"]]
    out.append("static const x19119_base_vec x19119_base_vectors[] = {\n" + "\n".join(rows) + "\n};")
    rows = [f'    {{{c_str(v["r"])}, {c_str(v["u"])}, "x19119.json"}},' for v in j["elligator2"]]
    out.append("static const ell2_vec x19119_elligator2[] = {\n" + "\n".join(rows) + "\n};")
    c = j["cpace"]
    fields = [c["PRS"], c["CI"], c["sid"], c["ADa"], c["ADb"], c["ya"], c["yb"],
              c["generator_string"], c["hash_generator_string"], c["g"], c["Ya"], c["Yb"], c["K"]]
    for mode in ("initiator_responder", "symmetric"):
        m = c[mode]
        fields += [m["transcript"], m["ISK"], m["sid_output"], m["Ta"], m["Tb"]]
    out.append("static const cpace19119_vec cpace19119_protocol = {\n    " +
               ",\n    ".join(c_str(x) for x in fields) + "\n};")


def main():
    d, dst = Path(sys.argv[1]), Path(sys.argv[2])
    out = ["/* Generated by tests/c/gen_vectors.py from tests/vectors: do not edit. */",
           "#include \"vector_types.h\""]
    sha2_vectors(d, out)
    hmac_vectors(d, out)
    hkdf_vectors(d, out)
    x25519_vectors(d, out)
    elligator2_vectors(d, out)
    salsa20_vectors(d, out)
    cpace_vectors(d, out)
    pace2017_vectors(d, out)
    x19119_vectors(d, out)
    dst.write_text("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
