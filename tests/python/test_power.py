"""The power-budget simulator (fieldcrypt.power) against closed forms, and its CLI."""
import json
import random
import time
from dataclasses import replace

import pytest

import fieldcrypt.cli as cli
from fieldcrypt import power
from fieldcrypt.power import BufferTooSmall, NoProgress, Params, Slice

PAPER = Params()  # 1.5 mW in, 0.5 mW radio, 4.3 mA at 2 V, 16 MHz, 150 uJ: CHES 2017
P_CPU = 4.3e-3 * 2.0


def paper_slices(total: int = 7_588_000, size: int = 30_000) -> list[int]:
    return [size] * (total // size) + ([total % size] if total % size else [])


def conserved(r: power.Result) -> float:
    """harvested - (used + wasted + final - initial): zero when no energy appears or vanishes."""
    return r.harvested_j - (r.energy_used_j + r.wasted_j + r.final_j - r.initial_j)


def test_paper_login_delay_at_1mw():
    # 7.588 M cycles at 16 MHz = 0.474 s running at 8.6 mW; 1 mW recharges: 4.08 s (paper: ~4 s)
    sl = paper_slices()
    assert sum(sl) == 7_588_000 and max(sl) == 30_000
    r = power.simulate(sl, replace(PAPER, initial=0.0))
    assert r.delay_s == pytest.approx(7.588e6 / 16e6 * 8.6 / 1.0, rel=1e-9)
    assert r.delay_s == pytest.approx(4.0786, abs=1e-4)
    assert r.active_s == pytest.approx(0.47425, rel=1e-12)
    assert r.sleeps == len(sl)  # an empty buffer: every slice waits
    # starting full saves capacity / recharge power = 0.15 s
    assert power.simulate(sl, PAPER).delay_s == pytest.approx(4.07855 - 0.15, rel=1e-9)


def test_paper_largest_chunk_energy():
    # the paper's largest chunk, ~276,000 cycles, is ~150 uJ of core energy (8.6 mW)...
    assert 276_000 / 16e6 * P_CPU == pytest.approx(148.35e-6, rel=1e-4)
    # ...and takes 7.6 mW net (radio on, 1.5 mW harvested) out of the buffer
    assert power.min_buffer([30_000, 276_000, 1_000], PAPER) == pytest.approx(
        276_000 / 16e6 * 7.6e-3, rel=1e-12)


@pytest.mark.parametrize("initial", [0.0, 0.5, 1.0])
def test_closed_form_uneven_slices_and_sleep_power(initial):
    # the buffer ends empty after the last wait, so the sleep time is (drain - initial) / recharge:
    # delay = (t_active * (P_cpu - P_sleep) - E_initial) / (P_in - P_radio - P_sleep)
    rnd = random.Random(7)
    sl = [rnd.randrange(1_000, 30_001) for _ in range(500)]
    p = replace(PAPER, p_sleep=5e-6, capacity=400e-6, initial=initial)
    r = power.simulate(sl, p)
    t_act = sum(sl) / 16e6
    e0 = initial * 400e-6
    assert r.delay_s == pytest.approx((t_act * (P_CPU - 5e-6) - e0) / (1.5e-3 - 0.5e-3 - 5e-6),
                                      rel=1e-9)
    assert r.final_j == pytest.approx(0.0, abs=1e-15)
    assert r.energy_sleep_j == pytest.approx(5e-6 * (r.delay_s - t_act), rel=1e-9)
    assert abs(conserved(r)) < 1e-12


def test_large_buffer_never_sleeps():
    # a buffer holding all of the net drain: no sleep, delay = running time only
    sl = [30_000] * 40
    need = sum(sl) / 16e6 * 7.6e-3
    r = power.simulate(sl, replace(PAPER, capacity=need))
    assert r.sleeps == 0 and r.sleep_s == 0
    assert r.delay_s == pytest.approx(sum(sl) / 16e6, rel=1e-12)
    assert r.final_j == pytest.approx(0.0, abs=1e-15)
    r = power.simulate(sl, replace(PAPER, capacity=need * 0.9))
    assert r.sleeps > 0 and r.delay_s == pytest.approx(sum(sl) / 16e6 + 0.1 * need / 1e-3, rel=1e-9)


def test_buffer_exactly_minimum_completes_just_below_fails():
    sl = [Slice(10_000, "sha512"), Slice(27_950, "x25519"), Slice(5_000, "hkdf")] * 20
    low = power.min_buffer(sl, PAPER)
    assert low == pytest.approx(27_950 / 16e6 * (P_CPU + 0.5e-3 - 1.5e-3), rel=1e-12)
    r = power.simulate(sl, replace(PAPER, capacity=low, initial=0.0))
    assert r.lowest_j >= 0 and max(r.levels) <= low * (1 + 1e-9)
    with pytest.raises(BufferTooSmall) as e:
        power.simulate(sl, replace(PAPER, capacity=low * (1 - 1e-6)))
    assert e.value.index == 1 and e.value.slice.label == "x25519"
    msg = str(e.value)
    assert "buffer too small" in msg and "slice 2 (x25519)" in msg and "27,950 cycles" in msg


def test_harvest_not_above_radio_and_sleep_is_no_progress():
    sl = [30_000] * 100
    for p_in in (0.5e-3, 0.3e-3, 0.0):  # equal to the radio share too: nothing left to recharge
        with pytest.raises(NoProgress) as e:
            power.simulate(sl, replace(PAPER, p_in=p_in))
        assert "no progress" in str(e.value) and "never recharges" in str(e.value)
    with pytest.raises(NoProgress):  # sleep power eats the rest
        power.simulate(sl, replace(PAPER, p_in=0.51e-3, p_sleep=10e-6))
    with pytest.raises(NoProgress) as e:
        power.simulate(sl, replace(PAPER, p_in=0.4e-3, initial=0.0))
    assert e.value.index == 0


def test_no_recharge_completes_on_stored_energy_alone():
    # a buffer that already holds the whole drain finishes without ever recharging
    sl = [30_000] * 10
    p = replace(PAPER, p_in=0.4e-3, initial=0.5)
    low = power.min_buffer(sl, p)
    assert low == pytest.approx(2 * sum(sl) / 16e6 * (P_CPU + 0.1e-3), rel=1e-12)
    r = power.simulate(sl, replace(p, capacity=low))
    assert r.sleeps == 0 and r.delay_s == pytest.approx(sum(sl) / 16e6, rel=1e-12)
    with pytest.raises(NoProgress):
        power.simulate(sl, replace(p, capacity=low * (1 - 1e-6)))
    assert power.min_buffer(sl, replace(p, initial=0.0)) == float("inf")


def test_harvest_above_running_power_wastes_the_overflow():
    sl = [30_000] * 50
    p = replace(PAPER, p_in=12e-3, capacity=20e-6, initial=0.5)  # charges at 2.9 mW while running
    r = power.simulate(sl, p)
    assert r.sleeps == 0 and r.delay_s == pytest.approx(sum(sl) / 16e6, rel=1e-12)
    assert r.final_j == pytest.approx(20e-6) and max(r.levels) <= 20e-6 * (1 + 1e-12)
    # 10 uJ room at the start, the rest of 2.9 mW x 93.75 ms is lost
    assert r.wasted_j == pytest.approx(2.9e-3 * sum(sl) / 16e6 - 10e-6, rel=1e-9)
    assert power.min_buffer(sl, p) == 0.0
    assert abs(conserved(r)) < 1e-12


@pytest.mark.parametrize("p_in,p_sleep,initial", [
    (1.5e-3, 0, 1.0), (0.8e-3, 3e-6, 0.0), (5e-3, 1e-6, 0.3), (9.1e-3, 0, 1.0), (20e-3, 2e-6, 0.0)])
def test_energy_is_conserved(p_in, p_sleep, initial):
    rnd = random.Random(int(p_in * 1e6))
    sl = [rnd.randrange(100, 60_000) for _ in range(300)]
    p = replace(PAPER, p_in=p_in, p_sleep=p_sleep, initial=initial, capacity=60e-6)
    r = power.simulate(sl, p)
    assert abs(conserved(r)) <= 1e-9 * r.harvested_j + 1e-15
    assert r.energy_radio_j == pytest.approx(0.5e-3 * r.delay_s)
    assert r.delay_s == pytest.approx(r.active_s + r.sleep_s, rel=1e-12)
    # the trace: inside [0, capacity], monotone in time, one span per slice
    assert min(r.levels) >= 0 and max(r.levels) <= 60e-6 * (1 + 1e-9)
    assert all(a <= b for a, b in zip(r.times, r.times[1:]))
    assert len(r.spans) == len(sl) and r.spans[-1][1] == r.delay_s


def test_thousands_of_slices_are_fast():
    sl = [30_000] * 20_000
    t0 = time.perf_counter()
    r = power.simulate(sl, replace(PAPER, initial=0.0))
    assert time.perf_counter() - t0 < 2.0
    assert r.delay_s == pytest.approx(sum(sl) / 16e6 * 8.6, rel=1e-9)


def test_sweep():
    sl = paper_slices()
    s = power.sweep(sl, PAPER, p_in_values=[0.4e-3, 1e-3, 1.5e-3, 3e-3, 20e-3],
                    capacities=[10e-6, 150e-6, 1e-3])
    d = [w.delay_s for w in s["p_in"]]
    assert d[0] is None and "no progress" in s["p_in"][0].note
    assert d[1] > d[2] > d[3] > d[4] == pytest.approx(7.588e6 / 16e6)
    c = s["capacity"]
    assert c[0].delay_s is None and c[0].note == "buffer too small"
    assert c[1].delay_s > c[2].delay_s  # starting full: a bigger buffer brings more energy along
    default = power.sweep(sl, PAPER)
    assert any(w.capacity == power.min_buffer(sl, PAPER) and w.delay_s for w in default["capacity"])


def test_plot_files(tmp_path):
    r = power.simulate([Slice(20_000, "a"), Slice(30_000, "b")] * 30, PAPER)
    png, svg = tmp_path / "level.png", tmp_path / "level.svg"
    power.plot(r, png=png, svg=svg)
    assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 5_000
    assert b"<svg" in svg.read_bytes()[:2_000] and svg.stat().st_size > 5_000
    with pytest.raises(ValueError, match="no trace"):
        power.plot(power.simulate([1000], PAPER, trace=False), png=png)


def test_parse_slices():
    sl, meta = power.parse_slices({"target": "cortex-m0plus", "clock_hz": 16_000_000,
                                   "slices": [{"cycles": 27950, "label": "x25519"}, 100]})
    assert sl == [Slice(27950, "x25519"), Slice(100, "")] and meta["clock_hz"] == 16_000_000
    assert power.parse_slices([1, 2])[0] == [Slice(1), Slice(2)]
    for bad in ([], {"slices": []}, {"cycles": 5}, [0], [-3], [1.5], ["7"], [True],
                [{"label": "x"}]):
        with pytest.raises(ValueError):
            power.parse_slices(bad)
    with pytest.raises(ValueError, match="sleep power"):
        power.simulate([1000], replace(PAPER, p_sleep=9e-3))
    with pytest.raises(ValueError, match="fraction"):
        power.simulate([1000], replace(PAPER, initial=1.5))


def test_cli_on_record_json(tmp_path, capsys):
    doc = {"target": "cortex-m0plus", "clock_hz": 16_000_000, "operation": "cpace device login",
           "slices": [{"cycles": c, "label": "x25519"} for c in paper_slices()]}
    f = tmp_path / "slices.json"
    f.write_text(json.dumps(doc))
    out_json, png, svg = tmp_path / "r.json", tmp_path / "r.png", tmp_path / "r.svg"
    assert cli.main(["power", "--slices", str(f), "--initial", "0", "--sweep", "--json",
                     str(out_json), "--plot", str(png), "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "cpace device login on cortex-m0plus" in out
    assert "| login delay | 4.079 s |" in out
    assert "| smallest buffer that completes | 14.250 uJ" in out
    assert "Delay against the harvested power" in out and "buffer too small" in out
    rep = json.loads(out_json.read_text())
    assert rep["result"]["delay_s"] == pytest.approx(4.07855, rel=1e-9)
    assert rep["min_buffer_j"] == pytest.approx(14.25e-6) and rep["sweep"]["p_in"]
    assert png.stat().st_size > 0 and svg.stat().st_size > 0


def test_cli_clock_from_file_unless_given(tmp_path, capsys):
    f = tmp_path / "slices.json"
    f.write_text(json.dumps({"clock_hz": 32_000_000, "slices": [30_000] * 10}))
    assert cli.main(["power", "--slices", str(f), "--initial", "0"]) == 0
    assert "at 32 MHz" in capsys.readouterr().out
    assert cli.main(["power", "--slices", str(f), "--clock", "8e6"]) == 0
    assert "at 8 MHz" in capsys.readouterr().out


def test_cli_on_plain_list_and_failures(tmp_path, capsys):
    f = tmp_path / "list.json"
    f.write_text("[30000, 30000, 12000]")
    assert cli.main(["power", "--slices", str(f)]) == 0
    assert "| login delay |" in capsys.readouterr().out
    assert cli.main(["power", "--slices", str(f), "--buffer", "10e-6"]) == 1
    assert "buffer too small" in capsys.readouterr().err
    assert cli.main(["power", "--slices", str(f), "--p-in", "0.5e-3", "--initial", "0"]) == 1
    assert "no progress" in capsys.readouterr().err
    f.write_text("[30000, -1]")
    assert cli.main(["power", "--slices", str(f)]) == 2
    assert "positive integer" in capsys.readouterr().err
    assert cli.main(["power", "--slices", str(tmp_path / "missing.json")]) == 2
