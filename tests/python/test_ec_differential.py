"""The elliptic curves against an independent implementation on random inputs, through every
provider that has them: `cryptography` (OpenSSL underneath) for ECDH, ECDSA and SEC1 points on
every curve it knows (all eleven of ec.h), Ed25519 and X448. Each direction is checked: our
signatures verify there and theirs here, both sides agree on shared secrets and public keys,
and a flipped bit is refused by both. Bad keys and encodings are checked to raise the status
ec.h names and to leave nothing behind.
"""
from __future__ import annotations

import random

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, x448
from cryptography.hazmat.primitives.asymmetric.utils import (decode_dss_signature,
                                                              encode_dss_signature)

import fieldcrypt as fc

RNG = random.Random(0xEC0DE)
CURVES = {"secp192r1": ec.SECP192R1, "secp224r1": ec.SECP224R1, "secp256r1": ec.SECP256R1,
          "secp384r1": ec.SECP384R1, "secp521r1": ec.SECP521R1, "secp192k1": None,
          "secp224k1": None, "secp256k1": ec.SECP256K1,
          "brainpoolP256r1": ec.BrainpoolP256R1, "brainpoolP384r1": ec.BrainpoolP384R1,
          "brainpoolP512r1": ec.BrainpoolP512R1}
HASHES = {"sha1": hashes.SHA1, "sha224": hashes.SHA224, "sha256": hashes.SHA256,
          "sha384": hashes.SHA384, "sha512": hashes.SHA512}
KNOWN = [c for c, v in CURVES.items() if v is not None]
RAW = serialization.Encoding.X962
UNCOMPRESSED = serialization.PublicFormat.UncompressedPoint
PRIV_224K1 = "0081e74ef5e8e25d940ed904759531985d5d9dc9f81818e811892f902c"


def providers_of(alg: str) -> list:
    return [p for p in fc.providers() if fc.implements(p, alg)] + [None]


def rb(n: int) -> bytes:
    return RNG.randbytes(n)


def their_key(curve: str):
    k = ec.generate_private_key(CURVES[curve]())
    d = k.private_numbers().private_value.to_bytes(fc.algorithm_info(curve).key_len, "big")
    return k, d, k.public_key().public_bytes(RAW, UNCOMPRESSED)


def params():
    return [(c, p) for c in KNOWN for p in providers_of(c)]


@pytest.mark.parametrize("curve,prov", params(), ids=str)
def test_keys_and_ecdh(curve, prov):
    for _ in range(4):
        k, d, pub = their_key(curve)
        assert fc.ec_public_key(curve, d, provider=prov) == pub
        peer = ec.generate_private_key(CURVES[curve]())
        peer_pub = peer.public_key().public_bytes(RAW, UNCOMPRESSED)
        want = k.exchange(ec.ECDH(), peer.public_key())
        assert fc.ecdh(curve, d, peer_pub, provider=prov) == want
        compressed = fc.ec_compress(curve, peer_pub, provider=prov)
        assert compressed == peer.public_key().public_bytes(
            RAW, serialization.PublicFormat.CompressedPoint)
        assert fc.ec_decompress(curve, compressed, provider=prov) == peer_pub
        assert fc.ecdh(curve, d, compressed, provider=prov) == want
    mine, mine_pub = fc.ec_keypair(curve, provider=prov)
    theirs = ec.EllipticCurvePublicKey.from_encoded_point(CURVES[curve](), mine_pub)
    k, d, pub = their_key(curve)
    assert fc.ecdh(curve, mine, pub, provider=prov) == k.exchange(ec.ECDH(), theirs)


