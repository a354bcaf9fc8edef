"""The CryptoCell-310 driver (src/drivers/cc310.c) on the Cortex-M4 model with the CC310 model
(python/fieldcrypt/periph_cc310.py).

The model on its own first: its AES (ECB, CBC, CTR, both directions, the key sizes it is given)
and SHA-256 (whole blocks, hardware padding) against pycryptodome and hashlib, its DMA timing
and errors, ENABLE. Then tests/mcu/cc310_driver.c through "cc310 -> soft": the AES known
answers (FIPS 197, SP 800-38A ECB/CBC/CTR, GCM, CCM, CMAC) and SHA-256 ("abc", the two-block
message, 1,000 bytes, streamed) with the model on (AES-128 and SHA-256 served by the engine,
AES-192/256 declined to soft as the nRF52840's CC310 lacks them), with a CC310 that has them
(served), off (the pages read as zero: everything falls back, the same bytes), and faulty
(never finishes, a wrong answer: detection fails and soft serves everything; a hang after
detection fails that one call). Also the key registers are zero after the run, and the
modelled cycles and energy per AES-128 block and per SHA-256 block, driver against soft."""
import hashlib
import struct

import pytest
from Crypto.Cipher import AES
from unicorn import UC_ARCH_ARM, UC_MODE_MCLASS, UC_MODE_THUMB, UC_PROT_ALL, Uc

from conftest import ROOT
from fieldcrypt import mcu, mcubench, mcusim
from fieldcrypt import periph_cc310 as cc

TARGET = "cortex-m4"
FC_ERR_PROVIDER = 10   # status.h, negated as the image prints it
RAM = 0x20000000

# ---------------------------------------------------------------------------------------------
# the model alone


class _Info:
    symbols = {"_sram": RAM, "_estack": RAM + 0x4000}


class FakeSim:
    """What the model needs of mcusim.Sim: memory and a cycle count the test advances."""

    def __init__(self):
        self.uc = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
        self.uc.mem_map(RAM, 0x4000, UC_PROT_ALL)
        self.uc.mem_map(0, 0x1000, UC_PROT_ALL)   # "flash": out of the DMA's reach
        self.info = _Info()
        self.cycles = 0


def bank(off):
    return 0x1000 + off


def model(**kw):
    sim = FakeSim()
    dev = cc.Cc310Peripheral(sim, map_page=False, **kw)
    dev.write(cc.ENABLE, 1)
    for clk in (cc.AES_CLK_ENABLE, cc.HASH_CLK_ENABLE, cc.DMA_CLK_ENABLE):
        dev.write(bank(clk), 1)
    return sim, dev


def words_le(b):
    return list(struct.unpack(f"<{len(b) // 4}I", b))


def run(sim, dev, src, n, dst=None, settle=True):
    """One transfer of n bytes at src (to dst); returns IRR after the model's end time."""
    dev.write(bank(cc.HOST_RGF_ICR), 0xFFF)
    dev.write(bank(cc.DST_LLI_WORD0), dst or 0)
    dev.write(bank(cc.DST_LLI_WORD1), n if dst else 0)
    dev.write(bank(cc.SRC_LLI_WORD0), src)
    dev.write(bank(cc.SRC_LLI_WORD1), n)
    if settle:
        sim.cycles += 10**6
    return dev.read(bank(cc.HOST_RGF_IRR))


def aes_setup(dev, key, mode, decrypt=False, iv=None):
    dev.write(bank(cc.CRYPTO_CTL), cc.ENGINE_AES)
    size = (len(key) - 16) // 8
    dev.write(bank(cc.AES_CONTROL), int(decrypt) | mode << 2 | size << 12)
    for i, w in enumerate(words_le(key)):
        dev.write(bank(cc.AES_KEY_0 + 4 * i), w)
    for i, w in enumerate(words_le(iv or bytes(16))):
        dev.write(bank((cc.AES_CTR_0 if mode == cc.MODE_CTR else cc.AES_IV_0) + 4 * i), w)


