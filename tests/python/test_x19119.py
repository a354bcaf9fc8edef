"""Curve19119 (X19119, Elligator2, CPace-X19119-SHA512) through the binding, against the
plain-Python reference (reference.py, x19119_reference.py); the curve parameters themselves;
group checks on the C library's outputs."""
import hashlib
import json
import random

import pytest

import fieldcrypt as fc
import reference as R
import x19119_reference as XR

from conftest import VECTORS, providers_for

P, A, Q = R.P19119, R.A19119, R.Q19119
V = json.loads((VECTORS / "x19119" / "x19119.json").read_text())
PROVIDERS = providers_for("x19119")
MAP_PROVIDERS = providers_for("elligator2-curve19119")


# ---- the curve ----

def is_probable_prime(n: int, rounds: int = 32) -> bool:
    """Miller-Rabin with seeded random bases (error below 4^-rounds for a composite)."""
    if n < 2:
        return False
    for sp in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % sp == 0:
            return n == sp
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    rng = random.Random(n & 0xFFFFFFFF)
    for _ in range(rounds):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def test_miller_rabin_itself():
    assert [n for n in range(60) if is_probable_prime(n)] == \
        [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59]
    assert not is_probable_prime(561) and not is_probable_prime(3215031751)  # Carmichael, spsp
    assert is_probable_prime(2**127 - 1) and not is_probable_prime(2**128 + 1)


