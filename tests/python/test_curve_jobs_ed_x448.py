"""The X448 job through the binding against the `cryptography` package, for random inputs and
random budgets."""
import random

import pytest
from cryptography.hazmat.primitives.asymmetric.x448 import X448PrivateKey, X448PublicKey

from fieldcrypt import engine

RNG = random.Random(20261124)


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
