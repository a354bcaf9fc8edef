"""RSA (rsa.h) through the Python binding, on every provider with RSA (soft, openssl) and on
the default chain:

- Wycheproof (tests/vectors/wycheproof, README there): PKCS#1 v1.5 and PSS verification,
  PKCS#1 v1.5 signing, OAEP decryption; "valid" must pass, "invalid" must fail (verify: False;
  OAEP: FieldcryptError ERR_DECRYPT or, for a ciphertext not k bytes, ERR_LENGTH); the
  "acceptable" cases are checked to come out the same on every provider, and what we do is
  pinned: a DigestInfo without NULL (MissingNull) does not verify, SHA-1 signing (WeakHash) is
  refused (rsa.h: SHA-1 for verification of old signatures only), the SmallPublicKey keys (e = 3, primes of 1364 and 684 bits) are refused
  with ERR_KEY (rsa.h takes balanced primes only). rsa_pkcs1_2048_test.json (PKCS#1 v1.5 decryption) is not used: rsa.h has
  no such decryption.
- NIST CAVP FIPS 186-3 SigGen15 / SigGenPSS (signatures reproduced, PSS with the file's salt
  from rng=) and SigVer15 / SigVerPSS (P must verify, F must not), 2048 and 3072 bits,
  SHA-224/256/384/512 (tests/vectors/cavp_rsa, README there);
- differential against pyca/cryptography on random keys and messages: signatures both ways
  (PSS with salts of 0, 20, 32, hLen and the maximum), OAEP both ways, DER keys both ways;
  2048 and 3072 bits by default, 4096 with FC_SLOW_TESTS=1;
- key generation (when the library has it) and the statuses of bad inputs.

The Wycheproof and CAVP sets are marked bulk (the sanitizer run leaves them out); the 4096-bit
differential and key generation beyond 2048 bits run only with FC_SLOW_TESTS=1.
"""
from __future__ import annotations

import gzip
import json
import os
import random
import re
from pathlib import Path

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization as ser
from cryptography.hazmat.primitives.asymmetric import padding, rsa

import fieldcrypt as fc

SLOW = os.environ.get("FC_SLOW_TESTS", "0") not in ("", "0")
slow = [pytest.mark.slow, pytest.mark.skipif(not SLOW, reason="FC_SLOW_TESTS=1 runs it")]
VECTORS = Path(__file__).resolve().parents[1] / "vectors"
WP, CAVP = VECTORS / "wycheproof", VECTORS / "cavp_rsa"
HASHES = {"SHA-1": "sha1", "SHA1": "sha1", "SHA-224": "sha224", "SHA224": "sha224",
          "SHA-256": "sha256", "SHA256": "sha256", "SHA-384": "sha384", "SHA384": "sha384",
          "SHA-512": "sha512", "SHA512": "sha512"}
HASH_LEN = {"sha1": 20, "sha224": 28, "sha256": 32, "sha384": 48, "sha512": 64}
CRYPTO_HASH = {"sha1": hashes.SHA1, "sha224": hashes.SHA224, "sha256": hashes.SHA256,
               "sha384": hashes.SHA384, "sha512": hashes.SHA512}


def _providers() -> list[str | None]:
    have = [p for p in fc.providers() if fc.implements(p, "rsa")]
    return have + [None]  # None: the default chain


PROVIDERS = _providers()
PROVIDER_IDS = [p or "default" for p in PROVIDERS]


# ---- DER, written here so that the tests do not lean on the code under test ----

def _len(n: int) -> bytes:
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def _tlv(tag: int, content: bytes) -> bytes:
    return bytes([tag]) + _len(len(content)) + content


