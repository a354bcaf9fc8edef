"""The elliptic curves against the vectors of their public sources, through every provider that
has them:

- NIST CAVP ECDSA (FIPS 186-3: KeyPair, PKV, SigGen, SigVer) for P-192 .. P-521 and the
  secp256k1 SigGen set, RFC 6979's deterministic signatures (P-192 .. P-521, as OpenSSL's test
  file carries them), RFC 7027's brainpool ECDH, the 1,024 Ed25519 vectors of the SUPERCOP
  reference (sign.input), RFC 7748 X448: from PyPI's cryptography-vectors (pinned in
  python/requirements.txt), which carries the files unmodified with their sources named;
- Wycheproof ecdh_* (SubjectPublicKeyInfo and SEC1 point forms), ecdsa_* (DER and P1363,
  secp256k1's Bitcoin low-s set), ed25519, x448 (tests/vectors/wycheproof, gzip-compressed
  copies; README there).

Wycheproof's "acceptable" cases may go either way; "valid" must pass and "invalid" must fail
with an error status, never a crash.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import cryptography_vectors
import pytest
from cryptography.hazmat.primitives import serialization

import fieldcrypt as fc

# the whole suites run on the host build; under the sanitizers the C tests and the differential
# tests exercise the same code (scripts/test.sh)
pytestmark = pytest.mark.bulk

CV = Path(cryptography_vectors.__file__).parent / "asymmetric"
WP = Path(__file__).resolve().parents[1] / "vectors" / "wycheproof"
NIST_CURVES = {"P-192": "secp192r1", "P-224": "secp224r1", "P-256": "secp256r1",
               "P-384": "secp384r1", "P-521": "secp521r1", "K-256": "secp256k1"}
HASHES = {"SHA-1": "sha1", "SHA1": "sha1", "SHA-224": "sha224", "SHA224": "sha224",
          "SHA-256": "sha256", "SHA256": "sha256", "SHA-384": "sha384", "SHA384": "sha384",
          "SHA-512": "sha512", "SHA512": "sha512"}


def providers_of(alg: str) -> list[str]:
    return [p for p in fc.providers() if fc.implements(p, alg)]


def rsp(path: Path):
    """Records of a NIST-style file: [section] lines set the context; a record is a run of
    key = value lines ended by a blank line."""
    ctx, rec = {}, {}
    for line in path.read_text().splitlines() + [""]:
        line = line.strip()
        if line.startswith("#"):
            continue
        if line.startswith("["):
            ctx = {"section": line.strip("[]")} if "," in line or "-" in line[:3] else ctx
            continue
        if "=" in line:
            k, v = (x.strip() for x in line.split("=", 1))
            rec[k] = v
        elif not line and rec:
            if len(rec) > 1:
                yield {**ctx, **rec}
            rec = {}


def num(hexstr: str, length: int) -> bytes | None:
    """A hex integer as length bytes big-endian, None when it does not fit."""
    v = int(hexstr, 16)
    return v.to_bytes(length, "big") if v.bit_length() <= 8 * length else None


def point(curve: str, x: str, y: str) -> bytes | None:
    n = fc.algorithm_info(curve).out_len
    bx, by = num(x, n), num(y, n)
    return None if bx is None or by is None else b"\x04" + bx + by


def wycheproof(name: str) -> dict:
    with gzip.open(WP / f"{name}.json.gz", "rt") as f:
        return json.load(f)


def judge(result: str, ok: bool, what: str) -> None:
    if result == "valid":
        assert ok, what
    elif result == "invalid":
        assert not ok, what


# ---- NIST CAVP ----

def cavp(name: str):
    for rec in rsp(CV / "ECDSA" / "FIPS_186-3" / name):
        curve = NIST_CURVES.get(rec["section"].split(",")[0])
        if curve is not None:
            yield curve, rec


@pytest.mark.parametrize("curve", sorted(set(NIST_CURVES.values()) - {"secp256k1"}))
def test_cavp_keypair(curve):
    recs = [r for c, r in cavp("KeyPair.rsp") if c == curve]
    assert recs
    k = fc.algorithm_info(curve).key_len
    for prov in providers_of(curve):
        for r in recs:
            assert fc.ec_public_key(curve, num(r["d"], k), provider=prov) == \
                point(curve, r["Qx"], r["Qy"]), (prov, r["d"])


@pytest.mark.parametrize("curve", sorted(set(NIST_CURVES.values()) - {"secp256k1"}))
def test_cavp_pkv(curve):
    recs = [r for c, r in cavp("PKV.rsp") if c == curve]
    assert recs
    for prov in providers_of(curve):
        for r in recs:
            q = point(curve, r["Qx"], r["Qy"])
            try:
                ok = q is not None and fc.ec_check_public(curve, q, provider=prov) is None
            except fc.FieldcryptError as e:
                assert e.status in (fc.ERR_POINT, fc.ERR_ENCODING)
                ok = False
            assert ok == r["Result"].startswith("P"), (prov, r)


def sigver_ok(curve, q, msg, sig, hash, prov, der=False, low_s=False) -> bool:
    try:
        return q is not None and fc.ecdsa_verify(curve, q, msg, sig, hash=hash, der=der,
                                                 low_s=low_s, provider=prov)
    except fc.FieldcryptError as e:
        assert e.status in (fc.ERR_POINT, fc.ERR_ENCODING), e
        return False


@pytest.mark.parametrize("curve", sorted(set(NIST_CURVES.values()) - {"secp256k1"}))
def test_cavp_sigver(curve):
    recs = [r for c, r in cavp("SigVer.rsp") if c == curve]
    assert recs
    k = fc.algorithm_info(curve).key_len
    for prov in providers_of(curve):
        for r in recs:
            hash = HASHES[r["section"].split(",")[1]]
            q = point(curve, r["Qx"], r["Qy"])
            sig = num(r["R"], k) + num(r["S"], k)
            ok = sigver_ok(curve, q, bytes.fromhex(r["Msg"]), sig, hash, prov)
            assert ok == r["Result"].startswith("P"), (prov, r)


@pytest.mark.parametrize("curve", sorted(NIST_CURVES.values()))
def test_cavp_siggen(curve):
    """SigGen's signatures (made with the listed random k) verify, and d gives Q."""
    path = CV / "ECDSA" / ("SECP256K1/SigGen.txt" if curve == "secp256k1"
                           else "FIPS_186-3/SigGen.txt")
    recs = [r for r in rsp(path) if NIST_CURVES.get(r["section"].split(",")[0]) == curve]
    assert recs
    k = fc.algorithm_info(curve).key_len
    for prov in providers_of(curve):
        for r in recs[:20]:
            hash = HASHES[r["section"].split(",")[1]]
            q = point(curve, r["Qx"], r["Qy"])
            assert fc.ec_public_key(curve, num(r["d"], k), provider=prov) == q
            sig = num(r["R"], k) + num(r["S"], k)
            assert fc.ecdsa_verify(curve, q, bytes.fromhex(r["Msg"]), sig, hash=hash,
                                   provider=prov), (prov, r)


