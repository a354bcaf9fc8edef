"""Password login (include/fieldcrypt/login.h) through the C library, and the byte moving
around it for the `fieldcrypt login` command: TCP and serial links with a deadline on every
frame. The protocol and the wire format are the C code's; Python only carries bytes.
"""
from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import select
import socket
import termios
import time

from . import _native as _n
from . import FieldcryptError, _bytes, _provider
from .pake import _rng_struct

__all__ = ["Login", "LoginError", "Reassembler", "encode_frame", "check_frame", "credential",
           "status_str", "SUITES", "ROLES", "MAX_FRAME", "MAX_ID", "KEY_LEN", "TcpLink",
           "SerialLink", "run_session", "fingerprint", "AVAILABLE_SUITES"]


def _suites() -> tuple[dict[str, int], set[str]]:
    """The wire format's suite table (fc_login_suite): name -> id of every suite wire version 1
    knows (ids are one byte), and the names of those this build has (the C library refuses
    the others with FC_ERR_UNSUPPORTED)."""
    ids, available = {}, set()
    for i in range(1, 256):
        info = _n.fc_login_suite(i)
        if info:
            ids[info.contents.name.decode()] = info.contents.id
            if info.contents.available:
                available.add(info.contents.name.decode())
    return ids, available


SUITES, AVAILABLE_SUITES = _suites()
SUITE_NAMES = {v: k for k, v in SUITES.items()}
ROLES = {"device": 1, "handheld": 2}

VERSION, HEADER_LEN, MAX_FRAME, MAX_ID, CRED_LEN, KEY_LEN = 1, 5, 192, 32, 32, 32
HELLO, REPLY, CONFIRM, FINISH = 0x01, 0x02, 0x03, 0x04
M1, M2, M3, M4, ACCEPT, ERROR = 0x11, 0x12, 0x13, 0x14, 0x15, 0x7F

# login statuses (login.h)
ERR_VERSION, ERR_SUITE, ERR_TYPE, ERR_OVERSIZED, ERR_TRUNCATED, ERR_TRAILING = range(-64, -70, -1)
ERR_PAYLOAD, ERR_WRONG_SUITE, ERR_UNEXPECTED, ERR_REPLAY, ERR_PEER = range(-70, -75, -1)
ERR_TIMEOUT, ERR_CLOSED = -75, -76


def status_str(status: int) -> str:
    return _n.fc_status_str(status).decode()


class LoginError(FieldcryptError):
    """A login that ended without a key. .status says why; .frame is the ERROR frame to send
    the peer (b"" when there is none); .peer_status is what the peer's ERROR frame said."""

    def __init__(self, status: int, where: str = "", frame: bytes = b"", peer_status: int = 0):
        self.status, self.frame, self.peer_status = status, frame, peer_status
        text = status_str(status)
        if peer_status:
            text += f" ({status_str(peer_status)})"
        Exception.__init__(self, f"{where}: {text}" if where else text)


def _raise(status: int, where: str) -> None:
    if status != 0:
        raise LoginError(status, where)


def encode_frame(suite: int, msg_type: int, payload: bytes = b"") -> bytes:
    payload = _bytes(payload, "payload")
    out, n = ctypes.create_string_buffer(HEADER_LEN + max(len(payload), 1)), _n.c_size()
    st = _n.fc_login_frame_encode(suite, msg_type, out, len(out), ctypes.byref(n), payload,
                                  len(payload))
    if st != 0:
        raise FieldcryptError(st, "encode frame")
    return out.raw[:n.value]


def check_frame(frame: bytes) -> tuple[int, int, bytes]:
    """(suite, type, payload) of one whole frame; LoginError when it is malformed."""
    frame = _bytes(frame, "frame")
    h = _n.LoginHeader()
    _raise(_n.fc_login_frame_check(ctypes.byref(h), frame, len(frame)), "frame")
    return h.suite, h.type, frame[HEADER_LEN:]


def credential(suite: str, password: bytes, device_id: bytes, provider: str | None = None) -> bytes:
    """The device's stored credential (PRS for cpace, K_pi for pace2017)."""
    if suite not in SUITES:
        raise ValueError(f"suite must be one of {sorted(SUITES)}")
    password, device_id = _bytes(password, "password"), _bytes(device_id, "device id")
    out = ctypes.create_string_buffer(CRED_LEN)
    st = _n.fc_login_credential(_provider(provider), SUITES[suite], out, CRED_LEN, password,
                                len(password), device_id, len(device_id))
    if st != 0:
        raise FieldcryptError(st, "login credential")
    return out.raw


