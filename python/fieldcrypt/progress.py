"""A progress bar on stderr for the long commands (bench, device measure), drawn only when
stderr is a terminal: in a pipe, a log or CI nothing changes. FIELDCRYPT_NO_PROGRESS=1 turns it
off on a terminal too.

    bar = Bar(total=12, label="bench")
    bar.log("build cortex-m0: ...")   # a line above the bar (printed as-is without a terminal)
    bar.advance()                      # one step done
    bar.close()
"""
from __future__ import annotations

import os
import shutil
import sys
import time


def enabled(stream=None) -> bool:
    stream = stream or sys.stderr
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return tty and not os.environ.get("FIELDCRYPT_NO_PROGRESS")


class Bar:
    WIDTH = 24

    def __init__(self, total: int, label: str, stream=None, active: bool | None = None):
        self.stream = stream or sys.stderr
        self.active = enabled(self.stream) if active is None else active
        self.total, self.done, self.label = max(1, total), 0, label
        self.note = ""
        self.t0 = time.monotonic()
        self._draw()

    def _line(self) -> str:
        k = min(self.WIDTH, self.WIDTH * self.done // self.total)
        return (f"{self.label} [{'#' * k}{'.' * (self.WIDTH - k)}] {min(self.done, self.total)}/"
                f"{self.total} {time.monotonic() - self.t0:6.1f} s {self.note}")

    def _draw(self) -> None:
        if not self.active:
            return
        cols = shutil.get_terminal_size((80, 24)).columns
        self.stream.write("\r" + self._line()[:max(10, cols - 1)] + "\x1b[K")
        self.stream.flush()

    def log(self, text: str) -> None:
        """A line of its own: above the bar on a terminal, plain otherwise."""
        if self.active:
            self.stream.write("\r\x1b[K")
        self.stream.write(text + "\n")
        self.stream.flush()
        self._draw()

    def advance(self, steps: int = 1, note: str | None = None) -> None:
        self.done += steps
        if note is not None:
            self.note = note
        self._draw()

    def close(self) -> None:
        if self.active:
            self.done = self.total
            self._draw()
            self.stream.write("\n")
            self.stream.flush()
            self.active = False

    def __enter__(self) -> "Bar":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