@pytest.mark.parametrize("curve,prov", params(), ids=str)
def test_ecdsa_both_ways(curve, prov):
    for i in range(4):
        k, d, pub = their_key(curve)
        hname = RNG.choice(list(HASHES))
        msg = rb(RNG.randrange(0, 200))
        der = bool(i & 1)
        sig = fc.ecdsa_sign(curve, d, msg, hash=hname, der=der, deterministic=bool(i & 2),
                            provider=prov)
        n = fc.algorithm_info(curve).key_len
        dsig = sig if der else encode_dss_signature(int.from_bytes(sig[:n], "big"),
                                                    int.from_bytes(sig[n:], "big"))
        k.public_key().verify(dsig, msg, ec.ECDSA(HASHES[hname]()))
        theirs = k.sign(msg, ec.ECDSA(HASHES[hname]()))
        r, s = decode_dss_signature(theirs)
        raw = r.to_bytes(n, "big") + s.to_bytes(n, "big")
        assert fc.ecdsa_verify(curve, pub, msg, theirs, hash=hname, der=True, provider=prov)
        assert fc.ecdsa_verify(curve, pub, msg, raw, hash=hname, provider=prov)
        bad = bytearray(raw)
        bad[RNG.randrange(len(bad))] ^= 1 << RNG.randrange(8)
        assert not fc.ecdsa_verify(curve, pub, msg, bytes(bad), hash=hname, provider=prov)
        assert not fc.ecdsa_verify(curve, pub, msg + b"x", raw, hash=hname, provider=prov)


@pytest.mark.parametrize("prov", providers_of("secp256r1"), ids=str)
def test_deterministic_and_hedged(prov):
    d = fc.ec_keypair("secp256r1")[0]
    a = fc.ecdsa_sign("secp256r1", d, b"m", provider=prov)
    assert a == fc.ecdsa_sign("secp256r1", d, b"m", provider=prov)
    h1 = fc.ecdsa_sign("secp256r1", d, b"m", deterministic=False, provider=prov)
    h2 = fc.ecdsa_sign("secp256r1", d, b"m", deterministic=False, provider=prov)
    assert len({a, h1, h2}) == 3
    pub = fc.ec_public_key("secp256r1", d)
    assert all(fc.ecdsa_verify("secp256r1", pub, b"m", s, provider=prov) for s in (a, h1, h2))


