"""The slice engine through the binding, against independent implementations: X25519 from
`cryptography`, SHA-512 from hashlib, Elligator2 and X19119 from the plain-Python references
(tests/python/reference.py),
for random inputs and random budgets (1, the smallest, included)."""
import hashlib
import random

import pytest
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey

import fieldcrypt
from fieldcrypt import engine
import reference as R

RNG = random.Random(20261122)


def budgets(n: int = 8) -> list[int]:
    return [RNG.choice([1, RNG.randrange(1, 4000), RNG.randrange(1, 30000),
                        RNG.randrange(20000, 60000), 2**32 - 1]) for _ in range(n)]


@pytest.mark.parametrize("i", range(6))
def test_x25519_job_matches_cryptography(i):
    k, u = RNG.randbytes(32), RNG.randbytes(31) + bytes([RNG.randrange(128)])
    want = X25519PrivateKey.from_private_bytes(k).exchange(X25519PublicKey.from_public_bytes(u))
    assert engine.Job.x25519(k, u).run(budgets()) == want
    base = X25519PrivateKey.from_private_bytes(k).public_key().public_bytes_raw()
    assert engine.Job.x25519(k).run(budgets()) == base


def test_smallest_budget_runs_one_unit_per_step():
    k = RNG.randbytes(32)
    job = engine.Job.x25519(k)
    want = X25519PrivateKey.from_private_bytes(k).public_key().public_bytes_raw()
    assert job.run([1]) == want
    # at budget 1 every step is one unit: 255 ladder steps (of one or three units), the chain
    assert 255 < job.steps < 255 * 3 + 120
    big = engine.Job.x25519(k)
    big.run([2**32 - 1])
    assert big.steps == 1


@pytest.mark.parametrize("n", [0, 1, 111, 112, 127, 128, 129, 240, 1000])
def test_sha512_job_matches_hashlib(n):
    msg = RNG.randbytes(n)
    assert engine.Job.sha512(msg).run(budgets()) == hashlib.sha512(msg).digest()


@pytest.mark.parametrize("i", range(4))
def test_elligator2_job_matches_the_reference(i):
    r = RNG.randbytes(32)
    assert engine.Job.elligator2_curve25519(r).run(budgets()) == R.elligator2_curve25519(r)


@pytest.mark.parametrize("i", range(3))
def test_x19119_job_matches_the_reference(i):
    k, u = RNG.randbytes(24), R.x19119_base(RNG.randbytes(24))
    assert engine.Job.x19119(k, u).run(budgets()) == R.x19119(k, u)
    assert engine.Job.x19119(k).run(budgets()) == R.x19119_base(k)
    assert engine.Job.elligator2_curve19119(k).run(budgets()) == R.elligator2_curve19119(k)


def test_low_order_u_fails_at_the_end():
    job = engine.Job.x25519(RNG.randbytes(32), bytes([1]) + bytes(31))
    with pytest.raises(fieldcrypt.FieldcryptError) as e:
        job.run([5000])
    assert e.value.status == fieldcrypt.ERR_ZERO_SHARED
    assert not job.running


def test_misuse_and_wipe():
    job = engine.Job.x25519(RNG.randbytes(32))
    with pytest.raises(fieldcrypt.FieldcryptError) as e:
        job.step(0)
    assert e.value.status == fieldcrypt.ERR_ARGUMENT and job.running
    assert job.step(5000) and job.running
    job.wipe()
    assert not job.running
    with pytest.raises(fieldcrypt.FieldcryptError) as e:
        job.step(5000)
    assert e.value.status == fieldcrypt.ERR_STATE
    with pytest.raises(ValueError):
        engine.Job.x25519(b"short")


def test_cost_table():
    assert engine.cost_model().startswith(("cortex-m0plus", "cortex-m4", "rv32imac"))
    assert 10_000 < engine.max_unit_cost() < 40_000


# ---- providers: a job runs on the first sliceable implementation of the chain ----

@pytest.mark.parametrize("provider", [None] + fieldcrypt.providers())
def test_jobs_on_every_chain(provider):
    """openssl has no sliceable implementation; its chain's soft runs the job."""
    k, r, msg = RNG.randbytes(32), RNG.randbytes(32), RNG.randbytes(300)
    assert engine.Job.x25519(k, provider=provider).run([30000]) == fieldcrypt.x25519_base(k, "soft")
    assert engine.Job.map("elligator2-curve25519", r, provider).run([30000]) == R.elligator2_curve25519(r)
    assert engine.Job.hash("sha512", msg, provider).run([30000]) == hashlib.sha512(msg).digest()
    k24 = RNG.randbytes(24)
    assert engine.Job.xdh("x19119", k24, provider=provider).run([30000]) == R.x19119_base(k24)
    for alg in ("x25519", "x19119", "elligator2-curve25519", "elligator2-curve19119", "sha512"):
        assert engine.supports(alg, provider), alg


def test_what_no_chain_can_slice():
    # SHA-256 has no sliceable implementation: refused at the start, nothing runs
    assert not engine.supports("sha256") and not engine.supports("sha256", "soft")
    with pytest.raises(fieldcrypt.FieldcryptError) as e:
        engine.Job.hash("sha256", b"abc")
    assert e.value.status == fieldcrypt.ERR_UNSUPPORTED
    if "openssl" in fieldcrypt.providers():
        assert fieldcrypt.implementation_flags("openssl", "x25519") == ("constant-time",)
    if "sodium" in fieldcrypt.providers():
        assert fieldcrypt.implementation_flags("sodium", "x25519") == ("constant-time",)
        assert "sliceable" in fieldcrypt.implementation_flags("soft", "x25519")
    with pytest.raises(ValueError):
        engine.Job.map("x25519", bytes(32))          # not a map
    with pytest.raises(ValueError):
        engine.Job.xdh("x19119", bytes(32))          # 24-byte scalars
    with pytest.raises(fieldcrypt.FieldcryptError) as e:
        engine.Job.x25519(bytes(32), provider="nope")
    assert e.value.status == fieldcrypt.ERR_NO_PROVIDER


def test_wipe_is_cancel():
    job = engine.Job.sha512(b"x" * 1000)
    assert job.step(1) and job.running
    job.wipe()
    assert not job.running
    with pytest.raises(fieldcrypt.FieldcryptError) as e:
        job.step(5000)
    assert e.value.status == fieldcrypt.ERR_STATE
    assert 0 < engine.start_cost() < engine.max_unit_cost()
