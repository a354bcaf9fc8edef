"""The X448 and Ed25519 jobs through the binding against the synchronous calls (and the
`cryptography` package where it has the operation), for random inputs and random budgets."""
import random

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.x448 import X448PrivateKey, X448PublicKey

from fieldcrypt import ec, engine

RNG = random.Random(20261124)
VARIANTS = ("ed25519", "ed25519ctx", "ed25519ph")


def budgets(n: int = 8) -> list[int]:
    return [RNG.choice([1, RNG.randrange(1, 4000), RNG.randrange(1, 30000),
                        RNG.randrange(20000, 60000), 2**32 - 1]) for _ in range(n)]


@pytest.mark.parametrize("i", range(3))
def test_x448_job_matches_cryptography(i):
    k, u = RNG.randbytes(56), X448PrivateKey.generate().public_key().public_bytes_raw()
    want = X448PrivateKey.from_private_bytes(k).exchange(X448PublicKey.from_public_bytes(u))
    assert engine.Job.x448(k, u).run(budgets()) == want
    assert engine.Job.x448(k).run(budgets()) == \
        X448PrivateKey.from_private_bytes(k).public_key().public_bytes_raw()


@pytest.mark.parametrize("i", range(6))
def test_eddsa_jobs_match_the_synchronous_calls(i):
    alg = VARIANTS[i % 3]
    seed, msg = RNG.randbytes(32), RNG.randbytes(RNG.randrange(300))
    ctx = RNG.randbytes(RNG.randrange(1, 40)) if alg != "ed25519" else b""
    pub = ec.eddsa_public_key(alg, seed)
    sig = ec.eddsa_sign(alg, seed, msg, ctx)
    pub_given = pub if i % 2 else None
    assert engine.Job.eddsa_sign(alg, seed, msg, pub_given, ctx).run(budgets()) == sig
    assert engine.Job.eddsa_verify(alg, pub, msg, sig, ctx).run(budgets()) is True
    bad = bytearray(sig)
    bad[RNG.randrange(64)] ^= 1 << RNG.randrange(8)
    assert engine.Job.eddsa_verify(alg, pub, msg, bytes(bad), ctx).run(budgets()) is \
        ec.eddsa_verify(alg, pub, msg, bytes(bad), ctx)


def test_ed25519_job_matches_cryptography():
    key = Ed25519PrivateKey.generate()
    seed = key.private_bytes_raw()
    msg = RNG.randbytes(200)
    assert engine.Job.eddsa_sign("ed25519", seed, msg).run([28_000]) == key.sign(msg)