class Reassembler:
    """Frames out of a byte stream: push() chunks of any size, pop() complete frames."""

    def __init__(self):
        self._ctx = ctypes.create_string_buffer(_n.fc_context_size(b"fc_login_reasm"))
        _n.fc_login_reasm_init(self._ctx)
        self._data = b""
        self.partial = False      # bytes of an unfinished frame are buffered

    def push(self, data: bytes) -> None:
        self._data += bytes(data)

    def pop(self) -> bytes | None:
        """The next complete frame, or None; LoginError on a bad header."""
        used, flen, ptr = _n.c_size(), _n.c_size(), ctypes.c_void_p()
        while self._data:
            st = _n.fc_login_reasm_feed(self._ctx, ctypes.byref(used), ctypes.byref(ptr),
                                        ctypes.byref(flen), self._data, len(self._data))
            self._data = self._data[used.value:]
            if st != 0:
                raise LoginError(st, "frame")
            if flen.value:
                self.partial = False
                return ctypes.string_at(ptr.value, flen.value)
            self.partial = True
        return None

    def feed(self, data: bytes) -> list[bytes]:
        self.push(data)
        frames = []
        while (f := self.pop()) is not None:
            frames.append(f)
        return frames


class Login:
    """One side of a login. Handheld: start() -> HELLO; both: input(frame) -> the frame to send
    (b"" for none) until .done, then result() -> (peer id, 32-byte key).
    input() raises LoginError on any failure, carrying the ERROR frame to send in .frame.

    secret: the device's stored credential (credential()), or the handheld's typed password.
    rng: optional callable n -> bytes (tests); default: the library's source."""

    def __init__(self, role: str, suite: str, secret: bytes, own_id: bytes,
                 provider: str | None = None, rng=None):
        if role not in ROLES:
            raise ValueError(f"role must be one of {sorted(ROLES)}")
        if suite not in SUITES:
            raise ValueError(f"suite must be one of {sorted(SUITES)}")
        own_id = _bytes(own_id, "id")
        if not 1 <= len(own_id) <= MAX_ID:
            raise ValueError(f"id must be 1..{MAX_ID} bytes, got {len(own_id)}")
        secret = _bytes(secret, "secret", CRED_LEN if role == "device" else None)
        self.role, self.suite = role, suite
        self._ctx = ctypes.create_string_buffer(_n.fc_context_size(b"fc_login"))
        self._rng, self._cb = _rng_struct(rng)
        cfg = _n.LoginConfig(ROLES[role], SUITES[suite], secret, len(secret), own_id,
                             len(own_id), _provider(provider))
        st = _n.fc_login_init(self._ctx, ctypes.byref(cfg))
        if st != 0:
            raise FieldcryptError(st, "login init")

    def _rngp(self):
        return ctypes.byref(self._rng) if self._rng else None

    def _fail(self, st: int, out, n, where: str):
        peer = ctypes.c_int(0)
        _n.fc_login_error(self._ctx, ctypes.byref(peer))
        raise LoginError(st, where, out.raw[:n.value], peer.value)

    def start(self) -> bytes:
        out, n = ctypes.create_string_buffer(MAX_FRAME), _n.c_size()
        st = _n.fc_login_start(self._ctx, self._rngp(), out, MAX_FRAME, ctypes.byref(n))
        if st != 0:
            self._fail(st, out, n, "login start")
        return out.raw[:n.value]

    def input(self, frame: bytes) -> bytes:
        frame = _bytes(frame, "frame")
        out, n = ctypes.create_string_buffer(MAX_FRAME), _n.c_size()
        st = _n.fc_login_input(self._ctx, self._rngp(), out, MAX_FRAME, ctypes.byref(n), frame,
                               len(frame))
        if st != 0:
            self._fail(st, out, n, "login")
        return out.raw[:n.value]

    def abort(self, reason: int) -> bytes:
        """Ends the session (timeout, closed link); returns the ERROR frame to send, if any.
        The context still needs wipe()."""
        out, n = ctypes.create_string_buffer(MAX_FRAME), _n.c_size()
        st = _n.fc_login_abort(self._ctx, reason, out, MAX_FRAME, ctypes.byref(n))
        if st != 0:
            raise FieldcryptError(st, "login abort")
        return out.raw[:n.value]


    @property
    def done(self) -> bool:
        return bool(_n.fc_login_done(self._ctx))

    def error(self) -> tuple[int, int]:
        """(status that ended the session or 0, status the peer's ERROR carried or 0)"""
        peer = ctypes.c_int(0)
        st = _n.fc_login_error(self._ctx, ctypes.byref(peer))
        return st, peer.value

    def result(self) -> tuple[bytes, bytes]:
        pid, key, n = ctypes.create_string_buffer(MAX_ID), ctypes.create_string_buffer(KEY_LEN), _n.c_size()
        st = _n.fc_login_result(self._ctx, pid, MAX_ID, ctypes.byref(n), key, KEY_LEN)
        if st != 0:
            raise FieldcryptError(st, "login result")
        return pid.raw[:n.value], key.raw

    def wipe(self) -> None:
        _n.fc_login_wipe(self._ctx)

    def __del__(self):
        if getattr(self, "_ctx", None) is not None:
            _n.fc_login_wipe(self._ctx)


def fingerprint(key: bytes) -> str:
    """First 8 bytes of SHA-256(key), hex: enough to compare two ends, useless to an attacker."""
    from . import sha256
    return sha256(key)[:8].hex()


# ---- links: a byte stream with deadlines ----

class LinkClosed(Exception):
    pass


