"""The binding's DRBGs with a caller-chosen entropy source (entropy_source=, a callable
n -> bytes or an object with read(n)): NIST CAVP's DRBG vectors (tests/vectors/cavp_drbg,
README.md there) through every provider and the default chain, each entropy input of a
vector given by the source in the order the DRBG asks for it.

- drbgvectors_pr_true ("PredictionResistance = True"): every generate reseeds from the source
  (EntropyInputPR) with the call's additional input; instantiated once with the vector's
  EntropyInput and Nonce as arguments, once with them drawn from the source too;
- drbgvectors_pr_false: reseed() without entropy draws EntropyInputReseed from the source;
- how a failing source (exception, wrong length, not bytes) fails the call and wipes the DRBG,
  and that the DRBG keeps its source alive.
"""
from __future__ import annotations

import gc
import io

import pytest

import fieldcrypt as fc
from conftest import VECTORS
from test_drbg_reference import records

CAVP = VECTORS / "cavp_drbg"


def providers_of(alg: str) -> list:
    return [p for p in fc.providers() if fc.implements(p, alg)] + [None]


class Source:
    """Gives the listed byte strings in order, each only for a request of its own length."""

    def __init__(self, *items: bytes):
        self.items = [i for i in items if i]
        self.asked: list[int] = []

    def __call__(self, n: int) -> bytes:
        self.asked.append(n)
        item = self.items.pop(0)
        assert len(item) == n, (len(item), n)
        return item

    @property
    def used_up(self) -> bool:
        return not self.items


def drbg_of(rec: dict, prov, **kw) -> fc.Drbg:
    """The binding's DRBG of a CAVP section ("SHA-256", "AES-128 no df")."""
    sec = rec["section"]
    if sec.startswith("SHA-"):
        return fc.HmacDrbg(hash="sha" + sec[4:], provider=prov, **kw)
    return fc.CtrDrbg(key_bits=int(sec[4:7]), derivation_function=sec.endswith("use df"),
                      provider=prov, **kw)


def second_output(drbg: fc.Drbg, rec: dict) -> bytes:
    out = b""
    for addl in rec["AdditionalInput"]:
        out = drbg.generate(len(rec["ReturnedBits"]) // 2, bytes.fromhex(addl))
    return out


def alg_of(path) -> str:
    return "hmac-drbg-sha256" if path.name.startswith("HMAC") else "ctr-drbg-aes256"


PR_TRUE = sorted((CAVP / "drbgvectors_pr_true").glob("*.rsp"))
PR_FALSE = sorted((CAVP / "drbgvectors_pr_false").glob("*.rsp"))


@pytest.mark.parametrize("path", PR_TRUE, ids=lambda p: p.name)
@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "from-source"])
def test_cavp_prediction_resistance(path, seeded):
    h = bytes.fromhex
    n = 0
    for prov in providers_of(alg_of(path)):
        for rec in records(path):
            pr = [h(e) for e in rec["EntropyInputPR"]]
            assert len(pr) == 2
            pers = h(rec["PersonalizationString"])
            entropy, nonce = h(rec["EntropyInput"]), h(rec.get("Nonce", ""))
            if seeded:
                src = Source(*pr)
                drbg = drbg_of(rec, prov, entropy=entropy, nonce=nonce, personalization=pers,
                               prediction_resistance=True, entropy_source=src)
            else:
                src = Source(entropy, nonce, *pr)
                drbg = drbg_of(rec, prov, personalization=pers, prediction_resistance=True,
                               entropy_source=src)
            got = second_output(drbg, rec)
            assert got.hex() == rec["ReturnedBits"], (prov, rec["section"], rec.get("COUNT"))
            assert src.used_up, (prov, rec["section"])
            drbg.wipe()
            n += 1
    assert n >= 3 * 120


