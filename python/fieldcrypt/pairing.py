"""The handheld's side of the device's two BLE-era services over its UART (firmware/frames.h):
LE Secure Connections pairing, Numeric Comparison (the handheld is the initiator A, the device
the responder B), and the signed firmware update's transfer.

  pair(link, ...)            one pairing; returns {"value", "ltk", "ltk_fingerprint"} or raises
                             PairingError (who refused, the status)
  send_update(link, image)   BEGIN / DATA / END of an MCUboot image; returns the version the
                             device reports, or raises UpdateError with the device's status

link is a connected socket (the device's UART in QEMU is a TCP server). Frames of both services:
service || type || payload length (16 bits, big-endian) || payload; type 0x7F is ERROR with a
signed 16-bit status.

The BLE functions (f4, f5, f6, g2, key pair, DHKey with the peer key checked first) are the
library's (include/fieldcrypt/ble.h through fieldcrypt.ble), the same C code as the device's.
"""
from __future__ import annotations

import hashlib
import os
import socket
import time

from . import FieldcryptError
from .ble import BLE_DEBUG_PUBLIC

SVC_PAIR, SVC_UPDATE = 0x02, 0x03
ERROR = 0x7F
PUBLIC_KEY, KEY_CONFIRM, RANDOM, DHKEY_CHECK = 0x01, 0x02, 0x03, 0x04
BEGIN, DATA, END, ACK, DONE = 0x01, 0x02, 0x03, 0x10, 0x11
CHUNK = 256
HANDHELD_ADDR = bytes([0x00, 0x56, 0x12, 0x37, 0x37, 0xbf, 0xce])   # public address, MSB first
IOCAP = bytes([0x0d, 0x00, 0x01])     # AuthReq bonding+MITM+SC, no OOB, DisplayYesNo
# Vol 3 Part H 2.3.5.6.1: the debug public key (its private key is public: a device refuses it)
DEBUG_PUBLIC = BLE_DEBUG_PUBLIC


class LinkError(Exception):
    """The device's answer did not come or made no sense."""


class PairingError(Exception):
    """Pairing ended without a key. who: 'device' (it sent ERROR) or 'handheld' (a check here
    failed: the confirm value or the device's DHKey check); status: the fc_status."""

    def __init__(self, who: str, status: int, message: str):
        super().__init__(message)
        self.who, self.status = who, status