def _int(x: int) -> bytes:
    return _tlv(0x02, x.to_bytes(x.bit_length() // 8 + 1, "big"))


def spki_der(n: int, e: int) -> bytes:
    alg = _tlv(0x30, bytes.fromhex("06092a864886f70d010101") + b"\x05\x00")
    return _tlv(0x30, alg + _tlv(0x03, b"\x00" + _tlv(0x30, _int(n) + _int(e))))


def pkcs1_der(n: int, e: int, d: int) -> bytes:
    """RSAPrivateKey of (n, e, d), the primes recovered from them."""
    p, q = rsa.rsa_recover_prime_factors(n, e, d)
    if p < q:
        p, q = q, p
    parts = [0, n, e, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p)]
    return _tlv(0x30, b"".join(_int(x) for x in parts))


def wycheproof(name: str) -> dict:
    with gzip.open(WP / f"{name}_test.json.gz", "rt") as f:
        return json.load(f)


def cavp(name: str):
    """The records of a CAVP file: every paragraph with a signature, with the values of the
    paragraphs before it (n, e, d of its section) under its own."""
    ctx: dict[str, str] = {}
    with gzip.open(CAVP / name, "rt") as f:
        text = f.read()
    for para in re.split(r"\n\s*\n", text):
        rec = {}
        for line in para.splitlines():
            line = line.strip()
            if line.startswith("#") or not line:
                continue
            m = re.match(r"\[mod = (\d+)\]", line)
            if m:
                ctx = {"mod": m.group(1)}
            elif "=" in line:
                k, v = (x.strip() for x in line.split("=", 1))
                rec[k] = v
        ctx.update({k: v for k, v in rec.items() if k in ("n", "e", "d", "p", "q")})
        if "S" in rec:
            yield {**ctx, **rec}


def verdict(fn, *args, **kw) -> bool:
    """A verify call's answer; a key the library refuses (ERR_KEY) does not verify either."""
    try:
        return fn(*args, **kw)
    except fc.FieldcryptError as e:
        if e.status == fc.ERR_KEY:
            return False
        raise


# ---- Wycheproof ----

WP_PKCS1_VERIFY = ["rsa_signature_2048_sha256", "rsa_signature_2048_sha512",
                   "rsa_signature_3072_sha256", "rsa_signature_4096_sha512"]
WP_PSS_VERIFY = ["rsa_pss_2048_sha256_mgf1_32", "rsa_pss_3072_sha256_mgf1_32",
                 "rsa_pss_4096_sha512_mgf1_32"]


@pytest.mark.bulk
@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
@pytest.mark.parametrize("name", WP_PKCS1_VERIFY)
def test_wycheproof_pkcs1v15_verify(name, provider):
    data, ran, acceptable = wycheproof(name), 0, {}
    for group in data["testGroups"]:
        key, h = bytes.fromhex(group["publicKeyDer"]), HASHES[group["sha"]]
        for t in group["tests"]:
            msg, sig = bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"])
            got = verdict(fc.rsa_verify_pkcs1v15, key, msg, sig, hash=h, provider=provider)
            if t["result"] == "acceptable":
                acceptable[t["tcId"]] = got
            else:
                assert got == (t["result"] == "valid"), (name, t["tcId"], t["comment"])
            ran += 1
    assert ran == data["numberOfTests"]
    # MissingNull: the DigestInfo rsa.c builds always carries NULL, so this does not verify
    assert acceptable and not any(acceptable.values()), acceptable


@pytest.mark.bulk
@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
@pytest.mark.parametrize("name", WP_PSS_VERIFY)
def test_wycheproof_pss_verify(name, provider):
    data, ran = wycheproof(name), 0
    for group in data["testGroups"]:
        key, h = bytes.fromhex(group["publicKeyDer"]), HASHES[group["sha"]]
        assert HASHES[group["mgfSha"]] == h and group["mgf"] == "MGF1"
        for t in group["tests"]:
            msg, sig = bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"])
            want = t["result"] == "valid"
            assert t["result"] != "acceptable"
            got = verdict(fc.rsa_verify_pss, key, msg, sig, hash=h, salt_len=group["sLen"],
                          provider=provider)
            assert got == want, (name, t["tcId"], t["comment"])
            if want:  # the salt length read from the encoding
                assert fc.rsa_verify_pss(key, msg, sig, hash=h, salt_len=None,
                                         provider=provider)
            ran += 1
    assert ran == data["numberOfTests"]


@pytest.mark.bulk
@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
def test_wycheproof_pkcs1v15_sign(provider):
    data, ran, refused = wycheproof("rsa_pkcs1_2048_sig_gen"), 0, 0
    for group in data["testGroups"]:
        key, h = bytes.fromhex(group["privateKeyPkcs8"]), HASHES[group["sha"]]
        try:
            pub = fc.rsa_public_key(key)
        except fc.FieldcryptError as err:
            # e = 3 with primes of 1364 and 684 bits: not the balanced primes rsa.h takes
            assert err.status == fc.ERR_KEY
            assert all(t["result"] == "acceptable" for t in group["tests"])
            refused += len(group["tests"])
            continue
        for t in group["tests"]:
            msg, want = bytes.fromhex(t["msg"]), bytes.fromhex(t["sig"])
            if h == "sha1":  # WeakHash, acceptable: rsa.h takes SHA-1 for verification only
                assert t["result"] == "acceptable" and "WeakHash" in t["flags"]
                assert _status(fc.rsa_sign_pkcs1v15, key, msg, hash=h,
                               provider=provider) == fc.ERR_ARGUMENT
                refused += 1
                continue
            sig = fc.rsa_sign_pkcs1v15(key, msg, hash=h, provider=provider)
            assert sig == want, (t["tcId"], t["comment"])
            assert fc.rsa_verify_pkcs1v15(pub, msg, sig, hash=h, provider=provider)
            ran += 1
    assert ran + refused == data["numberOfTests"] and refused == 3 + 8


@pytest.mark.bulk
@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
@pytest.mark.parametrize("name", ["rsa_oaep_2048_sha1_mgf1sha1",
                                  "rsa_oaep_2048_sha256_mgf1sha256"])
def test_wycheproof_oaep_decrypt(name, provider):
    data, ran = wycheproof(name), 0
    for group in data["testGroups"]:
        key, h = bytes.fromhex(group["privateKeyPkcs8"]), HASHES[group["sha"]]
        assert HASHES[group["mgfSha"]] == h
        k = (int(group["keySize"]) + 7) // 8
        for t in group["tests"]:
            ct, label = bytes.fromhex(t["ct"]), bytes.fromhex(t["label"])
            if t["result"] == "valid":
                got = fc.rsa_decrypt_oaep(key, ct, hash=h, label=label, provider=provider)
                assert got == bytes.fromhex(t["msg"]), (name, t["tcId"])
            else:
                with pytest.raises(fc.FieldcryptError) as err:
                    fc.rsa_decrypt_oaep(key, ct, hash=h, label=label, provider=provider)
                want = fc.ERR_DECRYPT if len(ct) == k else fc.ERR_LENGTH
                assert err.value.status == want, (name, t["tcId"], t["comment"])
            ran += 1
    assert ran == data["numberOfTests"]


# ---- NIST CAVP ----

@pytest.mark.bulk
@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
def test_cavp_siggen15(provider):
    keys, ran = {}, 0
    for r in cavp("SigGen15_186-3.txt.gz"):
        n, e, d = (int(r[x], 16) for x in "ned")
        if n not in keys:
            keys[n] = pkcs1_der(n, e, d)
        msg, h = bytes.fromhex(r["Msg"]), HASHES[r["SHAAlg"]]
        sig = fc.rsa_sign_pkcs1v15(keys[n], msg, hash=h, provider=provider)
        assert sig.hex() == r["S"].lower(), (r["mod"], h, r["Msg"][:16])
        ran += 1
    assert ran == 80 and len(keys) == 2


@pytest.mark.bulk
@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
def test_cavp_siggen_pss(provider):
    keys, ran = {}, 0
    for r in cavp("SigGenPSS_186-3.txt.gz"):
        n, e, d = (int(r[x], 16) for x in "ned")
        if n not in keys:
            keys[n] = pkcs1_der(n, e, d)
        msg, h, salt = bytes.fromhex(r["Msg"]), HASHES[r["SHAAlg"]], bytes.fromhex(r["SaltVal"])

        def salt_source(count, salt=salt):  # the file's salt; anything else (blinding) random
            return salt if count == len(salt) else os.urandom(count)

        sig = fc.rsa_sign_pss(keys[n], msg, hash=h, salt_len=len(salt), provider=provider,
                              rng=salt_source)
        assert sig.hex() == r["S"].lower(), (r["mod"], h, r["Msg"][:16])
        ran += 1
    assert ran == 80 and len(keys) == 2


@pytest.mark.bulk
@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
@pytest.mark.parametrize("name", ["SigVer15_186-3.rsp.gz", "SigVerPSS_186-3.rsp.gz"])
def test_cavp_sigver(name, provider):
    results = {True: 0, False: 0}
    for r in cavp(name):
        n, e = int(r["n"], 16), int(r["e"], 16)
        k = int(r["mod"]) // 8
        # SigVer15 writes some values without their leading zero digits: every message
        # there is 128 bytes, every signature k
        key, msg = spki_der(n, e), bytes.fromhex(r["Msg"].rjust(256, "0"))
        sig = int(r["S"], 16).to_bytes(k, "big")
        h, want = HASHES[r["SHAAlg"]], r["Result"].startswith("P")
        if "PSS" in name:
            salt_len = 0 if r["SaltVal"] == "00" else len(bytes.fromhex(r["SaltVal"]))
            got = verdict(fc.rsa_verify_pss, key, msg, sig, hash=h, salt_len=salt_len,
                          provider=provider)
        else:
            got = verdict(fc.rsa_verify_pkcs1v15, key, msg, sig, hash=h, provider=provider)
        assert got == want, (name, r["mod"], h, r["Result"], r["Msg"][:16])
        results[want] += 1
    assert results[True] > 20 and results[False] > 80 and sum(results.values()) == 144


# ---- differential against pyca/cryptography ----

_KEYS: dict[int, rsa.RSAPrivateKey] = {}


def crypto_key(bits: int) -> rsa.RSAPrivateKey:
    if bits not in _KEYS:
        _KEYS[bits] = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    return _KEYS[bits]


def ders(key: rsa.RSAPrivateKey):
    priv = key.private_bytes(ser.Encoding.DER, ser.PrivateFormat.TraditionalOpenSSL,
                             ser.NoEncryption())
    pkcs8 = key.private_bytes(ser.Encoding.DER, ser.PrivateFormat.PKCS8, ser.NoEncryption())
    pub = key.public_key().public_bytes(ser.Encoding.DER, ser.PublicFormat.SubjectPublicKeyInfo)
    return priv, pkcs8, pub


BITS = [2048, 3072, pytest.param(4096, marks=slow)]


@pytest.mark.parametrize("bits", BITS)
def test_der_both_ways(bits):
    key = crypto_key(bits)
    priv, pkcs8, pub = ders(key)
    raw_pub = key.public_key().public_bytes(ser.Encoding.DER, ser.PublicFormat.PKCS1)
    assert fc.rsa_public_key(priv) == pub
    assert fc.rsa_public_key(pkcs8) == pub
    assert fc.rsa_private_to_der(pkcs8) == priv
    assert fc.rsa_private_to_der(priv) == priv
    assert fc.rsa_public_to_der(raw_pub) == pub
    assert fc.rsa_public_to_der(pub) == pub
    # cryptography reads what we write, to the same numbers
    assert ser.load_der_private_key(fc.rsa_private_to_der(pkcs8), None).private_numbers() == \
        key.private_numbers()


@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
@pytest.mark.parametrize("bits", BITS)
def test_pkcs1v15_differential(bits, provider):
    key, rnd = crypto_key(bits), random.Random(bits)
    priv, pkcs8, pub = ders(key)
    for h in ("sha224", "sha256", "sha384", "sha512"):
        msg = rnd.randbytes(rnd.randrange(0, 300))
        ours = fc.rsa_sign_pkcs1v15(pkcs8 if h == "sha384" else priv, msg, hash=h,
                                    provider=provider)
        theirs = key.sign(msg, padding.PKCS1v15(), CRYPTO_HASH[h]())
        assert ours == theirs  # deterministic
        key.public_key().verify(ours, msg, padding.PKCS1v15(), CRYPTO_HASH[h]())
        assert fc.rsa_verify_pkcs1v15(pub, msg, theirs, hash=h, provider=provider)
        assert not fc.rsa_verify_pkcs1v15(pub, msg + b"x", theirs, hash=h, provider=provider)


def _max_salt(bits: int, h: str) -> int:
    return (bits - 1 + 7) // 8 - HASH_LEN[h] - 2


@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
@pytest.mark.parametrize("bits", BITS)
def test_pss_differential(bits, provider):
    key, rnd = crypto_key(bits), random.Random(bits + 1)
    priv, _, pub = ders(key)
    for h in ("sha256", "sha384", "sha512", "sha224"):
        for salt_len in sorted({0, 20, 32, HASH_LEN[h], _max_salt(bits, h)}):
            msg = rnd.randbytes(rnd.randrange(0, 200))
            pss = padding.PSS(padding.MGF1(CRYPTO_HASH[h]()), salt_len)
            ours = fc.rsa_sign_pss(priv, msg, hash=h, salt_len=salt_len, provider=provider)
            key.public_key().verify(ours, msg, pss, CRYPTO_HASH[h]())
            theirs = key.sign(msg, pss, CRYPTO_HASH[h]())
            assert fc.rsa_verify_pss(pub, msg, theirs, hash=h, salt_len=salt_len,
                                     provider=provider)
            assert fc.rsa_verify_pss(pub, msg, theirs, hash=h, salt_len=None,
                                     provider=provider)
            if salt_len != _max_salt(bits, h):
                assert not fc.rsa_verify_pss(pub, msg, theirs, hash=h, salt_len=salt_len + 1,
                                             provider=provider)
            assert not fc.rsa_verify_pss(pub, msg + b"x", theirs, hash=h, salt_len=None,
                                         provider=provider)
        with pytest.raises(fc.FieldcryptError) as err:  # one byte of salt too many
            fc.rsa_sign_pss(priv, b"m", hash=h, salt_len=_max_salt(bits, h) + 1,
                            provider=provider)
        assert err.value.status == fc.ERR_LENGTH


@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
@pytest.mark.parametrize("bits", BITS)
def test_oaep_differential(bits, provider):
    key, rnd = crypto_key(bits), random.Random(bits + 2)
    priv, _, pub = ders(key)
    k = bits // 8
    for h in ("sha1", "sha256", "sha384", "sha512"):
        for size in (0, 1, 37, k - 2 * HASH_LEN[h] - 2):
            msg, label = rnd.randbytes(size), rnd.randbytes(rnd.choice((0, 5, 40)))
            oaep = padding.OAEP(padding.MGF1(CRYPTO_HASH[h]()), CRYPTO_HASH[h](), label or None)
            ours = fc.rsa_encrypt_oaep(pub, msg, hash=h, label=label, provider=provider)
            assert len(ours) == k and key.decrypt(ours, oaep) == msg
            theirs = key.public_key().encrypt(msg, oaep)
            assert fc.rsa_decrypt_oaep(priv, theirs, hash=h, label=label,
                                       provider=provider) == msg
            with pytest.raises(fc.FieldcryptError) as err:
                fc.rsa_decrypt_oaep(priv, theirs, hash=h, label=label + b"!",
                                    provider=provider)
            assert err.value.status == fc.ERR_DECRYPT
        with pytest.raises(fc.FieldcryptError) as err:  # one byte too long
            fc.rsa_encrypt_oaep(pub, bytes(k - 2 * HASH_LEN[h] - 1), hash=h, provider=provider)
        assert err.value.status == fc.ERR_LENGTH


# ---- key generation ----

def _generate(bits, provider):
    try:
        return fc.rsa_generate(bits, provider=provider)
    except NotImplementedError:
        pytest.skip("this library has no fc_rsa_generate yet")
    except fc.FieldcryptError as e:
        if e.status == fc.ERR_UNSUPPORTED:
            pytest.skip(f"{provider}: no key generation")
        raise


def _check_generated(der: bytes, bits: int, provider):
    key = ser.load_der_private_key(der, None)  # cryptography checks the parts agree
    nums = key.private_numbers()
    assert key.key_size == bits and nums.public_numbers.e == 65537
    assert nums.p.bit_length() == nums.q.bit_length() == bits // 2
    lam = (nums.p - 1) * (nums.q - 1) // __import__("math").gcd(nums.p - 1, nums.q - 1)
    assert nums.d == pow(65537, -1, lam)  # FIPS 186-5 A.1.1: d mod lcm
    assert fc.rsa_private_to_der(der) == der
    msg = b"generated"
    sig = fc.rsa_sign_pss(der, msg, provider=provider)
    key.public_key().verify(sig, msg, padding.PSS(padding.MGF1(hashes.SHA256()), 32),
                            hashes.SHA256())


@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
@pytest.mark.parametrize("bits", [2048, pytest.param(3072, marks=slow),
                                  pytest.param(4096, marks=slow)])
def test_generate(bits, provider):
    _check_generated(_generate(bits, provider), bits, provider)


# ---- bad inputs ----

@pytest.fixture(scope="module")
def key2048():
    return ders(crypto_key(2048))


def _status(fn, *args, **kw) -> int:
    with pytest.raises(fc.FieldcryptError) as err:
        fn(*args, **kw)
    return err.value.status


def test_bad_der(key2048):
    priv, pkcs8, pub = key2048
    assert _status(fc.rsa_public_key, priv[:-1]) == fc.ERR_ENCODING
    assert _status(fc.rsa_public_key, priv + b"\0") == fc.ERR_ENCODING
    assert _status(fc.rsa_public_key, pub) == fc.ERR_ENCODING  # a public key is no private key
    assert _status(fc.rsa_verify_pkcs1v15, priv, b"m", bytes(256)) == fc.ERR_ENCODING
    assert _status(fc.rsa_encrypt_oaep, pub[:40], b"m") == fc.ERR_ENCODING
    assert _status(fc.rsa_public_key, b"") == fc.ERR_ENCODING
    # PKCS#8 with absent AlgorithmIdentifier parameters: refused (one encoding per key)
    assert b"\x05\x00" in pkcs8[:30]
    i = pkcs8.index(bytes.fromhex("06092a864886f70d010101"))
    no_null = bytearray(pkcs8[:i + 11] + pkcs8[i + 13:])
    no_null[i - 1] -= 2  # the AlgorithmIdentifier's length
    no_null[3] -= 2      # the outer SEQUENCE's (30 82 hi lo)
    assert _status(fc.rsa_public_key, bytes(no_null)) == fc.ERR_ENCODING


def test_keys_outside_the_rules():
    small = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    priv, _, pub = ders(small)
    assert _status(fc.rsa_public_key, priv) == fc.ERR_KEY
    assert _status(fc.rsa_verify_pkcs1v15, pub, b"m", bytes(128)) == fc.ERR_KEY
    n = crypto_key(2048).public_key().public_numbers().n
    assert _status(fc.rsa_encrypt_oaep, spki_der(n, 65536), b"m") == fc.ERR_KEY  # e even
    assert _status(fc.rsa_encrypt_oaep, spki_der(n, 1), b"m") == fc.ERR_KEY
    assert _status(fc.rsa_encrypt_oaep, spki_der(n - 1, 65537), b"m") == fc.ERR_KEY  # n even


@pytest.mark.parametrize("provider", PROVIDERS, ids=PROVIDER_IDS)
def test_bad_inputs(key2048, provider):
    priv, _, pub = key2048
    n = crypto_key(2048).public_key().public_numbers().n
    sig = fc.rsa_sign_pkcs1v15(priv, b"m", provider=provider)
    # signatures of the wrong length, or >= n: do not verify
    assert not fc.rsa_verify_pkcs1v15(pub, b"m", sig[1:], provider=provider)
    assert not fc.rsa_verify_pkcs1v15(pub, b"m", sig + b"\0", provider=provider)
    assert not fc.rsa_verify_pkcs1v15(pub, b"m", n.to_bytes(256, "big"), provider=provider)
    assert not fc.rsa_verify_pss(pub, b"m", bytes([255]) * 256, provider=provider)
    assert not fc.rsa_verify_pss(pub, b"m", b"", provider=provider)
    # OAEP: a ciphertext not k bytes is ERR_LENGTH, one >= n or of bad padding ERR_DECRYPT
    assert _status(fc.rsa_decrypt_oaep, priv, bytes(255), provider=provider) == fc.ERR_LENGTH
    assert _status(fc.rsa_decrypt_oaep, priv, n.to_bytes(256, "big"),
                   provider=provider) == fc.ERR_DECRYPT
    assert _status(fc.rsa_decrypt_oaep, priv, bytes(256), provider=provider) == fc.ERR_DECRYPT
    # randomness that fails
    def broken(_n):
        raise OSError("no entropy")
    assert _status(fc.rsa_sign_pss, priv, b"m", provider=provider,
                   rng=broken) == fc.ERR_RNG_FAILED
    assert _status(fc.rsa_encrypt_oaep, pub, b"m", provider=provider,
                   rng=broken) == fc.ERR_RNG_FAILED
    # hashes that are not hashes, arguments of the wrong type
    with pytest.raises(ValueError):
        fc.rsa_sign_pkcs1v15(priv, b"m", hash="hmac-sha256", provider=provider)
    with pytest.raises(ValueError):
        fc.rsa_verify_pss(pub, b"m", sig, hash="md4", provider=provider)
    with pytest.raises(ValueError):
        fc.rsa_sign_pss(priv, b"m", salt_len=None, provider=provider)
    with pytest.raises(TypeError):
        fc.rsa_sign_pkcs1v15(priv, "text", provider=provider)


def test_der_room_for_long_exponents():
    """e may be as long as n (e < n): the binding's output room covers it."""
    nums = crypto_key(2048).private_numbers()
    n, p, q = nums.public_numbers.n, nums.p, nums.q
    spki = spki_der(n, n - 2)
    assert fc.rsa_public_to_der(spki) == spki
    parts = [0, n, n - 2, n - 3, p, q, nums.dmp1, nums.dmq1, nums.iqmp]  # lengths only matter
    der = _tlv(0x30, b"".join(_int(x) for x in parts))
    assert fc.rsa_private_to_der(der) == der
    assert fc.rsa_public_key(der) == spki


def test_der_mutations_against_cryptography():
    """Random changes of real keys: a public key our strict reader takes, cryptography
    (OpenSSL's reader, the laxer one: only this direction holds) takes too, as the same key;
    every key we take is written back as it came (PKCS#8: its inner RSAPrivateKey). Changed
    private keys are not given to cryptography: it checks p q = n on loading, which our reader
    leaves to the operations."""
    rnd = random.Random(0xDE5)
    key = crypto_key(2048)
    priv, pkcs8, pub = ders(key)
    accepted = 0
    for form in (pub, priv, pkcs8):
        is_public = form is pub
        for _ in range(400):
            data = bytearray(form)
            for _ in range(rnd.choice((1, 1, 2))):
                data[rnd.randrange(len(data))] = rnd.choice((0, 0x80, 0x81, 0xff, rnd.randrange(256)))
            data = bytes(data)
            try:
                ours = fc.rsa_public_to_der(data) if is_public else fc.rsa_private_to_der(data)
            except fc.FieldcryptError as e:
                assert e.status in (fc.ERR_ENCODING, fc.ERR_KEY)
                continue
            accepted += 1
            if is_public:
                theirs = ser.load_der_public_key(data)
                assert ours == data
                assert theirs.public_bytes(ser.Encoding.DER,
                                           ser.PublicFormat.SubjectPublicKeyInfo) == ours
            elif form is priv:
                assert ours == data
            else:  # 30 82 hi lo, version, the 15-byte AlgorithmIdentifier, 04 82 hi lo
                assert data[22] == 0x04 and data[23] == 0x82 and ours == data[26:]
    assert accepted > 50  # changes inside the numbers keep the structure