class _Link:
    """send(data); recv(deadline) -> bytes (raises TimeoutError at the deadline, LinkClosed at
    EOF). deadline None: wait as long as it takes."""
    ble_fragments = False

    def send(self, data: bytes) -> None:
        # --ble-fragments: frames go out as 20-byte writes, as over BLE ATT with MTU 23
        step = 20 if self.ble_fragments else len(data)
        for i in range(0, len(data), max(step, 1)):
            self._write(data[i:i + step])
            if self.ble_fragments:
                time.sleep(0.002)

    def _wait(self, fd: int, deadline: float | None) -> None:
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise TimeoutError
            r, _, _ = select.select([fd], [], [], left)
            if r:
                return


class TcpLink(_Link):
    def __init__(self, sock: socket.socket, timeout: float = 10.0):
        self.sock = sock
        sock.settimeout(timeout)  # bounds writes too; reads wait in select with their deadline
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def _write(self, data: bytes) -> None:
        self.sock.sendall(data)

    def recv(self, deadline: float | None) -> bytes:
        self._wait(self.sock.fileno(), deadline)
        data = self.sock.recv(4096)
        if not data:
            raise LinkClosed
        return data

    def close(self) -> None:
        # half-close, then drain briefly: closing with unread input would send RST and could
        # destroy our last frame (an ERROR) before the peer reads it
        try:
            self.sock.shutdown(socket.SHUT_WR)
            end = time.monotonic() + 0.5
            while self.recv(end):
                pass
        except (OSError, TimeoutError, LinkClosed):
            pass
        self.sock.close()


def _raw_mode(fd: int) -> None:
    """termios raw mode: 8 bits, no echo, no line editing, no CR/LF mapping, no flow control
    (a peer that never raises CTS or sends XON must not stall our writes)."""
    a = termios.tcgetattr(fd)
    a[0] &= ~(termios.IGNBRK | termios.BRKINT | termios.PARMRK | termios.ISTRIP | termios.INLCR |
              termios.IGNCR | termios.ICRNL | termios.IXON | termios.IXOFF)
    a[1] &= ~termios.OPOST
    a[2] &= ~(termios.CSIZE | termios.PARENB | getattr(termios, "CRTSCTS", 0))
    a[2] |= termios.CS8 | termios.CREAD | termios.CLOCAL
    a[3] &= ~(termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG | termios.IEXTEN)
    a[6][termios.VMIN], a[6][termios.VTIME] = 1, 0
    termios.tcsetattr(fd, termios.TCSANOW, a)


class SerialLink(_Link):
    def __init__(self, path: str):
        # O_NONBLOCK only for the open (a modem line could wait for carrier), then blocking I/O
        self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        try:
            _raw_mode(self.fd)
            fl = fcntl.fcntl(self.fd, fcntl.F_GETFL)
            fcntl.fcntl(self.fd, fcntl.F_SETFL, fl & ~os.O_NONBLOCK)
        except Exception:
            os.close(self.fd)
            raise

    def _write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view):]
        termios.tcdrain(self.fd)

    def recv(self, deadline: float | None) -> bytes:
        self._wait(self.fd, deadline)
        try:
            data = os.read(self.fd, 4096)
        except OSError as e:
            if e.errno == errno.EIO:    # the other end of a pty went away
                raise LinkClosed from None
            raise
        if not data:
            raise LinkClosed
        return data

    def flush_input(self) -> None:
        termios.tcflush(self.fd, termios.TCIFLUSH)

    def close(self) -> None:
        os.close(self.fd)


def _next_frame(link: _Link, reasm: Reassembler, timeout: float, idle_first: bool) -> bytes:
    """One frame, within timeout seconds of the wait starting (or, idle_first, of its first
    byte: a serial device waits for a handheld as a TCP device waits in accept)."""
    deadline = None if idle_first else time.monotonic() + timeout
    while (frame := reasm.pop()) is None:
        try:
            data = link.recv(deadline)
        except LinkClosed:
            raise LoginError(ERR_TRUNCATED if reasm.partial else ERR_CLOSED, "link") from None
        except TimeoutError:
            raise LoginError(ERR_TIMEOUT, "link") from None
        if deadline is None:
            deadline = time.monotonic() + timeout
        reasm.push(data)
    return frame


def run_session(link: _Link, login: Login, timeout: float, idle_first: bool = False):
    """Drives one login over link; returns (peer id, key) or raises LoginError after sending
    the peer an ERROR frame when this side is the one that gives up."""
    reasm = Reassembler()

    def send(data: bytes) -> None:
        if data:
            try:
                link.send(data)
            except OSError:
                pass    # the link is gone: the peer learns it from that

    try:
        out = login.start() if login.role == "handheld" else b""
        first = idle_first
        while True:
            send(out)
            if login.done:
                return login.result()
            try:
                frame = _next_frame(link, reasm, timeout, first)
            except LoginError as e:  # bad header, stall, closed link: this side aborts
                send(login.abort(e.status))
                raise LoginError(e.status, "link") from None
            except OSError:
                login.abort(ERR_CLOSED)
                raise LoginError(ERR_CLOSED, "link") from None
            first = False
            out = login.input(frame)
    except LoginError as e:
        send(e.frame)
        raise
    finally:
        login.wipe()