def test_curve_parameters():
    assert is_probable_prime(P) and P % 8 == 5
    assert is_probable_prime(Q) and Q == 2**188 + 6805822842506810719592233527
    legendre = lambda x: pow(x % P, (P - 1) // 2, P)  # noqa: E731
    assert legendre(2) == P - 1            # Z = 2 is a non-square: the Elligator2 constant
    assert legendre(A * A - 4) == P - 1    # RFC 9380's precondition; one point of order 2
    assert (A - 2) % 4 == 0 and (A - 2) // 4 == 132354
    base = R.lift19119(11)
    assert base is not None                # u = 11 is on the curve, not on the twist
    assert R.mul19119(Q, base) is None     # of order q (prime, and base != O)
    assert R.ladder19119(Q, 11)[1] == 0 and R.x19119_int(Q + 1, 11) == 11
    # The group order is 8q: a point of order exactly 8 exists and q divides the order, so 8q
    # does; Hasse's interval p + 1 +- 2 sqrt(p) is far narrower than 8q, so it holds one
    # multiple of 8q only.
    rng = random.Random(1)
    order8 = False
    for _ in range(12):
        pt = R.lift19119(rng.randrange(P))
        if pt is None:
            continue
        assert R.mul19119(8 * Q, pt) is None
        order8 |= R.mul19119(4 * Q, pt) is not None
    assert order8
    assert (P + 1 - 8 * Q) ** 2 <= 4 * P
    # the twist has order 2p + 2 - 8q = 4 * prime: secure
    twist = 2 * P + 2 - 8 * Q
    assert twist % 4 == 0 and is_probable_prime(twist // 4)


def test_vector_file_matches_reference():
    assert XR.vectors() == V


# ---- X19119 and Elligator2 against the reference ----

@pytest.mark.parametrize("provider", PROVIDERS)
def test_vectors_through_binding(provider):
    for v in V["ladder"]:
        k, u = bytes.fromhex(v["scalar"]), bytes.fromhex(v["u"])
        if v["output"] == "00" * 24:
            with pytest.raises(fc.FieldcryptError) as e:
                fc.x19119(k, u, provider)
            assert e.value.status == fc.ERR_ZERO_SHARED, v["comment"]
        else:
            assert fc.x19119(k, u, provider).hex() == v["output"], v["comment"]
    for v in V["base"]:
        assert fc.x19119_base(bytes.fromhex(v["scalar"]), provider).hex() == v["public"]
    k = u = (11).to_bytes(24, "little")
    k = fc.x19119(k, u, provider)
    assert k.hex() == V["iterated"]["results"][0]["k"]


@pytest.mark.parametrize("provider", MAP_PROVIDERS)
def test_elligator2_vectors_through_binding(provider):
    for v in V["elligator2"]:
        assert fc.elligator2_curve19119(bytes.fromhex(v["r"]), provider).hex() == v["u"]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_x19119_random_against_python_ladder(provider, rng):
    for i in range(300):
        k = rng.randbytes(24)
        u = rng.randbytes(24) if i % 2 else R.x19119_base(rng.randbytes(24))  # twist too
        want = R.x19119(k, u)
        if want == bytes(24):
            continue
        assert fc.x19119(k, u, provider) == want, (k.hex(), u.hex())
        if i % 10 == 0:
            assert fc.x19119_base(k, provider) == R.x19119_base(k)


@pytest.mark.parametrize("provider", MAP_PROVIDERS)
def test_elligator2_random_against_python(provider, rng):
    specials = [0, 1, P - 1, P, P + 1, 2**191 - 1, 2**191, 2**192 - 1]
    inputs = [s.to_bytes(24, "little") for s in specials] + [rng.randbytes(24) for _ in range(300)]
    for r in inputs:
        assert fc.elligator2_curve19119(r, provider) == R.elligator2_curve19119(r), r.hex()


def test_wrong_lengths_raise_value_error():
    for n in (0, 23, 25, 32):
        with pytest.raises(ValueError):
            fc.x19119(bytes(n), bytes(24))
        with pytest.raises(ValueError):
            fc.x19119(bytes(24), bytes(n))
        with pytest.raises(ValueError):
            fc.x19119_base(bytes(n))
        with pytest.raises(ValueError):
            fc.elligator2_curve19119(bytes(n))
    with pytest.raises(TypeError):
        fc.x19119("k" * 24, bytes(24))


def test_providers_without_curve19119_pass_it_down_their_chain(rng):
    """soft implements Curve19119; openssl, sodium and wolfssl do not, and their chains (-> soft) run it
    on soft (before the chains, X19119 on openssl failed with FC_ERR_UNSUPPORTED)."""
    info = {i["name"]: i for i in fc.provider_info()}
    assert {"x19119", "elligator2-curve19119"} <= set(info["soft"]["implements"])
    for host in ("openssl", "sodium", "wolfssl"):
        if host not in info:
            continue
        for alg in ("x19119", "elligator2-curve19119"):
            assert alg not in info[host]["implements"] and not fc.implements(host, alg)
            assert alg in info[host]["supports"]
            assert info[host]["algorithms"][alg]["runs_on"] == "soft"
        k, u, r = rng.randbytes(24), R.x19119_base(rng.randbytes(24)), rng.randbytes(24)
        assert fc.x19119(k, u, host) == fc.x19119(k, u, "soft") == R.x19119(k, u)
        assert fc.elligator2_curve19119(r, host) == R.elligator2_curve19119(r)
    for name in fc.providers():
        results = dict(fc.selftest(name))
        assert results["x19119"] == (fc.OK if name in PROVIDERS else fc.ERR_UNSUPPORTED)
        assert results["elligator2-curve19119"] == (fc.OK if name in MAP_PROVIDERS
                                                    else fc.ERR_UNSUPPORTED)


# ---- group checks on the C outputs ----

@pytest.mark.parametrize("provider", PROVIDERS)
def test_public_keys_are_in_the_prime_order_subgroup(provider, rng):
    for _ in range(6):
        a, b = rng.randbytes(24), rng.randbytes(24)
        pa, pb = fc.x19119_base(a, provider), fc.x19119_base(b, provider)
        pt = R.lift19119(int.from_bytes(pa, "little"))
        assert pt is not None and R.mul19119(Q, pt) is None
        assert fc.x19119(a, pb, provider) == fc.x19119(b, pa, provider)


@pytest.mark.parametrize("provider", MAP_PROVIDERS)
def test_mapped_points_are_on_the_curve(provider, rng):
    for _ in range(8):
        u = int.from_bytes(fc.elligator2_curve19119(rng.randbytes(24), provider), "little")
        assert u < P
        pt = R.lift19119(u)
        assert pt is not None                       # the curve, never the twist
        assert R.mul19119(8 * Q, pt) is None
        assert R.mul19119(8, pt) is not None        # not of small order


def test_low_order_inputs_abort():
    k = bytes(range(24))
    for u in (0, 1, P - 1, P, P + 1, 1 << 191):
        with pytest.raises(fc.FieldcryptError) as e:
            fc.x19119(k, u.to_bytes(24, "little"))
        assert e.value.status == fc.ERR_ZERO_SHARED


# ---- CPace with suite "x19119" ----

C = V["cpace"]


def h(name):
    return bytes.fromhex(C[name])


@pytest.mark.parametrize("mode", ["initiator_responder", "symmetric"])
def test_cpace_vector_through_binding(mode):
    sym = mode == "symmetric"
    common = dict(sid=h("sid"), ci=h("CI"), confirm=True, suite="x19119")
    a = fc.CPace("symmetric" if sym else "initiator", h("PRS"), ad=h("ADa"),
                 rng=lambda n: h("ya")[:n], **common)
    b = fc.CPace("symmetric" if sym else "responder", h("PRS"), ad=h("ADb"),
                 rng=lambda n: h("yb")[:n], **common)
    assert a.share_len == 24
    assert a.share == h("Ya") and b.share == h("Yb")
    a.receive(b.share, h("ADb"))
    b.receive(a.share, h("ADa"))
    assert a.tag().hex() == C[mode]["Ta"] and b.tag().hex() == C[mode]["Tb"]
    a.verify(b.tag())
    b.verify(a.tag())
    assert a.isk() == b.isk() == bytes.fromhex(C[mode]["ISK"])
    assert a.sid_output().hex() == C[mode]["sid_output"]
    assert fc.cpace_generator(h("PRS"), h("CI"), h("sid"), suite="x19119") == h("g")


def _pair(pw_a, pw_b, confirm, mode="ir"):
    sid = random.Random(7).randbytes(16)
    ra, rb = ("symmetric", "symmetric") if mode == "sym" else ("initiator", "responder")
    a = fc.CPace(ra, pw_a, sid=sid, ad=b"A", confirm=confirm, suite="x19119")
    b = fc.CPace(rb, pw_b, sid=sid, ad=b"B", confirm=confirm, suite="x19119")
    a.receive(b.share, b"B")
    b.receive(a.share, b"A")
    return a, b


@pytest.mark.parametrize("mode", ["ir", "sym"])
def test_cpace_right_password(mode):
    a, b = _pair(b"correct horse", b"correct horse", True, mode)
    a.verify(b.tag())
    b.verify(a.tag())
    assert a.isk() == b.isk()
    # sid_output needs no secret: the reference recomputes it from the shares
    tr = XR.transcript(a.share, b"A", b.share, b"B", mode == "sym")
    assert a.sid_output() == b.sid_output() == hashlib.sha512(b"CPaceSidOutput" + tr).digest()


def test_cpace_wrong_password():
    a, b = _pair(b"correct horse", b"battery staple", True)
    with pytest.raises(fc.FieldcryptError) as e:
        a.verify(b.tag())
    assert e.value.status == fc.ERR_VERIFY
    with pytest.raises(fc.FieldcryptError):
        a.isk()
    a, b = _pair(b"correct horse", b"battery staple", False)
    assert a.isk() != b.isk()


def test_cpace_x19119_refusals():
    c = fc.CPace("initiator", b"pw", suite="x19119")
    with pytest.raises(ValueError):
        c.receive(bytes(32))
    for share in (bytes(24), (1).to_bytes(24, "little")):
        c = fc.CPace("initiator", b"pw", suite="x19119")
        with pytest.raises(fc.FieldcryptError) as e:
            c.receive(share)
        assert e.value.status == fc.ERR_ZERO_SHARED