class UpdateError(Exception):
    """The device refused the update (status: its fc_status); the slot is not marked."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def status_str(status: int) -> str:
    from . import login
    return login.status_str(status)


# ---- frames


def encode(service: int, kind: int, payload: bytes = b"") -> bytes:
    if len(payload) > 0xFFFF:
        raise ValueError("payload too long")
    return bytes([service, kind, len(payload) >> 8, len(payload) & 0xFF]) + payload


def read_frame(link: socket.socket, timeout: float = 10.0) -> tuple[int, int, bytes]:
    """(service, type, payload) of the next frame from the device."""
    deadline = time.monotonic() + timeout

    def take(n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            left = deadline - time.monotonic()
            if left <= 0:
                raise LinkError("the device did not answer in time")
            link.settimeout(left)
            try:
                chunk = link.recv(n - len(buf))
            except socket.timeout:
                raise LinkError("the device did not answer in time") from None
            if not chunk:
                raise LinkError("the device closed the link")
            buf += chunk
        return buf

    head = take(4)
    return head[0], head[1], take(head[2] << 8 | head[3])


def error_status(payload: bytes) -> int:
    return int.from_bytes(payload[:2], "big", signed=True) if len(payload) >= 2 else 0


def connect(host_port: str, timeout: float = 10.0) -> socket.socket:
    host, _, port = host_port.rpartition(":")
    s = socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


# ---- the BLE toolbox (include/fieldcrypt/ble.h through fieldcrypt.ble)


def toolbox():
    from . import ble
    return ble


def ltk_fingerprint(ltk: bytes) -> str:
    """First 4 bytes of SHA-256(LTK), hex: what both sides print to compare, never the key."""
    return hashlib.sha256(ltk).digest()[:4].hex()


# ---- the exchanges, as generators: each yields (bytes to send, whether an answer is due) and
# is sent the device's answer frame (service, type, payload); the socket driver (run) and the
# MCU runner's UART model (firmware.measure_ble) both drive them


def run(flow, link: socket.socket, timeout: float = 30.0):
    """Drives an exchange over a connected socket; returns its result."""
    try:
        data, wait = next(flow)
        while True:
            link.sendall(data)
            data, wait = flow.send(read_frame(link, timeout) if wait else None)
    except StopIteration as end:
        return end.value


def pairing_flow(addr: bytes = HANDHELD_ADDR, iocap: bytes = IOCAP,
                 public_key: bytes | None = None, tamper: str | None = None, log=print):
    """One Numeric Comparison pairing as initiator A (see pair)."""
    tb = toolbox()
    priv, pka = tb.ble_keypair()
    sent_pka = public_key if public_key is not None else pka
    pl = _answer((yield encode(SVC_PAIR, PUBLIC_KEY, sent_pka + addr + iocap), True))
    if pl[0] != KEY_CONFIRM or len(pl[1]) != 90:
        raise LinkError(f"unexpected pairing frame type {pl[0]:#x} ({len(pl[1])} bytes)")
    pl = pl[1]
    pkb, cb, addr_b, iocap_b = pl[:64], pl[64:80], pl[80:87], pl[87:90]
    if tamper == "confirm":
        cb = bytes([cb[0] ^ 1]) + cb[1:]
    try:
        dhkey = tb.ble_dhkey(priv, pkb)                   # refuses an invalid device key first
    except FieldcryptError as e:
        yield from _abort(e.status, f"the device's public key is refused: {e}")
    priv = None
    na = os.urandom(16)
    kind, nb = _answer((yield encode(SVC_PAIR, RANDOM, na), True))
    if kind != RANDOM or len(nb) != 16:
        raise LinkError(f"unexpected pairing frame type {kind:#x}")
    if tb.ble_f4(pkb[:32], pka[:32], nb, 0) != cb:
        yield from _abort(-9, "the device's confirm value Cb does not match: pairing aborted "
                          "(a man in the middle?)")                    # FC_ERR_VERIFY
    value = tb.ble_g2(pka[:32], pkb[:32], na, nb)
    log(f"numeric comparison value {value:06d} (confirm it matches the device's)")
    mackey, ltk = tb.ble_f5(dhkey, na, nb, addr, addr_b)
    ea = tb.ble_f6(mackey, na, nb, bytes(16), iocap, addr, addr_b)
    if tamper == "dhkey-check":
        ea = bytes([ea[0] ^ 1]) + ea[1:]
    kind, eb = _answer((yield encode(SVC_PAIR, DHKEY_CHECK, ea), True))
    if kind != DHKEY_CHECK or len(eb) != 16:
        raise LinkError(f"unexpected pairing frame type {kind:#x}")
    if tb.ble_f6(mackey, nb, na, bytes(16), iocap_b, addr_b, addr) != eb:
        yield from _abort(-9, "the device's DHKey check Eb does not match: no key")
    fp = ltk_fingerprint(ltk)
    log(f"pairing ok: LTK fingerprint {fp}")
    return {"value": value, "ltk": ltk, "ltk_fingerprint": fp, "device_address": addr_b}


def pair(link: socket.socket, addr: bytes = HANDHELD_ADDR, iocap: bytes = IOCAP,
         public_key: bytes | None = None, tamper: str | None = None, timeout: float = 30.0,
         log=print) -> dict:
    """One Numeric Comparison pairing as initiator A. The user's yes to the six digits is
    taken as given (log shows them). Test hooks: public_key replaces PKa on the wire (an
    invalid key the device must refuse); tamper="confirm" flips a bit of the device's Cb as a
    man in the middle would, tamper="dhkey-check" sends a wrong Ea."""
    return run(pairing_flow(addr, iocap, public_key, tamper, log), link, timeout)


def _answer(frame) -> tuple[int, bytes]:
    svc, kind, pl = frame
    if svc == SVC_PAIR and kind == ERROR:
        st = error_status(pl)
        raise PairingError("device", st, f"the device refused the pairing: {status_str(st)}")
    if svc != SVC_PAIR:
        raise LinkError(f"a frame of service {svc:#x} during pairing")
    return kind, pl


def _abort(status: int, message: str):
    """Tells the device (ERROR frame, no answer due) and raises: no key on either side."""
    yield encode(SVC_PAIR, ERROR, (status & 0xFFFF).to_bytes(2, "big")), False
    raise PairingError("handheld", status, message)


# ---- firmware update


def update_flow(image: bytes, announce: int | None = None, stop_after: int | None = None,
                progress=None):
    """The transfer of one image (see send_update)."""
    size = len(image) if announce is None else announce
    _ack((yield encode(SVC_UPDATE, BEGIN, size.to_bytes(4, "big")), True), 0)
    for off in range(0, len(image), CHUNK):
        if stop_after is not None and off >= stop_after:
            return {"stopped": off}
        chunk = image[off:off + CHUNK]
        _ack((yield encode(SVC_UPDATE, DATA, off.to_bytes(4, "big") + chunk), True),
             off + len(chunk))
        if progress:
            progress(off + len(chunk))
    svc, kind, pl = yield encode(SVC_UPDATE, END), True
    _refused(svc, kind, pl)
    if kind != DONE or len(pl) != 8:
        raise LinkError(f"unexpected update frame type {kind:#x}")
    return {"version": f"{pl[0]}.{pl[1]}.{pl[2] << 8 | pl[3]}+{int.from_bytes(pl[4:], 'big')}"}


def send_update(link: socket.socket, image: bytes, announce: int | None = None,
                stop_after: int | None = None, timeout: float = 60.0, progress=None) -> dict:
    """Sends an MCUboot image: BEGIN (announce: the length to claim, default the image's),
    DATA in 256-byte chunks each acknowledged, END, then waits for the device's check.
    stop_after: stop sending after that many bytes (returns {"stopped": offset}: a transfer cut
    short). Returns {"version": "1.2.3+4"}; raises UpdateError when the device refuses."""
    return run(update_flow(image, announce, stop_after, progress), link, timeout)


# what the device's statuses mean for an update (firmware/update.c, mcuboot.h)
UPDATE_REFUSALS = {-2: "too large for the slot, or truncated", -3: "out of order, or no update key",
                   -9: "hash, key or signature check failed", -20: "downgrade",
                   -18: "malformed image", -4: "an image feature the device does not take"}


def _refused(svc, kind, pl):
    if svc == SVC_UPDATE and kind == ERROR:
        st = error_status(pl)
        hint = f" ({UPDATE_REFUSALS[st]})" if st in UPDATE_REFUSALS else ""
        raise UpdateError(st, f"the device refused the update: {status_str(st)}{hint}")
    if svc != SVC_UPDATE:
        raise LinkError(f"a frame of service {svc:#x} during the update")


def _ack(frame, offset: int) -> None:
    svc, kind, pl = frame
    _refused(svc, kind, pl)
    if kind != ACK or len(pl) != 4 or int.from_bytes(pl, "big") != offset:
        raise LinkError(f"unexpected answer to the chunk at {offset}: type {kind:#x}")


# ---- `fieldcrypt pair`


def cmd_pair(args) -> int:
    try:
        with connect(args.connect) as link:
            res = pair(link, timeout=args.timeout,
                       log=lambda line: print(f"handheld: {line}", flush=True))
    except PairingError as e:
        where = "refused by the device" if e.who == "device" else "a check failed here"
        print(f"handheld: pairing failed ({where}): {e}; no key", flush=True)
        return 1
    except (LinkError, OSError) as e:
        print(f"handheld: {e}", flush=True)
        return 2
    print(f"handheld: paired with device address {res['device_address'].hex()}")
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("pair", help="LE Secure Connections pairing (Numeric Comparison) with the "
                       "device firmware over its UART (TCP in QEMU)")
    p.add_argument("--connect", required=True, metavar="HOST:PORT")
    p.add_argument("--timeout", type=float, default=30.0)
    p.set_defaults(func=cmd_pair)