@pytest.mark.parametrize("path", PR_FALSE, ids=lambda p: p.name)
def test_cavp_reseed_from_source(path):
    h = bytes.fromhex
    for prov in providers_of(alg_of(path)):
        for rec in list(records(path))[::7]:
            src = Source(h(rec["EntropyInput"]), h(rec.get("Nonce", "")),
                         h(rec["EntropyInputReseed"]))
            drbg = drbg_of(rec, prov, personalization=h(rec["PersonalizationString"]),
                           entropy_source=src)
            drbg.reseed(additional=h(rec["AdditionalInputReseed"]))
            assert src.used_up
            assert second_output(drbg, rec).hex() == rec["ReturnedBits"], (prov, rec["section"])


def first_pr_record() -> dict:
    """drbgvectors_pr_true/HMAC_DRBG.rsp, [SHA-256], COUNT = 0 of the first block (no
    personalization string or additional input)."""
    recs = records(CAVP / "drbgvectors_pr_true" / "HMAC_DRBG.rsp")
    rec = next(r for r in recs if r["section"] == "SHA-256")
    assert rec["PersonalizationString"] == "" and rec["AdditionalInput"] == ["", ""]
    return rec


def test_source_object_with_read():
    rec = first_pr_record()
    h = bytes.fromhex
    stream = io.BytesIO(h(rec["EntropyInput"]) + h(rec["Nonce"]) +
                        b"".join(h(e) for e in rec["EntropyInputPR"]))
    drbg = fc.HmacDrbg(prediction_resistance=True, entropy_source=stream)
    assert second_output(drbg, rec).hex() == rec["ReturnedBits"]
    assert stream.read() == b""


def test_source_kept_alive_by_the_drbg():
    """Only the DRBG refers to the source (and its ctypes callback) after construction."""
    rec = first_pr_record()
    h = bytes.fromhex

    def make():
        items = [h(e) for e in rec["EntropyInputPR"]]
        return fc.HmacDrbg(h(rec["EntropyInput"]), h(rec["Nonce"]), prediction_resistance=True,
                           entropy_source=lambda n: items.pop(0))

    drbg = make()
    gc.collect()
    assert second_output(drbg, rec).hex() == rec["ReturnedBits"]


def expect_status(status: int, fn, *args, **kw):
    with pytest.raises(fc.FieldcryptError) as e:
        fn(*args, **kw)
    assert e.value.status == status
    return e.value


def test_prediction_resistance_needs_a_source():
    expect_status(fc.ERR_ARGUMENT, fc.HmacDrbg, bytes(32), bytes(16), prediction_resistance=True)
    expect_status(fc.ERR_ARGUMENT, fc.CtrDrbg, bytes(32), bytes(16), prediction_resistance=True)
    # with entropy given and no source, reseed() needs entropy
    drbg = fc.CtrDrbg(bytes(32), bytes(16))
    expect_status(fc.ERR_NO_RNG, drbg.reseed)


@pytest.mark.parametrize("bad", ["raises", "short", "long", "not-bytes"])
def test_failing_source_fails_the_call_and_wipes(bad):
    calls = []

    def source(n):
        calls.append(n)
        if len(calls) == 1:
            return bytes(n)  # instantiate draws entropy, then the nonce: both fine
        if len(calls) == 2:
            return bytes(n)
        if bad == "raises":
            raise OSError("TRNG fault")
        return {"short": bytes(n - 1), "long": bytes(n + 1), "not-bytes": n}[bad]

    for cls in (fc.HmacDrbg, fc.CtrDrbg):
        calls.clear()
        drbg = cls(prediction_resistance=True, entropy_source=source)
        err = expect_status(fc.ERR_RNG_FAILED, drbg.generate, 16)
        assert isinstance(err.__cause__, {"raises": OSError, "short": ValueError,
                                          "long": ValueError, "not-bytes": TypeError}[bad])
        # the failing reseed wiped the DRBG: it must be instantiated again
        expect_status(fc.ERR_STATE, drbg.generate, 16)
        # a failure at instantiation is raised the same way
        calls[:] = [0, 0]
        expect_status(fc.ERR_RNG_FAILED, cls, entropy_source=source)


def test_not_a_source():
    with pytest.raises(TypeError):
        fc.HmacDrbg(entropy_source=b"fixed bytes are no source")
