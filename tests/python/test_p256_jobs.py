"""The sliced secp256r1 jobs through the binding (engine.Job.ecdh, ecdsa_verify_digest,
ecdsa_sign_digest) against the synchronous calls and `cryptography`, for random inputs and
random budgets (1, the smallest, included)."""
import hashlib
import random

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, utils

import fieldcrypt
from fieldcrypt import engine

RNG = random.Random(20261124)
CURVE = "secp256r1"


def budgets(n: int = 8) -> list[int]:
    return [RNG.choice([1, RNG.randrange(1, 20000), RNG.randrange(20000, 60000), 2**32 - 1])
            for _ in range(n)]


def keypair() -> tuple[bytes, bytes]:
    key = ec.generate_private_key(ec.SECP256R1())
    priv = key.private_numbers().private_value.to_bytes(32, "big")
    pub = key.public_key().public_numbers()
    return priv, b"\x04" + pub.x.to_bytes(32, "big") + pub.y.to_bytes(32, "big")


@pytest.mark.parametrize("i", range(4))
def test_ecdh_job_matches_cryptography(i):
    a, _ = keypair()
    b_priv, b_pub = keypair()
    key_a = ec.derive_private_key(int.from_bytes(a, "big"), ec.SECP256R1())
    peer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b_pub)
    want = key_a.exchange(ec.ECDH(), peer)
    assert engine.Job.ecdh(CURVE, a, b_pub).run(budgets()) == want
    comp = fieldcrypt.ec_compress(CURVE, b_pub)
    assert engine.Job.ecdh(CURVE, a, comp).run(budgets()) == want
    assert fieldcrypt.ecdh(CURVE, a, comp, "soft") == want


def test_ecdh_job_refuses_a_point_off_the_curve():
    a, pub = keypair()
    bad = pub[:-1] + bytes([pub[-1] ^ 1])
    job = engine.Job.ecdh(CURVE, a, bad)
    with pytest.raises(fieldcrypt.FieldcryptError) as e:
        job.run([28000])
    assert e.value.status == fieldcrypt.ERR_POINT


@pytest.mark.parametrize("i", range(4))
def test_verify_job_matches_cryptography(i):
    priv, pub = keypair()
    key = ec.derive_private_key(int.from_bytes(priv, "big"), ec.SECP256R1())
    digest = hashlib.sha256(RNG.randbytes(40)).digest()
    der = key.sign(digest, ec.ECDSA(utils.Prehashed(hashes.SHA256())))
    r, s = utils.decode_dss_signature(der)
    raw = r.to_bytes(32, "big") + s.to_bytes(32, "big")
    assert engine.Job.ecdsa_verify_digest(CURVE, pub, digest, raw).run(budgets()) is True
    assert engine.Job.ecdsa_verify_digest(CURVE, pub, digest, der, der=True).run(budgets()) is True
    other = bytes([digest[0] ^ 1]) + digest[1:]
    assert engine.Job.ecdsa_verify_digest(CURVE, pub, other, raw).run(budgets()) is False
    assert engine.Job.ecdsa_verify_digest(CURVE, pub, digest, bytes(64)).run([1]) is False


@pytest.mark.parametrize("i", range(4))
def test_sign_job_matches_the_synchronous_signature(i):
    priv, pub = keypair()
    digest = hashlib.sha256(RNG.randbytes(40)).digest()
    low_s = bool(i & 1)
    want = fieldcrypt.ecdsa_sign_digest(CURVE, priv, digest, low_s=low_s, provider="soft")
    got = engine.Job.ecdsa_sign_digest(CURVE, priv, digest, low_s=low_s).run(budgets())
    assert got == want
    assert fieldcrypt.ecdsa_verify_digest(CURVE, pub, digest, got)
    hedged = engine.Job.ecdsa_sign_digest(CURVE, priv, digest, hedged=True).run(budgets())
    assert hedged != want and fieldcrypt.ecdsa_verify_digest(CURVE, pub, digest, hedged)


def test_sign_job_declines_other_hashes():
    priv, _ = keypair()
    with pytest.raises(fieldcrypt.FieldcryptError) as e:
        engine.Job.ecdsa_sign_digest(CURVE, priv, bytes(48), hash="sha384")
    assert e.value.status == fieldcrypt.ERR_UNSUPPORTED


def test_other_curves_are_not_sliced():
    assert engine.supports(CURVE) and not engine.supports("secp384r1")
    priv, pub = fieldcrypt.ec_keypair("secp384r1")
    with pytest.raises(fieldcrypt.FieldcryptError) as e:
        engine.Job.ecdh("secp384r1", priv, pub)
    assert e.value.status == fieldcrypt.ERR_UNSUPPORTED
