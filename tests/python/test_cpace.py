"""CPace through the binding: the draft-21 vectors, and complete exchanges with the independent
PyPI implementation `cpace` 0.1.0 (which reproduces draft-21, initiator-responder mode)."""
import json
import os

import pytest
from cpace import CPace as PyCPace, CPaceRole

import fieldcrypt as fc

from conftest import VECTORS, providers_for

V = json.loads((VECTORS / "cpace" / "cpace_x25519_sha512.json").read_text())
P = V["protocol"]
PROVIDERS = providers_for("elligator2-curve25519")


def h(name):
    return bytes.fromhex(P[name])


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("mode", ["initiator_responder", "symmetric"])
def test_draft_vectors_through_binding(provider, mode):
    sym = mode == "symmetric"
    common = dict(sid=h("sid"), ci=h("CI"), confirm=True, provider=provider)
    a = fc.CPace("symmetric" if sym else "initiator", h("PRS"), ad=h("ADa"),
                 rng=lambda n: h("ya")[:n], **common)
    b = fc.CPace("symmetric" if sym else "responder", h("PRS"), ad=h("ADb"),
                 rng=lambda n: h("yb")[:n], **common)
    assert a.share == h("Ya") and b.share == h("Yb")
    a.receive(b.share, h("ADb"))
    b.receive(a.share, h("ADa"))
    kc = V["key_confirmation_example"][mode]
    assert a.tag().hex() == kc["Ta"] and b.tag().hex() == kc["Tb"]
    a.verify(b.tag())
    b.verify(a.tag())
    assert a.isk() == b.isk() == bytes.fromhex(P[mode]["ISK"])
    assert a.sid_output().hex() == P["sid_output_oc" if sym else "sid_output_ir"]


def test_generator_through_binding():
    g = V["calculate_generator"]
    assert fc.cpace_generator(bytes.fromhex(g["PRS"]), bytes.fromhex(g["CI"]),
                              bytes.fromhex(g["sid"])).hex() == g["g"]


def _run(fc_role: str, confirm: bool, fc_pw: bytes, py_pw: bytes, provider=None):
    """One exchange between fieldcrypt (fc_role) and the cpace package (the other role)."""
    sid, ci = os.urandom(16), b"\x0bA_initiator\x0bB_responder"
    mine = fc.CPace(fc_role, fc_pw, sid=sid, ci=ci, ad=b"fc-ad", confirm=confirm, provider=provider)
    py_role = CPaceRole.RESPONDER if fc_role == "initiator" else CPaceRole.INITIATOR
    theirs = PyCPace.start(role=py_role, prs=py_pw, sid=sid, ci=ci, ad=b"py-ad")
    mine.receive(theirs.public_share, b"py-ad")
    theirs.derive(mine.share, b"fc-ad")
    return mine, theirs


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("fc_role", ["initiator", "responder"])
@pytest.mark.parametrize("confirm", [False, True])
def test_interop_right_password(provider, fc_role, confirm):
    mine, theirs = _run(fc_role, confirm, b"correct horse", b"correct horse", provider)
    if confirm:
        assert theirs.verify(mine.tag())
        mine.verify(theirs.tag())
    assert mine.isk() == theirs.isk
    assert mine.sid_output() == theirs.sid_output


@pytest.mark.parametrize("fc_role", ["initiator", "responder"])
def test_interop_wrong_password_releases_no_key(fc_role):
    mine, theirs = _run(fc_role, True, b"correct horse", b"battery staple")
    assert not theirs.verify(mine.tag())
    with pytest.raises(fc.FieldcryptError) as e:
        mine.verify(theirs.tag())
    assert e.value.status == fc.ERR_VERIFY
    with pytest.raises(fc.FieldcryptError) as e:
        mine.isk()
    assert e.value.status == fc.ERR_STATE


def test_interop_wrong_password_without_confirmation_gives_different_keys():
    mine, theirs = _run("initiator", False, b"correct horse", b"battery staple")
    assert mine.isk() != theirs.isk


@pytest.mark.parametrize("share", [bytes(32), (1).to_bytes(32, "little"),
                                   bytes.fromhex(V["scalar_mult_vfy_low_order"]["cases"][2]["u"])])
def test_low_order_share_aborts(share):
    c = fc.CPace("initiator", b"pw")
    with pytest.raises(fc.FieldcryptError) as e:
        c.receive(share)
    assert e.value.status == fc.ERR_ZERO_SHARED
    with pytest.raises(fc.FieldcryptError):
        c.isk()


def test_binding_refusals():
    c = fc.CPace("initiator", b"pw")
    with pytest.raises(ValueError):
        c.receive(bytes(31))
    with pytest.raises(ValueError):
        fc.CPace("initiator", b"pw", sid=bytes(65))
    with pytest.raises(ValueError):
        fc.CPace("sideways", b"pw")
    with pytest.raises(fc.FieldcryptError) as e:
        c.tag()  # before receive
    assert e.value.status == fc.ERR_STATE
    with pytest.raises(fc.FieldcryptError) as e:
        c.receive(c.share)
    assert e.value.status == fc.ERR_PROTOCOL
    # a randomness source that fails must fail the start, not weaken it
    with pytest.raises(fc.FieldcryptError) as e:
        fc.CPace("initiator", b"pw", rng=lambda n: b"")
    assert e.value.status == fc.ERR_RNG_FAILED


@pytest.mark.parametrize("provider", PROVIDERS)
def test_generator_on_every_chain(provider):
    g = V["calculate_generator"]
    assert fc.cpace_generator(bytes.fromhex(g["PRS"]), bytes.fromhex(g["CI"]),
                              bytes.fromhex(g["sid"]), provider=provider).hex() == g["g"]
    with pytest.raises(ValueError):
        fc.cpace_generator(b"prs", suite="x448")


def test_wipe_ends_the_run():
    a, b = fc.CPace("initiator", b"pw"), fc.CPace("responder", b"pw")
    a.receive(b.share)
    a.wipe()
    with pytest.raises(fc.FieldcryptError) as e:
        a.isk()
    assert e.value.status == fc.ERR_STATE