# ---- RFC 6979 (as OpenSSL's evp test file carries A.2.3 to A.2.7) ----

def rfc6979_cases():
    text = (CV / "ECDSA" / "RFC6979" / "evppkey_ecdsa_rfc6979.txt").read_text()
    keys, out, title = {}, [], None
    blocks = text.split("\n\n")
    for block in blocks:
        lines = [x for x in block.strip().splitlines()
                 if not x.startswith(("#", "Availablein", "FIPSversion"))]
        if not lines:
            continue
        if lines[0].startswith("Title"):
            title = lines[0].split("=", 1)[1].strip().split()[2]
            lines = lines[1:]
            if not lines:
                continue
        head = lines[0]
        if head.startswith("PrivateKey=") and title in NIST_CURVES:
            name = head.split("=", 1)[1]
            pem = "\n".join(lines[1:]).encode()
            keys[name] = serialization.load_pem_private_key(pem, None)
        elif head.startswith("DigestSign") and title in NIST_CURVES:
            f = dict(x.split(" = ", 1) for x in lines if " = " in x)
            out.append((NIST_CURVES[title], HASHES[f["DigestSign"]], keys[f["Key"]],
                        f["Input"].strip('"').encode(), bytes.fromhex(f["Output"])))
    return out


def test_rfc6979():
    cases = rfc6979_cases()
    assert len(cases) == 50  # 5 curves x 5 hashes x 2 messages
    for curve, hash, key, msg, der in cases:
        k = fc.algorithm_info(curve).key_len
        d = key.private_numbers().private_value.to_bytes(k, "big")
        for prov in providers_of(curve):
            try:
                sig = fc.ecdsa_sign(curve, d, msg, hash=hash, der=True, provider=prov)
            except fc.FieldcryptError as e:  # a provider that cannot use a given nonce
                assert e.status == fc.ERR_UNSUPPORTED
                continue
            assert sig == der, (prov, curve, hash, msg)
            pub = fc.ec_public_key(curve, d, provider=prov)
            assert fc.ecdsa_verify(curve, pub, msg, der, hash=hash, der=True, provider=prov)
        assert fc.ecdsa_sign(curve, d, msg, hash=hash, der=True) == der


# ---- RFC 7027 brainpool ECDH ----

