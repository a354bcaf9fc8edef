"""CPace (draft-irtf-cfrg-cpace-21) through the C library."""
from __future__ import annotations

import ctypes

from . import _native as _n
from . import FieldcryptError, _bytes, _check, _provider

SUITES = {"x25519": 1, "x19119": 2}
ROLES = {"initiator": 1, "responder": 2, "symmetric": 3}


def _rng_struct(rng):
    """fc_rng whose callback asks `rng(n) -> bytes`; None means the library's default."""
    if rng is None:
        return None, None

    @_n.RNG_FILL
    def fill(_user, out, n):
        try:
            data = rng(n)
        except Exception:  # a failing source must fail the call, not crash the process
            return -1
        if len(data) != n:
            return -1
        ctypes.memmove(out, data, n)
        return 0

    return _n.Rng(fill, None), fill


class CPace:
    """One side of a CPace run. Call order: share -> receive() -> [tag(), verify()] -> isk().

    rng: optional callable n -> bytes, e.g. to reproduce test vectors; default: the OS.
    """

    def __init__(self, role: str, prs: bytes, *, sid: bytes = b"", ci: bytes = b"",
                 ad: bytes = b"", confirm: bool = False, suite: str = "x25519",
                 provider: str | None = None, rng=None):
        if role not in ROLES:
            raise ValueError(f"role must be one of {sorted(ROLES)}")
        if suite not in SUITES:
            raise ValueError(f"suite must be one of {sorted(SUITES)}")
        self._ctx = ctypes.create_string_buffer(_n.fc_context_size(b"fc_cpace_ctx"))
        self._keep = [_bytes(prs, "prs"), _bytes(ci, "ci"), _bytes(sid, "sid"), _bytes(ad, "ad")]
        prs, ci, sid, ad = self._keep
        self.share_len = _n.fc_cpace_share_len(SUITES[suite])
        params = _n.CpaceParams(SUITES[suite], ROLES[role], prs, len(prs), ci, len(ci), sid,
                                len(sid), ad, len(ad), int(bool(confirm)), _provider(provider))
        rng_struct, _cb = _rng_struct(rng)
        share = ctypes.create_string_buffer(self.share_len)
        st = _n.fc_cpace_start(self._ctx, ctypes.byref(params),
                               ctypes.byref(rng_struct) if rng_struct else None,
                               share, self.share_len)
        if st == -2:  # FC_ERR_LENGTH: sid or ad longer than the context can hold
            raise ValueError("sid or ad too long for this build (FC_CPACE_MAX_SID / FC_CPACE_MAX_AD)")
        _check(st, "cpace start")
        self.share = share.raw

    def receive(self, peer_share: bytes, peer_ad: bytes = b"") -> None:
        peer_share = _bytes(peer_share, "peer share", self.share_len)
        peer_ad = _bytes(peer_ad, "peer ad")
        _check(_n.fc_cpace_receive(self._ctx, peer_share, len(peer_share), peer_ad, len(peer_ad)),
               "cpace receive")

    def tag(self) -> bytes:
        out = ctypes.create_string_buffer(64)
        _check(_n.fc_cpace_tag(self._ctx, out, 64), "cpace tag")
        return out.raw

    def verify(self, peer_tag: bytes) -> None:
        """Raises FieldcryptError (status ERR_VERIFY) when the tag is wrong; the run is then over."""
        peer_tag = _bytes(peer_tag, "peer tag", 64)
        _check(_n.fc_cpace_verify(self._ctx, peer_tag, 64), "cpace verify")

    def isk(self) -> bytes:
        out = ctypes.create_string_buffer(64)
        _check(_n.fc_cpace_isk(self._ctx, out, 64), "cpace isk")
        return out.raw

    def sid_output(self) -> bytes:
        out = ctypes.create_string_buffer(64)
        _check(_n.fc_cpace_sid_output(self._ctx, out, 64), "cpace sid_output")
        return out.raw

    def wipe(self) -> None:
        """Ends the run and wipes every secret; only a new CPace object goes on."""
        if getattr(self, "_ctx", None) is not None:
            _n.fc_cpace_wipe(self._ctx)


    def __del__(self):
        self.wipe()


