"""The slice engine from Python (include/fieldcrypt/engine.h): a long operation as a job that
runs in steps of a given budget (work units = modelled cycles of the build's target; on the
host the Cortex-M0+ table). Mostly for tests and experiments: it shows how many steps an
operation takes at a budget and that any sequence of budgets gives the synchronous result.

    job = Job.x25519(scalar, u)          # or x19119, x448, elligator2_curve25519/19119, sha512
    while job.step(28_000): pass         # True while work is left
    job.result                           # the output, once done

Ed25519 (all three variants): Job.eddsa_sign(alg, seed, msg, pub=None, context=b"") gives the
signature; Job.eddsa_verify(alg, pub, msg, sig, context=b"") gives True or False (a refused
signature ends the job without raising).

The family starts take the library's algorithm names: Job.xdh("x19119", k, u),
Job.map("elligator2-curve25519", r), Job.hash("sha512", msg). A job runs on the first
sliceable implementation of the provider chain (provider=None: the default chain; on a host
build openssl -> soft, whose sliceable implementations are soft's).
"""
from __future__ import annotations

import ctypes
from collections.abc import Iterable

from . import (ERR_ENCODING, ERR_STATE, ERR_VERIFY, FieldcryptError, _alg, _bytes, _provider,
               algorithm_info)
from .ec import ECDSA_DER, ECDSA_HEDGED, ECDSA_LOW_S, ec_check_public
from . import _native as _n

PENDING = 1
JOB_SIZE = _n.fc_context_size(b"fc_job")


def cost_model() -> str:
    """The cycle model the build's cost table comes from (\"cortex-m0plus\" on a host)."""
    return _n.fc_job_cost_model().decode()


def max_unit_cost() -> int:
    """The dearest unit: a budget below it still runs one unit per step."""
    return _n.fc_job_max_unit_cost()


def start_cost() -> int:
    """What starting a job costs (a sliced protocol keeps that much of a step's budget)."""
    return _n.fc_job_start_cost()


def supports(alg: str, provider: str | None = None) -> bool:
    """True when the chain from provider (None: the default) can run alg as a job."""
    return bool(_n.fc_job_supports(_provider(provider), algorithm_info(alg).id))