def test_rfc7027_brainpool_ecdh():
    recs = list(rsp(CV / "ECDH" / "brainpool.txt"))
    assert len(recs) == 3
    for r in recs:
        curve = r["curve"]
        k = fc.algorithm_info(curve).key_len
        qa, qb = point(curve, r["x_qA"], r["y_qA"]), point(curve, r["x_qB"], r["y_qB"])
        for prov in providers_of(curve):
            assert fc.ec_public_key(curve, num(r["dA"], k), provider=prov) == qa
            assert fc.ec_public_key(curve, num(r["dB"], k), provider=prov) == qb
            z = num(r["x_Z"], fc.algorithm_info(curve).out_len)
            assert fc.ecdh(curve, num(r["dA"], k), qb, provider=prov) == z
            assert fc.ecdh(curve, num(r["dB"], k), fc.ec_compress(curve, qa), provider=prov) == z


# ---- Wycheproof ----

ECDH_FILES = sorted(p.name[:-8] for p in WP.glob("ecdh_*.json.gz"))
ECDSA_FILES = sorted(p.name[:-8] for p in WP.glob("ecdsa_*.json.gz"))


@pytest.mark.parametrize("name", ECDH_FILES)
def test_wycheproof_ecdh(name):
    data = wycheproof(name)
    count = 0
    for group in data["testGroups"]:
        curve = group["curve"]
        info = fc.algorithm_info(curve)
        for prov in providers_of(curve):
            for t in group["tests"]:
                ok = False
                try:
                    priv = num(t["private"], info.key_len)
                    pub = bytes.fromhex(t["public"])
                    if group["encoding"] == "asn":
                        spki_curve, pub = fc.ec_spki_parse(pub)
                        if spki_curve != curve:
                            raise fc.FieldcryptError(fc.ERR_ARGUMENT, "another curve")
                    ok = priv is not None and fc.ecdh(curve, priv, pub, provider=prov) == \
                        bytes.fromhex(t["shared"])
                except fc.FieldcryptError:
                    ok = False
                judge(t["result"], ok, f"{prov} {name} tcId {t['tcId']} {t['comment']}")
                count += 1
    assert count


@pytest.mark.parametrize("name", ECDSA_FILES)
def test_wycheproof_ecdsa(name):
    data = wycheproof(name)
    der = "p1363" not in name
    low_s = "bitcoin" in name
    count = 0
    for group in data["testGroups"]:
        key = group["publicKey"]
        curve = key["curve"]
        hash = HASHES[group["sha"]]
        pub = bytes.fromhex(key["uncompressed"])
        for prov in providers_of(curve):
            for t in group["tests"]:
                ok = sigver_ok(curve, pub, bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"]),
                               hash, prov, der=der, low_s=low_s)
                judge(t["result"], ok, f"{prov} {name} tcId {t['tcId']} {t['comment']}")
                count += 1
    assert count


def test_wycheproof_ed25519():
    data = wycheproof("ed25519_test")
    for prov in providers_of("ed25519"):
        for group in data["testGroups"]:
            pub = bytes.fromhex(group["publicKey"]["pk"])
            for t in group["tests"]:
                ok = fc.ed25519_verify(pub, bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"]),
                                       provider=prov)
                judge(t["result"], ok, f"{prov} tcId {t['tcId']} {t['comment']}")


def test_wycheproof_x448():
    data = wycheproof("x448_test")
    for prov in providers_of("x448"):
        for group in data["testGroups"]:
            for t in group["tests"]:
                try:
                    ok = fc.x448(bytes.fromhex(t["private"]), bytes.fromhex(t["public"]),
                                 provider=prov) == bytes.fromhex(t["shared"])
                except fc.FieldcryptError as e:
                    assert e.status == fc.ERR_ZERO_SHARED, e
                    ok = False
                except ValueError:  # a public value of another length
                    ok = False
                judge(t["result"], ok, f"{prov} tcId {t['tcId']} {t['comment']}")


# ---- Ed25519 (SUPERCOP sign.input) and X448 (RFC 7748) ----

def test_ed25519_sign_input():
    lines = (CV / "Ed25519" / "sign.input").read_text().splitlines()
    assert len(lines) == 1024
    for prov in providers_of("ed25519"):
        for line in lines[:: 1 if prov == "soft" else 8]:
            sk, pk, msg, sig = (bytes.fromhex(x) for x in line.split(":")[:4])
            seed = sk[:32]
            assert fc.ed25519_public_key(seed, provider=prov) == pk
            assert fc.ed25519_sign(seed, msg, provider=prov) == sig[:64]
            assert fc.ed25519_verify(pk, msg, sig[:64], provider=prov)


def test_rfc7748_x448():
    recs = list(rsp(CV / "X448" / "rfc7748.txt"))
    assert recs
    for prov in providers_of("x448"):
        for r in recs:
            assert fc.x448(bytes.fromhex(r["INPUT_SCALAR"]), bytes.fromhex(r["INPUT_U"]),
                           provider=prov) == bytes.fromhex(r["OUTPUT_U"])