def cpace_generator(prs: bytes, ci: bytes = b"", sid: bytes = b"", suite: str = "x25519",
                    provider: str | None = None) -> bytes:
    if suite not in SUITES:
        raise ValueError(f"suite must be one of {sorted(SUITES)}")
    prs, ci, sid = _bytes(prs, "prs"), _bytes(ci, "ci"), _bytes(sid, "sid")
    n = _n.fc_cpace_share_len(SUITES[suite])
    out = ctypes.create_string_buffer(n)
    _check(_n.fc_cpace_generator(_provider(provider), SUITES[suite], out, n, prs, len(prs), ci,
                                 len(ci), sid, len(sid)), "cpace generator")
    return out.raw


__all__ = ["CPace", "cpace_generator", "FieldcryptError"]


# ---- the 2017 PACE profile (compatibility only; prefer CPace) ----

def pace2017_kpi(password: bytes, device_id: bytes = b"", provider: str | None = None) -> bytes:
    password, device_id = _bytes(password, "password"), _bytes(device_id, "device id")
    out = ctypes.create_string_buffer(32)
    _check(_n.fc_pace2017_derive_kpi(_provider(provider), out, password, len(password),
                                     device_id, len(device_id)), "pace2017 kpi")
    return out.raw


class _Pace2017:
    def __init__(self):
        self._ctx = ctypes.create_string_buffer(_n.fc_context_size(b"fc_pace2017_ctx"))

    def session_key(self) -> bytes:
        out = ctypes.create_string_buffer(32)
        _check(_n.fc_pace2017_session_key(self._ctx, out, 32), "pace2017 key")
        return out.raw

    def wipe(self) -> None:
        """Ends the run and wipes every secret."""
        if getattr(self, "_ctx", None) is not None:
            _n.fc_pace2017_wipe(self._ctx)


    def __del__(self):
        self.wipe()


class Pace2017Device(_Pace2017):
    """Device side: .msg1, then respond(msg2) -> msg3, then finish(msg4), then session_key()."""

    def __init__(self, kpi: bytes, provider: str | None = None, rng=None):
        super().__init__()
        kpi = _bytes(kpi, "K_pi", 32)
        rng_struct, self._cb = _rng_struct(rng)
        out = ctypes.create_string_buffer(24)
        _check(_n.fc_pace2017_device_start(self._ctx, _provider(provider),
                                           ctypes.byref(rng_struct) if rng_struct else None,
                                           out, 24, kpi), "pace2017 device start")
        self.msg1 = out.raw

    def respond(self, msg2: bytes) -> bytes:
        msg2 = _bytes(msg2, "M2", 48)
        out = ctypes.create_string_buffer(48)
        _check(_n.fc_pace2017_device_respond(self._ctx, out, 48, msg2, 48), "pace2017 respond")
        return out.raw

    def finish(self, msg4: bytes) -> None:
        msg4 = _bytes(msg4, "M4", 16)
        _check(_n.fc_pace2017_device_finish(self._ctx, msg4, 16), "pace2017 device finish")


class Pace2017Handheld(_Pace2017):
    """Handheld side: built from msg1, gives .msg2, then finish(msg3) -> msg4, then session_key()."""

    def __init__(self, kpi: bytes, msg1: bytes, provider: str | None = None, rng=None):
        super().__init__()
        kpi = _bytes(kpi, "K_pi", 32)
        msg1 = _bytes(msg1, "M1", 24)
        rng_struct, self._cb = _rng_struct(rng)
        out = ctypes.create_string_buffer(48)
        _check(_n.fc_pace2017_handheld_start(self._ctx, _provider(provider),
                                             ctypes.byref(rng_struct) if rng_struct else None,
                                             out, 48, kpi, msg1, 24), "pace2017 handheld start")
        self.msg2 = out.raw

    def finish(self, msg3: bytes) -> bytes:
        msg3 = _bytes(msg3, "M3", 48)
        out = ctypes.create_string_buffer(16)
        _check(_n.fc_pace2017_handheld_finish(self._ctx, out, 16, msg3, 48),
               "pace2017 handheld finish")
        return out.raw


__all__ += ["pace2017_kpi", "Pace2017Device", "Pace2017Handheld"]