@pytest.mark.parametrize("prov", providers_of("secp256k1"), ids=str)
def test_low_s(prov):
    n = int("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
    for _ in range(8):
        d, pub = fc.ec_keypair("secp256k1")
        msg = rb(20)
        sig = fc.ecdsa_sign("secp256k1", d, msg, low_s=True, provider=prov)
        s = int.from_bytes(sig[32:], "big")
        assert s <= n // 2
        high = sig[:32] + (n - s).to_bytes(32, "big")
        assert fc.ecdsa_verify("secp256k1", pub, msg, high, provider=prov)
        assert not fc.ecdsa_verify("secp256k1", pub, msg, high, low_s=True, provider=prov)
        assert fc.ecdsa_verify("secp256k1", pub, msg, sig, low_s=True, provider=prov)


@pytest.mark.parametrize("curve", ["secp192k1", "secp224k1"])
def test_curves_cryptography_lacks(curve):
    """No second implementation here: the providers must agree with each other, and sign /
    verify, ECDH symmetry and compression must hold."""
    provs = providers_of(curve)
    for _ in range(4):
        a, pa = fc.ec_keypair(curve)
        b, pb = fc.ec_keypair(curve)
        shared = {fc.ecdh(curve, a, pb, provider=p) for p in provs} | \
                 {fc.ecdh(curve, b, pa, provider=p) for p in provs}
        assert len(shared) == 1
        for p in provs:
            assert fc.ec_decompress(curve, fc.ec_compress(curve, pa), provider=p) == pa
            sig = fc.ecdsa_sign(curve, a, b"msg", provider=p)
            assert all(fc.ecdsa_verify(curve, pa, b"msg", sig, provider=q) for q in provs)


@pytest.mark.parametrize("curve", KNOWN + ["secp192k1", "secp224k1"])
def test_bad_keys_and_points(curve):
    info = fc.algorithm_info(curve)
    n_bytes, l_bytes = info.key_len, info.out_len
    d, pub = fc.ec_keypair(curve)
    for prov in providers_of(curve):
        with pytest.raises(fc.FieldcryptError) as e:
            fc.ec_public_key(curve, bytes(n_bytes), provider=prov)
        assert e.value.status == fc.ERR_KEY
        with pytest.raises(fc.FieldcryptError) as e:
            fc.ecdh(curve, b"\xff" * n_bytes, pub, provider=prov)
        assert e.value.status == fc.ERR_KEY
        off = bytearray(pub)
        off[-1] ^= 1
        with pytest.raises(fc.FieldcryptError) as e:
            fc.ecdh(curve, d, bytes(off), provider=prov)
        assert e.value.status == fc.ERR_POINT
        with pytest.raises(fc.FieldcryptError) as e:
            fc.ec_check_public(curve, bytes(off), provider=prov)
        assert e.value.status == fc.ERR_POINT
        big = b"\x04" + b"\xff" * (2 * l_bytes)
        with pytest.raises(fc.FieldcryptError) as e:
            fc.ecdh(curve, d, big, provider=prov)
        assert e.value.status == fc.ERR_POINT
        for enc in (b"\x00", pub[:-1], b"\x05" + pub[1:], b"\x06" + pub[1:], pub + b"\x00",
                    b"\x02" + pub[1:]):
            with pytest.raises(fc.FieldcryptError) as e:
                fc.ecdh(curve, d, enc, provider=prov)
            assert e.value.status == fc.ERR_ENCODING


@pytest.mark.parametrize("prov", providers_of("ed25519"), ids=str)
def test_ed25519(prov):
    for _ in range(16):
        seed, msg = rb(32), rb(RNG.randrange(0, 300))
        k = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
        pub = k.public_key().public_bytes(serialization.Encoding.Raw,
                                          serialization.PublicFormat.Raw)
        assert fc.ed25519_public_key(seed, provider=prov) == pub
        sig = fc.ed25519_sign(seed, msg, provider=prov)
        assert sig == k.sign(msg)
        assert fc.ed25519_verify(pub, msg, sig, provider=prov)
        bad = bytearray(sig)
        bad[RNG.randrange(64)] ^= 1 << RNG.randrange(8)
        assert not fc.ed25519_verify(pub, msg, bytes(bad), provider=prov)
        with pytest.raises(InvalidSignature):
            k.public_key().verify(bytes(bad), msg)


@pytest.mark.parametrize("prov", providers_of("x448"), ids=str)
def test_x448(prov):
    for _ in range(8):
        a = x448.X448PrivateKey.generate()
        b = x448.X448PrivateKey.generate()
        raw = serialization.Encoding.Raw
        sa = a.private_bytes(raw, serialization.PrivateFormat.Raw, serialization.NoEncryption())
        pb = b.public_key().public_bytes(raw, serialization.PublicFormat.Raw)
        pa = a.public_key().public_bytes(raw, serialization.PublicFormat.Raw)
        assert fc.x448_base(sa, provider=prov) == pa
        assert fc.x448(sa, pb, provider=prov) == a.exchange(b.public_key())


@pytest.mark.parametrize("prov", providers_of("secp224k1"), ids=str)
def test_secp224k1_many_refused_nonces(prov):
    """secp224k1's candidates have 225 bits and n is just above 2^224: half are refused. This
    key and digest make RFC 6979 refuse 16 candidates in a row (found by an independent
    RFC 6979 implementation); signing must go on to the 17th."""
    d = bytes.fromhex(PRIV_224K1)
    digest = bytes.fromhex("14c8ddd521d3ab58d2df056fdf05d79e6cd40e7b2c621c07f442c4ebe1589f1d")
    sig = fc.ecdsa_sign_digest("secp224k1", d, digest, hash="sha256", provider=prov)
    pub = fc.ec_public_key("secp224k1", d)
    assert fc.ecdsa_verify_digest("secp224k1", pub, digest, sig, provider=prov)


def test_hedged_signing_takes_the_callers_randomness():
    """RFC 6979 3.6: the same extra bytes give the same signature, other bytes another one, and
    every one verifies; a failing source fails the call."""
    from fieldcrypt import FieldcryptError
    from fieldcrypt.ec import ec_keypair, ecdsa_sign, ecdsa_verify
    priv, pub = ec_keypair("secp256r1", rng=lambda n: bytes(range(1, n + 1)))
    assert priv == bytes(range(1, 33))
    msg = b"firmware image"
    same = [ecdsa_sign("secp256r1", priv, msg, deterministic=False, rng=lambda n: b"\x07" * n)
            for _ in range(2)]
    other = ecdsa_sign("secp256r1", priv, msg, deterministic=False, rng=lambda n: b"\x08" * n)
    plain = ecdsa_sign("secp256r1", priv, msg)
    assert same[0] == same[1] and len({same[0], other, plain}) == 3
    for sig in (same[0], other, plain):
        assert ecdsa_verify("secp256r1", pub, msg, sig)
    with pytest.raises(FieldcryptError):
        ecdsa_sign("secp256r1", priv, msg, deterministic=False, rng=lambda n: b"")
