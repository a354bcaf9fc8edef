"""The slice engine from Python (include/fieldcrypt/engine.h): a long operation as a job that
runs in steps of a given budget (work units = modelled cycles of the build's target; on the
host the Cortex-M0+ table). Mostly for tests and experiments: it shows how many steps an
operation takes at a budget and that any sequence of budgets gives the synchronous result.

    job = Job.x25519(scalar, u)          # or x19119, elligator2_curve25519/19119, sha512
    while job.step(28_000): pass         # True while work is left
    job.result                           # the output, once done
"""
from __future__ import annotations

import ctypes
from collections.abc import Iterable

from . import FieldcryptError
from . import _native as _n

PENDING = 1
JOB_SIZE = _n.fc_context_size(b"fc_job")


def cost_model() -> str:
    """The cycle model the build's cost table comes from (\"cortex-m0plus\" on a host)."""
    return _n.fc_job_cost_model().decode()


def max_unit_cost() -> int:
    """The dearest unit: a budget below it still runs one unit per step."""
    return _n.fc_job_max_unit_cost()


class Job:
    """One engine job in its own caller-allocated state (fc_job)."""

    def __init__(self, out_len: int, keep: tuple = ()):
        self._job = ctypes.create_string_buffer(JOB_SIZE)
        self._out = ctypes.create_string_buffer(out_len)
        self._keep = keep          # inputs the job reads while it runs (SHA-512's message)
        self.steps = 0
        self.status: int | None = None

    @staticmethod
    def _exact(name: str, value: bytes, n: int) -> bytes:
        if len(value) != n:
            raise ValueError(f"{name} must be {n} bytes")
        return value

    @classmethod
    def _started(cls, out_len: int, start, *args, keep: tuple = ()) -> "Job":
        job = cls(out_len, keep)
        st = start(job._job, job._out, *args)
        if st != 0:
            raise FieldcryptError(st, "job start")
        return job

    @classmethod
    def x25519(cls, scalar: bytes, u: bytes | None = None) -> "Job":
        scalar = cls._exact("scalar", scalar, 32)
        return cls._started(32, _n.fc_job_x25519, scalar, None if u is None else cls._exact("u", u, 32))

    @classmethod
    def x19119(cls, scalar: bytes, u: bytes | None = None) -> "Job":
        scalar = cls._exact("scalar", scalar, 24)
        return cls._started(24, _n.fc_job_x19119, scalar, None if u is None else cls._exact("u", u, 24))

    @classmethod
    def elligator2_curve25519(cls, r: bytes) -> "Job":
        return cls._started(32, _n.fc_job_elligator2_curve25519, cls._exact("r", r, 32))

    @classmethod
    def elligator2_curve19119(cls, r: bytes) -> "Job":
        return cls._started(24, _n.fc_job_elligator2_curve19119, cls._exact("r", r, 24))

    @classmethod
    def sha512(cls, msg: bytes) -> "Job":
        buf = ctypes.create_string_buffer(bytes(msg), max(len(msg), 1))
        return cls._started(64, _n.fc_job_sha512, ctypes.cast(buf, ctypes.c_void_p), len(msg),
                            keep=(buf,))

    def step(self, budget: int) -> bool:
        """One step; True while work is left. A failed job raises FieldcryptError."""
        st = _n.fc_job_step(self._job, budget)
        self.steps += 1
        if st == PENDING:
            return True
        self.status = st
        if st != 0:
            raise FieldcryptError(st, "job step")
        return False

    def run(self, budgets: Iterable[int]) -> bytes:
        """Steps with the given budgets (cycled) until done; returns the result."""
        budgets = list(budgets)
        i = 0
        while self.step(budgets[i % len(budgets)]):
            i += 1
        return self.result

    @property
    def running(self) -> bool:
        return bool(_n.fc_job_running(self._job))

    @property
    def result(self) -> bytes:
        if self.status != 0:
            raise FieldcryptError(-3, "job not finished")
        return self._out.raw

    def cancel(self) -> None:
        _n.fc_job_cancel(self._job)