class Job:
    """One engine job in its own caller-allocated state (fc_job)."""

    def __init__(self, out_len: int, keep: tuple = ()):
        self._job = ctypes.create_string_buffer(JOB_SIZE)
        self._out = ctypes.create_string_buffer(out_len)
        self._keep = keep          # inputs the job reads while it runs (a hash's message)
        self.steps = 0
        self.status: int | None = None
        self._verify = False       # a verification: its result is the verdict
        self._verdict = False

    @classmethod
    def _started(cls, out_len: int, start, provider: str | None, alg_id: int, *args,
                 keep: tuple = ()) -> "Job":
        job = cls(out_len, keep)
        st = start(job._job, _provider(provider), alg_id, job._out, *args)
        if st != 0:
            raise FieldcryptError(st, "job start")
        return job

    # ---- by family, with the library's algorithm names ----

    @classmethod
    def xdh(cls, alg: str, scalar: bytes, u: bytes | None = None,
            provider: str | None = None) -> "Job":
        """X(scalar, u) on alg's curve; u None: the base point."""
        a = _alg(alg, "xdh")
        scalar = _bytes(scalar, "scalar", a.key_len)
        u = None if u is None else _bytes(u, "u", a.out_len)
        return cls._started(a.out_len, _n.fc_job_xdh, provider, a.id, scalar, u)

    @classmethod
    def map(cls, alg: str, r: bytes, provider: str | None = None) -> "Job":  # noqa: A003
        a = _alg(alg, "map")
        return cls._started(a.out_len, _n.fc_job_map, provider, a.id, _bytes(r, "r", a.out_len))

    @classmethod
    def hash(cls, alg: str, msg: bytes, provider: str | None = None) -> "Job":  # noqa: A003
        """The job reads msg during its steps: it keeps its own copy alive."""
        a = _alg(alg, "hash")
        msg = _bytes(msg, "message")
        buf = ctypes.create_string_buffer(msg, max(len(msg), 1))
        return cls._started(a.out_len, _n.fc_job_hash, provider, a.id,
                            ctypes.cast(buf, ctypes.c_void_p), len(msg), keep=(buf,))

    # ---- short-Weierstrass curves (soft slices secp256r1) ----

    @classmethod
    def ecdh(cls, curve: str, priv: bytes, peer: bytes, provider: str | None = None) -> "Job":
        """x(priv * peer), peer a SEC1 point of either form (checked by the job)."""
        c = _alg(curve, "ec")
        priv, peer = _bytes(priv, "private key", c.key_len), _bytes(peer, "peer")
        return cls._started(c.out_len, _n.fc_job_ecdh, provider, c.id, priv, peer, len(peer))

    @classmethod
    def ecdsa_verify_digest(cls, curve: str, pub: bytes, digest: bytes, sig: bytes,
                            der: bool = False, low_s: bool = False,
                            provider: str | None = None) -> "Job":
        """Its result: True when sig is pub's signature of the digest (a signature the start
        refuses, out of range or malformed, gives a finished job whose result is False)."""
        c = _alg(curve, "ec")
        pub, digest, sig = _bytes(pub, "public key"), _bytes(digest, "digest"), _bytes(sig, "sig")
        flags = (ECDSA_DER if der else 0) | (ECDSA_LOW_S if low_s else 0)
        job = cls(1)
        job._verify = True
        st = _n.fc_job_ecdsa_verify_digest(job._job, _provider(provider), c.id, pub, len(pub),
                                           digest, len(digest), sig, len(sig), flags)
        if st == ERR_ENCODING:  # a malformed key raises; a malformed signature is a no
            ec_check_public(curve, pub, provider)
        if st in (ERR_VERIFY, ERR_ENCODING):
            job.status, job._verdict = 0, False  # refused at start: done, not valid
        elif st != 0:
            raise FieldcryptError(st, "job start")
        return job

    @classmethod
    def ecdsa_sign_digest(cls, curve: str, priv: bytes, digest: bytes, hash: str = "sha256",
                          hedged: bool = False, low_s: bool = False,
                          provider: str | None = None) -> "Job":
        """The raw signature r || s of a digest (RFC 6979; hedged: with fresh randomness)."""
        c, h = _alg(curve, "ec"), _alg(hash, "hash")
        priv, digest = _bytes(priv, "private key", c.key_len), _bytes(digest, "digest")
        flags = (ECDSA_HEDGED if hedged else 0) | (ECDSA_LOW_S if low_s else 0)
        job = cls(2 * c.key_len)
        st = _n.fc_job_ecdsa_sign_digest(job._job, _provider(provider), c.id, h.id, None,
                                         job._out, priv, digest, len(digest), flags)
        if st != 0:
            raise FieldcryptError(st, "job start")
        return job

    # ---- Ed25519 (soft slices all three variants) ----

    @classmethod
    def eddsa_sign(cls, alg: str, seed: bytes, msg: bytes, pub: bytes | None = None,
                   context: bytes = b"", provider: str | None = None) -> "Job":
        """The signature of msg ("ed25519", "ed25519ctx", "ed25519ph"); pub, when given, must
        be seed's own key. The job reads msg during its steps: it keeps its own copy alive."""
        a = _alg(alg, "eddsa")
        seed, context = _bytes(seed, "seed", 32), _bytes(context, "context")
        pub = None if pub is None else _bytes(pub, "public key", 32)
        msg = _bytes(msg, "message")
        buf = ctypes.create_string_buffer(msg, max(len(msg), 1))
        job = cls(64, (buf,))
        st = _n.fc_job_eddsa_sign(job._job, _provider(provider), a.id, job._out, seed, pub,
                                  context or None, len(context),
                                  ctypes.cast(buf, ctypes.c_void_p), len(msg))
        if st != 0:
            raise FieldcryptError(st, "job start")
        return job

    @classmethod
    def eddsa_verify(cls, alg: str, pub: bytes, msg: bytes, sig: bytes, context: bytes = b"",
                     provider: str | None = None) -> "Job":
        """A verification: its result is True (a good signature) or False."""
        a = _alg(alg, "eddsa")
        pub, sig = _bytes(pub, "public key", 32), _bytes(sig, "signature", 64)
        context, msg = _bytes(context, "context"), _bytes(msg, "message")
        buf = ctypes.create_string_buffer(msg, max(len(msg), 1))
        job = cls(0, (buf,))
        job._verify = True
        st = _n.fc_job_eddsa_verify(job._job, _provider(provider), a.id, pub, context or None,
                                    len(context), ctypes.cast(buf, ctypes.c_void_p), len(msg),
                                    sig)
        if st != 0:
            raise FieldcryptError(st, "job start")
        return job

    # ---- shorthands ----

    @classmethod
    def x448(cls, scalar: bytes, u: bytes | None = None, provider: str | None = None) -> "Job":
        return cls.xdh("x448", scalar, u, provider)

    @classmethod
    def x25519(cls, scalar: bytes, u: bytes | None = None, provider: str | None = None) -> "Job":
        return cls.xdh("x25519", scalar, u, provider)

    @classmethod
    def x19119(cls, scalar: bytes, u: bytes | None = None, provider: str | None = None) -> "Job":
        return cls.xdh("x19119", scalar, u, provider)

    @classmethod
    def elligator2_curve25519(cls, r: bytes, provider: str | None = None) -> "Job":
        return cls.map("elligator2-curve25519", r, provider)

    @classmethod
    def elligator2_curve19119(cls, r: bytes, provider: str | None = None) -> "Job":
        return cls.map("elligator2-curve19119", r, provider)

    @classmethod
    def sha512(cls, msg: bytes, provider: str | None = None) -> "Job":
        return cls.hash("sha512", msg, provider)

    # ---- running ----

    def step(self, budget: int) -> bool:
        """One step; True while work is left. A failed job raises FieldcryptError."""
        st = _n.fc_job_step(self._job, budget)
        self.steps += 1
        if st == PENDING:
            return True
        if self._verify and st in (0, ERR_VERIFY):
            self.status, self._verdict = 0, st == 0
            return False
        self.status = st
        if st != 0:
            raise FieldcryptError(st, "job step")
        return False

    def run(self, budgets: Iterable[int]) -> bytes | bool:
        """Steps with the given budgets (cycled) until done; returns the result."""
        budgets = list(budgets)
        i = 0
        while self.status is None and self.step(budgets[i % len(budgets)]):
            i += 1
        return self.result

    @property
    def running(self) -> bool:
        return bool(_n.fc_job_running(self._job))

    @property
    def result(self) -> bytes | bool:
        """The output bytes, or a verification's verdict (True: the signature is good)."""
        if self.status != 0:
            raise FieldcryptError(ERR_STATE, "job not finished")
        return self._verdict if self._verify else self._out.raw

    def wipe(self) -> None:
        """Wipes the job (secrets included); afterwards it is cancelled (stepping: ERR_STATE)."""
        _n.fc_job_wipe(self._job)