@pytest.mark.parametrize("bits", [128, 192, 256])
@pytest.mark.parametrize("mode", ["ecb", "cbc", "ctr"])
@pytest.mark.parametrize("decrypt", [False, True])
def test_model_aes_matches_pycryptodome_across_two_transfers(bits, mode, decrypt, rng):
    sim, dev = model(aes_key_sizes=(128, 192, 256))
    key, iv = rng.randbytes(bits // 8), rng.randbytes(16)
    data = rng.randbytes(80)
    sim.uc.mem_write(RAM, data)
    aes_setup(dev, key, {"ecb": cc.MODE_ECB, "cbc": cc.MODE_CBC, "ctr": cc.MODE_CTR}[mode],
              decrypt, None if mode == "ecb" else iv)
    # 48 then 32 bytes: the chain / counter carries over in the engine's registers
    assert run(sim, dev, RAM, 48, RAM + 0x100) == cc.MEM_TO_DIN_INT | cc.DOUT_TO_MEM_INT
    assert run(sim, dev, RAM + 48, 32, RAM + 0x130) & cc.DOUT_TO_MEM_INT
    got = bytes(sim.uc.mem_read(RAM + 0x100, 80))
    if mode == "ctr":
        ref = AES.new(key, AES.MODE_CTR, nonce=b"", initial_value=iv)
    elif mode == "cbc":
        ref = AES.new(key, AES.MODE_CBC, iv=iv)
    else:
        ref = AES.new(key, AES.MODE_ECB)
    assert got == (ref.decrypt(data) if decrypt else ref.encrypt(data))
    assert dev.stats()["aes_blocks"] == 5 and dev.stats()["errors"] == 0


def test_model_defaults_to_aes128_only_as_the_nrf52840():
    sim, dev = model()
    sim.uc.mem_write(RAM, bytes(16))
    for bits in (192, 256):
        aes_setup(dev, bytes(bits // 8), cc.MODE_ECB)
        assert run(sim, dev, RAM, 16, RAM + 0x100) == cc.AHB_ERR_INT
    aes_setup(dev, bytes(16), cc.MODE_ECB)
    assert run(sim, dev, RAM, 16, RAM + 0x100) & cc.DOUT_TO_MEM_INT
    assert bytes(sim.uc.mem_read(RAM + 0x100, 16)) == AES.new(bytes(16), AES.MODE_ECB).encrypt(bytes(16))


def sha_setup(dev, pad=False):
    dev.write(bank(cc.CRYPTO_CTL), cc.ENGINE_HASH)
    dev.write(bank(cc.HASH_CONTROL), cc.HASH_ALG_SHA256)
    dev.write(bank(cc.HASH_PAD_EN), 1)
    dev.write(bank(cc.AUTO_HW_PADDING), int(pad))
    iv = (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
          0x5be0cd19)
    for i in range(7, -1, -1):
        dev.write(bank(cc.HASH_H + 4 * i), iv[i])


def digest(dev):
    return b"".join(struct.pack(">I", dev.read(bank(cc.HASH_H + 4 * i))) for i in range(8))


@pytest.mark.parametrize("n", [0, 3, 55, 56, 64, 119, 128, 1000])
def test_model_sha256_whole_blocks_then_hardware_padding_matches_hashlib(n, rng):
    sim, dev = model()
    msg = rng.randbytes(n)
    sim.uc.mem_write(RAM, msg or b"\0")
    sha_setup(dev)
    whole = n // 64 * 64
    if whole:
        assert run(sim, dev, RAM, whole) == cc.MEM_TO_DIN_INT
    dev.write(bank(cc.AUTO_HW_PADDING), 1)
    if n - whole:
        assert run(sim, dev, RAM + whole, n - whole) == cc.MEM_TO_DIN_INT
    elif n == 0:       # TF-M's special case: an empty message padded by HASH_PAD_CFG bit 2
        dev.write(bank(cc.AUTO_HW_PADDING), 0)
        dev.write(bank(cc.HASH_PAD_CFG), 4)
        assert run(sim, dev, RAM, 0) == cc.MEM_TO_DIN_INT
    else:
        assert run(sim, dev, RAM, 0) == cc.MEM_TO_DIN_INT
    assert digest(dev) == hashlib.sha256(msg).digest()


def test_model_partial_hash_block_without_padding_is_an_ahb_error():
    sim, dev = model()
    sha_setup(dev)
    assert run(sim, dev, RAM, 60) == cc.AHB_ERR_INT
    assert dev.stats()["hash_blocks"] == 0 and dev.stats()["errors"] == 1


def test_model_timing_busy_until_the_end_cycle_then_status():
    sim, dev = model()
    sim.uc.mem_write(RAM, bytes(64))
    aes_setup(dev, bytes(16), cc.MODE_ECB)
    assert run(sim, dev, RAM, 64, RAM + 0x100, settle=False) == 0
    assert dev.read(bank(cc.CRYPTO_BUSY)) == 1
    end = cc.SETUP_CYCLES + 4 * cc.AES_BLOCK_CYCLES[0]
    sim.cycles = end - 1
    assert dev.read(bank(cc.HOST_RGF_IRR)) == 0
    assert bytes(sim.uc.mem_read(RAM + 0x100, 16)) == bytes(16)   # nothing written yet
    sim.cycles = end
    assert dev.read(bank(cc.HOST_RGF_IRR)) == cc.MEM_TO_DIN_INT | cc.DOUT_TO_MEM_INT
    assert dev.read(bank(cc.CRYPTO_BUSY)) == 0
    st = dev.stats()
    assert st["busy_cycles"] == end
    assert st["charge_nc"] == pytest.approx(cc.CC310_ACTIVE_MA * 1e-3 * end / cc.CLOCK_HZ * 1e9)


def test_model_dma_outside_ram_and_without_clocks_or_enable():
    sim, dev = model()
    aes_setup(dev, bytes(16), cc.MODE_ECB)
    assert run(sim, dev, 0x100, 16, RAM) == cc.AHB_ERR_INT          # source in flash
    assert run(sim, dev, RAM, 16, 0x100) == cc.AHB_ERR_INT          # destination in flash
    dev.write(bank(cc.AES_CLK_ENABLE), 0)
    assert run(sim, dev, RAM, 16, RAM + 0x100) == cc.AHB_ERR_INT
    dev.write(cc.ENABLE, 0)                                           # powered down: reads 0
    assert dev.read(bank(cc.AES_CONTROL)) == 0 and dev.read(bank(cc.HOST_RGF_IRR)) == 0
    assert dev.stats()["errors"] == 3 and dev.stats()["unmodelled"] == []


def test_model_hang_never_ends_and_enable_off_drops_the_transfer():
    sim, dev = model(fault="hang")
    sim.uc.mem_write(RAM, bytes(16))
    aes_setup(dev, bytes(16), cc.MODE_ECB)
    assert run(sim, dev, RAM, 16, RAM + 0x100) == 0
    assert dev.read(bank(cc.CRYPTO_BUSY)) == 1
    dev.write(cc.ENABLE, 0)
    dev.write(cc.ENABLE, 1)
    assert dev.read(bank(cc.CRYPTO_BUSY)) == 0


# ---------------------------------------------------------------------------------------------
# the driver on the Cortex-M4 image (cross: builds the library and the image)

AES128 = ["FIPS 197 C.1", "SP 800-38A F.1.1", "FIPS 197 C.1 decrypt",
          "SP 800-38A F.1.2 decrypt (context for both directions)",
          "SP 800-38A F.5.1 CTR-AES128.Encrypt", "SP 800-38A F.5.2 CTR-AES128.Decrypt",
          "SP 800-38A F.2.1 CBC-AES128.Encrypt", "SP 800-38A F.2.2 CBC-AES128.Decrypt",
          *[f"GCM Test Case {i}" for i in range(1, 7)],
          "SP 800-38C C.1 Example 1", "SP 800-38C C.2 Example 2", "SP 800-38C C.3 Example 3",
          *[f"RFC 3610 Packet Vector #{i}" for i in range(1, 4)],
          "Bluetooth LE sample: LL_START_ENC_RSP1", "Bluetooth LE sample: LL_START_ENC_RSP2",
          "Bluetooth LE sample: data packet 1", "Bluetooth LE sample: data packet 2",
          *[f"RFC 4493 Example {i}" for i in range(1, 5)],
          "CTR across the 128-bit counter wrap, in place", "state areas zero after wipe and final"]
AES_WIDE = ["FIPS 197 C.2", "FIPS 197 C.3", "SP 800-38A F.1.3", "SP 800-38A F.1.5",
            "GCM Test Case 8 (AES-192)", "GCM Test Case 14 (AES-256)",
            "SP 800-38B D.2 Example 6 (AES-192)", "SP 800-38B D.3 Example 10 (AES-256)"]
SHA = ["FIPS 180-2 B.1 SHA-256 abc", "FIPS 180-2 B.2 SHA-256 two-block message",
       "SHA-2 additional #5 SHA-256 1000 x 0x41",
       *[f"SHA-2 additional #5 split at {n}" for n in (1, 63, 64, 65, 999)],
       "FIPS 180-2 B.2 split at 55"]
HMAC = ["RFC 4231 Test Case 2 HMAC-SHA-256"]


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    lib = mcu.build_target(TARGET)
    return mcubench._gcc(TARGET, [ROOT / "tests" / "mcu" / "cc310_driver.c", *mcubench._startup(TARGET)],
                         tmp_path_factory.mktemp("cc310") / "cc310_driver.elf",
                         extra=["-I", str(ROOT / "include"), "-I", str(ROOT / "src")], libs=[lib])


def run_image(image, peripherals=()):
    """(result, {source: "hw" | "soft" | "any" | "FAIL <status>"}) of one run."""
    res = mcusim.run_image(image, TARGET, peripherals=peripherals)
    assert res["error"] == "", res["error"]
    checks = {}
    for line in res["output"].splitlines():
        if line.startswith("ok "):
            kind, source = line[3:].split(" ", 1)
            checks[source] = kind
        elif line.startswith("FAIL status "):
            status, source = line[len("FAIL status "):].split(" ", 1)
            checks[source] = f"FAIL {status}"
    assert sorted(checks) == sorted(AES128 + AES_WIDE + SHA + HMAC), res["output"]
    return res, checks


def pick(checks, names):
    return {s: checks[s] for s in names}


@pytest.mark.cross
def test_model_on_serves_aes128_and_sha256_and_declines_the_wider_keys(image):
    res, checks = run_image(image, ["cc310"])
    assert res["exit_code"] == 0 and res["output"].startswith("cc310: ready\n"), res["output"]
    assert pick(checks, AES128 + SHA) == {s: "hw" for s in AES128 + SHA}
    assert pick(checks, AES_WIDE) == {s: "soft" for s in AES_WIDE}
    assert checks[HMAC[0]] == "any"
    st = res["peripherals"]["cc310"]
    assert st["errors"] == 2                      # the AES-192 / AES-256 probes of detection
    assert st["unmodelled"] == [] and st["key_registers_clear"]
    assert st["aes_blocks"] > len(AES128) and st["hash_blocks"] > len(SHA)


@pytest.mark.cross
def test_a_cc310_with_aes192_and_aes256_serves_them(image):
    res, checks = run_image(image, [("cc310", {"aes_key_sizes": (128, 192, 256)})])
    assert res["exit_code"] == 0
    assert set(checks.values()) == {"hw", "any"}
    assert res["peripherals"]["cc310"]["errors"] == 0
    assert res["peripherals"]["cc310"]["key_registers_clear"]


@pytest.mark.cross
def test_model_off_reads_as_zero_and_every_call_falls_back(image):
    res, checks = run_image(image)
    assert res["exit_code"] == 0 and res["output"].startswith("cc310: absent\n"), res["output"]
    assert set(checks.values()) == {"soft", "any"}
    assert res["peripherals"] == {}


@pytest.mark.cross
@pytest.mark.parametrize("fault", ["hang", "wrong"])
def test_a_faulty_engine_fails_detection_and_soft_serves_everything(image, fault):
    res, checks = run_image(image, [("cc310", {"fault": fault})])
    assert res["exit_code"] == 0 and res["output"].startswith("cc310: absent\n"), res["output"]
    assert set(checks.values()) == {"soft", "any"}
    st = res["peripherals"]["cc310"]
    assert st["transfers"] == 1 and st["key_registers_clear"]   # the C.1 block only


@pytest.mark.cross
def test_an_engine_that_stops_answering_fails_that_call_then_soft_takes_over(image):
    # five good transfers (detection: C.1, "abc", the two probes; C.1), then the engine hangs
    res, checks = run_image(image, [("cc310", {"fault": "hang", "fault_after": 5})])
    assert res["exit_code"] == 1 and res["output"].startswith("cc310: ready\n")
    assert checks["FIPS 197 C.1"] == "hw"
    assert checks["SP 800-38A F.1.1"] == f"FAIL {FC_ERR_PROVIDER}"   # no retry on soft
    rest = {s: k for s, k in checks.items() if s not in ("FIPS 197 C.1", "SP 800-38A F.1.1")}
    assert set(rest.values()) == {"soft", "any"}
    assert res["peripherals"]["cc310"]["key_registers_clear"]


@pytest.mark.cross
def test_cycles_and_energy_per_block_through_the_driver_and_soft(image):
    res, _ = run_image(image, ["cc310"])
    reg = res["regions"]
    aes_hw, aes_soft = reg[3]["cycles_net"] / 16, reg[5]["cycles_net"] / 16
    ctr_hw, ctr_soft = reg[7]["cycles_net"] / 16, reg[9]["cycles_net"] / 16
    sha_hw, sha_soft = reg[11]["cycles_net"] / 16, reg[13]["cycles_net"] / 16
    # energy: the core runs (polling) during the driver's call, and the CC310 draws its active
    # current for its own busy time; soft is the core alone. Core current: nRF52840 PS, CPU
    # running from flash at 64 MHz with the DC/DC regulator, 3.3 mA (an assumption, see
    # periph_cc310.py for the CC310's).
    core_ma, hz, v = 3.3, cc.CLOCK_HZ, cc.VOLTAGE
    aes_engine = cc.SETUP_CYCLES / 16 + cc.AES_BLOCK_CYCLES[0]
    sha_engine = cc.SETUP_CYCLES / 16 + cc.HASH_BLOCK_CYCLES

    def nj(core_cycles, engine_cycles=0.0):
        return (core_ma * core_cycles + cc.CC310_ACTIVE_MA * engine_cycles) * 1e-3 / hz * v * 1e9

    print(f"\n{TARGET} at {hz / 1e6:g} MHz, modelled (CC310 timing and currents assumed, see "
          f"periph_cc310.py):\n"
          f"  AES-128 block: cc310 {aes_hw:.0f} cycles {nj(aes_hw, aes_engine):.2f} nJ, soft "
          f"{aes_soft:.0f} cycles {nj(aes_soft):.2f} nJ; in CTR: {ctr_hw:.0f} and {ctr_soft:.0f}\n"
          f"  SHA-256 block: cc310 {sha_hw:.0f} cycles {nj(sha_hw, sha_engine):.2f} nJ, soft "
          f"{sha_soft:.0f} cycles {nj(sha_soft):.2f} nJ")
    assert cc.AES_BLOCK_CYCLES[0] <= aes_hw < aes_soft / 5
    assert cc.HASH_BLOCK_CYCLES <= sha_hw < sha_soft / 5
    assert nj(aes_hw, aes_engine) < nj(aes_soft) and nj(sha_hw, sha_engine) < nj(sha_soft)
