"""The 2017 PACE profile: fieldcrypt against the independent reference (pace2017_reference.py)
on fixed and random inputs, and every failure path."""
import json
import os

import pytest

import fieldcrypt as fc
import pace2017_reference as ref

from conftest import VECTORS, providers_for

PROVIDERS = providers_for("elligator2-curve25519")


def _fixed(data: bytes):
    """rng that hands out `data` front to back (the profile's documented randomness order)."""
    buf = bytearray(data)

    def take(n):
        out = bytes(buf[:n])
        del buf[:n]
        return out
    return take


def _run(v: dict, provider=None) -> dict:
    b = {k: bytes.fromhex(v[k]) for k in v}
    k_pi = fc.pace2017_kpi(b["password"], b["device_id"], provider)
    dev = fc.Pace2017Device(k_pi, provider, rng=_fixed(b["s"] + b["n"] + b["ya"]))
    hh = fc.Pace2017Handheld(k_pi, dev.msg1, provider, rng=_fixed(b["t"] + b["yb"]))
    msg3 = dev.respond(hh.msg2)
    msg4 = hh.finish(msg3)
    dev.finish(msg4)
    assert dev.session_key() == hh.session_key()
    return {"kpi": k_pi.hex(), "msg1": dev.msg1.hex(), "msg2": hh.msg2.hex(), "msg3": msg3.hex(),
            "msg4": msg4.hex(), "key": dev.session_key().hex()}


def test_vector_file_matches_reference():
    stored = json.loads((VECTORS / "pace2017" / "pace2017.json").read_text())["vectors"]
    assert stored == ref.vectors()


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("index", range(len(ref.FIXED)))
def test_fixed_vectors(provider, index):
    v = ref.vectors()[index]
    got = _run(v, provider)
    assert got == {k: v[k] for k in got}


def test_random_runs_against_reference():
    for _ in range(25):
        pw, dev_id = os.urandom(os.urandom(1)[0] % 40), os.urandom(8)
        s, n, ya, t, yb = os.urandom(16), os.urandom(8), os.urandom(32), os.urandom(16), os.urandom(32)
        v = {"password": pw.hex(), "device_id": dev_id.hex(), "s": s.hex(), "n": n.hex(),
             "ya": ya.hex(), "t": t.hex(), "yb": yb.hex()}
        assert _run(v) == ref.run(pw, dev_id, s, n, ya, t, yb)


def test_wrong_password_fails_on_both_sides_and_releases_no_key():
    dev = fc.Pace2017Device(fc.pace2017_kpi(b"right", b"d"))
    hh = fc.Pace2017Handheld(fc.pace2017_kpi(b"wrong", b"d"), dev.msg1)
    msg3 = dev.respond(hh.msg2)
    with pytest.raises(fc.FieldcryptError) as e:
        hh.finish(msg3)
    assert e.value.status == fc.ERR_VERIFY
    with pytest.raises(fc.FieldcryptError) as e:
        dev.finish(bytes(16))  # what a handheld without the password can send
    assert e.value.status == fc.ERR_VERIFY
    for side in (dev, hh):
        with pytest.raises(fc.FieldcryptError) as e:
            side.session_key()
        assert e.value.status == fc.ERR_STATE


def test_refusals():
    k = fc.pace2017_kpi(b"pw")
    dev = fc.Pace2017Device(k)
    with pytest.raises(fc.FieldcryptError) as e:
        dev.finish(bytes(16))  # before respond
    assert e.value.status == fc.ERR_STATE
    with pytest.raises(ValueError):
        dev.respond(bytes(47))
    hh = fc.Pace2017Handheld(k, dev.msg1)
    # low-order Y_B (u = 0): the device aborts
    with pytest.raises(fc.FieldcryptError) as e:
        dev.respond(hh.msg2[:16] + bytes(32))
    assert e.value.status == fc.ERR_ZERO_SHARED
    with pytest.raises(fc.FieldcryptError) as e:
        dev.respond(hh.msg2)  # the run is over
    assert e.value.status == fc.ERR_STATE
    # Y_A reflected back as Y_B... on the handheld: M3 carrying the handheld's own share
    dev = fc.Pace2017Device(k)
    hh = fc.Pace2017Handheld(k, dev.msg1)
    with pytest.raises(fc.FieldcryptError) as e:
        hh.finish(hh.msg2[16:] + bytes(16))
    assert e.value.status == fc.ERR_PROTOCOL
    with pytest.raises(ValueError):
        fc.Pace2017Handheld(k, bytes(23))


def test_wipe_ends_the_run():
    k = fc.pace2017_kpi(b"pw", b"d", "soft")
    assert all(fc.pace2017_kpi(b"pw", b"d", p) == k for p in PROVIDERS)
    dev = fc.Pace2017Device(k)
    hh = fc.Pace2017Handheld(k, dev.msg1)
    dev.wipe()
    with pytest.raises(fc.FieldcryptError) as e:
        dev.respond(hh.msg2)
    assert e.value.status == fc.ERR_STATE
    hh.wipe()
    with pytest.raises(fc.FieldcryptError) as e:
        hh.session_key()
    assert e.value.status == fc.ERR_STATE
