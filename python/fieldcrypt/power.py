"""Power-budget simulator: how long a sliced computation (a password login) takes on a device that
runs from a small harvested power through a small energy buffer.

The model (the CHES 2017 setting of Haase and Labrique, every number configurable):

- The harvester delivers a constant ``p_in`` watts. The radio keeps its link up and draws a
  constant ``p_radio`` (periodic BLE connection events enter as their average: event energy /
  interval). The core draws ``p_cpu = current * voltage`` while it runs and ``p_sleep`` while it
  sleeps; ``current`` is the whole chip's running current, so sleep power is not added to it.
- The work is a list of slices (cycle counts, run in order at ``clock_hz``). A slice starts only
  when the buffer holds what the slice will take out of it, ``drain = t_slice * (p_cpu + p_radio
  - p_in)``; otherwise the device sleeps until it does, recharging at ``p_in - p_radio -
  p_sleep``. So the buffer never goes below zero, and with this greedy threshold the device
  never sleeps longer than needed. A slice with a negative drain (the harvest exceeds the running
  core) charges the buffer; what would go above ``capacity`` is lost (``wasted_j``).
- ``capacity`` is the USABLE energy of the buffer: for a capacitor, C/2 * (V_full^2 - V_min^2)
  between full and the brown-out voltage, not C/2 * V_full^2. ``initial`` is its level at the
  start as a fraction of capacity; the default is full (1.0), because a device that has kept
  its link up while idle has had time to fill its buffer. With ``initial=0`` and at least one
  sleep the delay is the classic energy / power figure, active_time * p_cpu / (p_in - p_radio)
  (with p_sleep = 0); starting full saves capacity / recharge-power seconds of that.
- Event-driven: one step per slice (time of the sleep, then of the slice, in closed form), so
  thousands of slices take milliseconds. The level between trace points is linear, so the
  trace (two or three points per slice) is exact.

Consequences worth knowing: the smallest buffer that completes is the largest single slice's
net drain (when the harvest recharges at all), whatever the number of slices; beyond that the
buffer size changes the delay only through the energy it holds at the start.

Not modelled: the radio's per-event current peaks (the buffer must also hold the largest
connection event on top of a slice; add it to the capacity margin yourself), capacitor leakage
and its voltage-dependent level (a constant leak can be folded into p_sleep), converter
efficiency and a harvest that varies with time or buffer voltage, the cost and time of waking
up and of the slice engine's bookkeeping between slices (add them to the slice cycles), flash
wait states and clock changes. Comparisons use a relative tolerance of 1e-9 of the capacity,
so float rounding does not turn an exact fit into a failure.

API: ``simulate(slices, params) -> Result``, ``min_buffer(slices, params)``,
``sweep(slices, params) -> {"p_in": [SweepRow], "capacity": [SweepRow]}``,
``plot(result, png=..., svg=...)``, ``load_slices(path)`` / ``parse_slices(obj)``,
``report(...)`` (Markdown); ``fieldcrypt power`` is the CLI over them.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Sequence

REL_TOL = 1e-9  # of the capacity: float dust, not energy


@dataclass(frozen=True)
class Slice:
    cycles: int
    label: str = ""


@dataclass(frozen=True)
class Params:
    p_in: float = 1.5e-3        # W harvested, in all (CHES 2017: 1.5 mW)
    p_radio: float = 0.5e-3     # W for the radio link, drawn all the time (CHES 2017: 0.5 mW)
    current: float = 4.3e-3     # A of the running chip
    voltage: float = 2.0        # V
    p_sleep: float = 0.0        # W while sleeping between slices
    clock_hz: float = 16e6
    capacity: float = 150e-6    # J usable in the buffer
    initial: float = 1.0        # buffer level at the start, fraction of capacity

    @property
    def p_cpu(self) -> float:
        return self.current * self.voltage

    @property
    def p_drain(self) -> float:
        """Net power out of the buffer while a slice runs (negative: it charges)."""
        return self.p_cpu + self.p_radio - self.p_in

    @property
    def p_recharge(self) -> float:
        """Net power into the buffer while the core sleeps."""
        return self.p_in - self.p_radio - self.p_sleep

    @property
    def recharges(self) -> bool:
        # a recharge of float dust (0.51 mW - 0.5 mW - 10 uW) is zero, not a 1e14 s sleep
        return self.p_recharge > REL_TOL * max(self.p_in, self.p_cpu)

    def seconds(self, cycles: int) -> float:
        return cycles / self.clock_hz

    def drain(self, cycles: int) -> float:
        return self.seconds(cycles) * self.p_drain

    def check(self) -> None:
        bad = [n for n in ("p_in", "p_radio", "p_sleep", "capacity") if not getattr(self, n) >= 0]
        bad += [n for n in ("current", "voltage", "clock_hz") if not getattr(self, n) > 0]
        if bad:
            raise ValueError(f"power parameters out of range: {', '.join(bad)}")
        if not 0 <= self.initial <= 1:
            raise ValueError(f"initial buffer level must be a fraction 0..1, got {self.initial}")
        if self.p_sleep >= self.p_cpu:
            # a sleeping chip drawing more than a running one is a units mistake
            raise ValueError(f"sleep power {self.p_sleep:g} W is not below the running power "
                             f"{self.p_cpu:g} W")


class PowerError(ValueError):
    """The login cannot complete; .index is the slice that could not start."""

    def __init__(self, msg: str, index: int, slice_: Slice, needed_j: float):
        super().__init__(msg)
        self.index, self.slice, self.needed_j = index, slice_, needed_j


class BufferTooSmall(PowerError):
    """Even a full buffer cannot cover one slice's net drain."""


class NoProgress(PowerError):
    """The harvest does not exceed radio + sleep power: the buffer never recharges."""


@dataclass
class Result:
    params: Params
    slices: int
    cycles: int
    delay_s: float           # from the start to the end of the last slice
    active_s: float
    sleep_s: float
    sleeps: int              # waits before a slice (0 when the buffer already held enough)
    energy_cpu_j: float
    energy_radio_j: float
    energy_sleep_j: float
    harvested_j: float
    wasted_j: float          # harvest lost because the buffer was full
    initial_j: float
    final_j: float
    lowest_j: float
    largest_drain_j: float
    largest_index: int
    times: list[float] = field(default_factory=list, repr=False)    # level trace, s
    levels: list[float] = field(default_factory=list, repr=False)   # J
    spans: list[tuple[float, float, str]] = field(default_factory=list, repr=False)  # slices

    @property
    def energy_used_j(self) -> float:
        return self.energy_cpu_j + self.energy_radio_j + self.energy_sleep_j

    def summary(self) -> dict[str, Any]:
        """The figures without the parameters and the trace (JSON-ready)."""
        d = {k: v for k, v in asdict(self).items()
             if k not in ("params", "times", "levels", "spans")}
        d["energy_used_j"] = self.energy_used_j
        return d


def _describe(i: int, s: Slice) -> str:
    return f"slice {i + 1}" + (f" ({s.label})" if s.label else "") + f", {s.cycles:,} cycles"


def parse_slices(obj: Any) -> tuple[list[Slice], dict[str, Any]]:
    """A benchmark record {"slices": [{"cycles": N, "label": "x"}, ...], ...} or a plain list
    of ints (or of such dicts) -> (slices, the record's other fields)."""
    meta: dict[str, Any] = {}
    if isinstance(obj, dict):
        meta = {k: v for k, v in obj.items() if k != "slices"}
        obj = obj.get("slices")
    if not isinstance(obj, list) or not obj:
        raise ValueError("expected a non-empty list of slices (or an object with one in 'slices')")
    out = []
    for i, s in enumerate(obj):
        cycles, label = (s.get("cycles"), s.get("label", "")) if isinstance(s, dict) else (s, "")
        # bool is an int in Python; a true/false here is a producer bug, not one cycle
        if not isinstance(cycles, int) or isinstance(cycles, bool) or cycles <= 0:
            raise ValueError(f"slice {i + 1}: cycles must be a positive integer, got {cycles!r}")
        out.append(Slice(cycles, str(label)))
    return out, meta


def load_slices(path: str | Path) -> tuple[list[Slice], dict[str, Any]]:
    with open(path) as f:
        return parse_slices(json.load(f))


def as_slices(slices: Iterable[int | Slice | dict]) -> list[Slice]:
    items = list(slices)
    if items and all(isinstance(s, Slice) for s in items):
        return items
    return parse_slices([asdict(s) if isinstance(s, Slice) else s for s in items])[0]


def simulate(slices: Iterable[int | Slice | dict], params: Params = Params(),
             trace: bool = True) -> Result:
    """Run the slices in order under the threshold policy; raise BufferTooSmall or NoProgress
    (with the slice that could not start) when the login cannot complete."""
    sl = as_slices(slices)
    params.check()
    cap, recharge, tol = params.capacity, params.p_recharge, REL_TOL * params.capacity
    level = initial = params.initial * cap
    t = active = asleep = wasted = 0.0
    sleeps = 0
    lowest = level
    times, levels, spans = ([0.0], [level], []) if trace else ([], [], [])
    drains = [params.drain(s.cycles) for s in sl]
    big = max(range(len(sl)), key=drains.__getitem__)
    for i, (s, need) in enumerate(zip(sl, drains)):
        if need > cap + tol:
            raise BufferTooSmall(
                f"buffer too small: {_describe(i, s)} takes {need * 1e6:.3f} uJ net "
                f"({params.seconds(s.cycles) * 1e3:.3f} ms at {params.p_drain * 1e3:g} mW), "
                f"the buffer holds at most {cap * 1e6:.3f} uJ; the smallest buffer for these "
                f"slices is {drains[big] * 1e6:.3f} uJ ({_describe(big, sl[big])})", i, s, need)
        if need > level + tol:  # within tol: float dust of an exact fit, no sleep
            if not params.recharges:
                raise NoProgress(
                    f"no progress: the harvest {params.p_in * 1e3:g} mW does not exceed radio "
                    f"{params.p_radio * 1e3:g} mW + sleep {params.p_sleep * 1e3:g} mW, so the "
                    f"buffer never recharges; {i} of {len(sl)} slices ran on the stored "
                    f"energy, {_describe(i, s)} needs {need * 1e6:.3f} uJ and "
                    f"{max(level, 0.0) * 1e6:.3f} uJ are left", i, s, need)
            wait = (need - level) / recharge
            t += wait
            asleep += wait
            sleeps += 1
            level = need  # exactly: the sleep lasts until the threshold, no float drift
            if trace:
                times.append(t)
                levels.append(level)
        run = params.seconds(s.cycles)
        start = t
        if need >= 0:
            level = max(level - need, 0.0)  # the clamp only removes float dust (< tol)
        elif level - need > cap:
            # the harvest outruns the core: the buffer fills part-way through, the rest is lost
            if trace:
                times.append(start + (cap - level) / -params.p_drain)
                levels.append(cap)
            wasted += level - need - cap
            level = cap
        else:
            level -= need
        t += run
        active += run
        lowest = min(lowest, level)
        if trace:
            times.append(t)
            levels.append(level)
            spans.append((start, t, s.label))
    return Result(
        params=params, slices=len(sl), cycles=sum(s.cycles for s in sl), delay_s=t,
        active_s=active, sleep_s=asleep, sleeps=sleeps, energy_cpu_j=params.p_cpu * active,
        energy_radio_j=params.p_radio * t, energy_sleep_j=params.p_sleep * asleep,
        harvested_j=params.p_in * t, wasted_j=wasted, initial_j=initial, final_j=level,
        lowest_j=lowest, largest_drain_j=drains[big], largest_index=big,
        times=times, levels=levels, spans=spans)


def accelerator_energy_j(stats: dict, params: Params = Params()) -> float:
    """Energy (J) a modelled accelerator drew on top of the core over a run, from its stats
    (mcusim's peripherals: busy_cycles at params.clock_hz, active_ma at params.voltage). Not yet
    part of simulate(): folding it in needs a per-slice accelerator charge (Slice would carry
    its accelerator's busy cycles and current, and the slice's drain add them), which the bench
    would fill from each slice's peripheral stats."""
    return stats["busy_cycles"] / params.clock_hz * stats["active_ma"] * 1e-3 * params.voltage


def min_buffer(slices: Iterable[int | Slice | dict], params: Params = Params()) -> float:
    """Smallest usable capacity (J) with which simulate() completes; inf if none does."""
    sl = as_slices(slices)
    params.check()
    drains = [params.drain(s.cycles) for s in sl]
    if params.recharges:
        # the device can sleep until the buffer holds any one slice: only the largest counts
        return max(0.0, max(drains))
    # never recharged: every slice comes out of the initial charge (drains are positive here,
    # since p_in <= p_radio + p_sleep < p_radio + p_cpu)
    return sum(drains) / params.initial if params.initial > 0 else float("inf")


@dataclass
class SweepRow:
    p_in: float
    capacity: float
    delay_s: float | None   # None: the login does not complete
    sleeps: int | None
    note: str               # "" or why it does not complete


def _row(sl: list[Slice], p: Params) -> SweepRow:
    try:
        r = simulate(sl, p, trace=False)
        return SweepRow(p.p_in, p.capacity, r.delay_s, r.sleeps, "")
    except BufferTooSmall:
        return SweepRow(p.p_in, p.capacity, None, None, "buffer too small")
    except NoProgress:
        return SweepRow(p.p_in, p.capacity, None, None, "no progress: harvest <= radio + sleep")


def sweep(slices: Iterable[int | Slice | dict], params: Params = Params(),
          p_in_values: Sequence[float] | None = None,
          capacities: Sequence[float] | None = None) -> dict[str, list[SweepRow]]:
    """Delay against the harvested power (at params.capacity) and against the buffer size (at
    params.p_in). Default grids: 0.5x..10x p_in; around the smallest buffer and 0.5x..10x the
    given one."""
    sl = as_slices(slices)
    if p_in_values is None:
        p_in_values = [params.p_in * f for f in (0.5, 0.75, 1, 1.5, 2, 3, 5, 10)]
    if capacities is None:
        low = min_buffer(sl, params)
        capacities = [params.capacity * f for f in (0.5, 1, 2, 4, 10)]
        if low < float("inf"):
            capacities += [low * 0.99, low]
        capacities = sorted(set(capacities))
    return {"p_in": [_row(sl, replace(params, p_in=p)) for p in p_in_values],
            "capacity": [_row(sl, replace(params, capacity=c)) for c in capacities]}


def plot(result: Result, png: str | Path | None = None, svg: str | Path | None = None,
         title: str = "") -> None:
    """The buffer level over time, each slice shaded (one colour per label), as PNG and/or SVG."""
    if not result.times:
        raise ValueError("the result has no trace: simulate(..., trace=True)")
    # Figure + the Agg canvas directly: no pyplot, so no global backend or GUI state
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 4), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    cap = result.params.capacity * 1e6
    ax.plot(result.times, [v * 1e6 for v in result.levels], color="black", lw=0.8,
            label="buffer level")
    ax.axhline(cap, color="grey", ls="--", lw=0.8, label=f"capacity {cap:.4g} uJ")
    by_label: dict[str, list[tuple[float, float]]] = {}
    for start, end, label in result.spans:
        by_label.setdefault(label or "slice", []).append((start, end - start))
    colours = ["tab:orange", "tab:blue", "tab:green", "tab:red", "tab:purple", "tab:brown"]
    for k, (label, bars) in enumerate(by_label.items()):
        # one collection per label (not one patch per slice) keeps thousands of slices fast;
        # the edge line keeps a 2 ms slice visible on a multi-second axis
        c = colours[k % len(colours)]
        ax.broken_barh(bars, (0, cap), facecolors=c, edgecolors=c, linewidth=0.3, alpha=0.35,
                       label=f"CPU running: {label}")
    p = result.params
    ax.set_title(title or f"{result.slices} slices, {result.cycles:,} cycles: "
                 f"{result.delay_s:.3f} s at {p.p_in * 1e3:g} mW in, {p.p_radio * 1e3:g} mW radio")
    ax.set_xlabel("time (s)")
    ax.set_ylabel("usable energy in buffer (uJ)")
    ax.set_xlim(0, result.delay_s or 1)
    ax.set_ylim(0, cap * 1.08 or 1)
    ax.legend(loc="upper right", fontsize="small")
    for path in (png, svg):
        if path:
            fig.savefig(path, dpi=150)


def _uj(j: float) -> str:
    return f"{j * 1e6:,.3f} uJ"


def report(slices: Sequence[Slice], params: Params, result: Result | None = None,
           error: PowerError | None = None, sweeps: dict[str, list[SweepRow]] | None = None,
           meta: dict[str, Any] | None = None) -> str:
    """Markdown: the setting, the result (or why there is none), the smallest buffer, sweeps."""
    p, meta = params, meta or {}
    what = " on ".join(str(meta[k]) for k in ("operation", "target") if meta.get(k))
    drains = [p.drain(s.cycles) for s in slices]
    big = max(range(len(slices)), key=drains.__getitem__)
    low = min_buffer(slices, p)
    out = [f"## Power budget{': ' + what if what else ''}", "",
           f"- {len(slices):,} slices, {sum(s.cycles for s in slices):,} cycles at "
           f"{p.clock_hz / 1e6:g} MHz (largest net drain: {_describe(big, slices[big])})",
           f"- CPU {p.current * 1e3:g} mA x {p.voltage:g} V = {p.p_cpu * 1e3:g} mW running; "
           f"harvest {p.p_in * 1e3:g} mW - radio {p.p_radio * 1e3:g} mW - sleep "
           f"{p.p_sleep * 1e3:g} mW = {p.p_recharge * 1e3:g} mW recharge",
           f"- buffer {_uj(p.capacity)} usable, starting at {p.initial:.0%}", ""]
    if error is not None:
        out += [f"**The login does not complete.** {error}", ""]
    if result is not None:
        r = result
        out += ["| result | value |", "| --- | --- |",
                f"| login delay | {r.delay_s:.3f} s |",
                f"| CPU active | {r.active_s:.3f} s ({r.slices:,} slices) |",
                f"| sleeps | {r.sleeps:,}, {r.sleep_s:.3f} s in all |",
                f"| energy used | {_uj(r.energy_used_j)} (CPU {_uj(r.energy_cpu_j)}, radio "
                f"{_uj(r.energy_radio_j)}, sleep {_uj(r.energy_sleep_j)}) |",
                f"| harvested, of it wasted (buffer full) | {_uj(r.harvested_j)}, "
                f"{_uj(r.wasted_j)} |",
                f"| buffer start, end, lowest | {_uj(r.initial_j)}, {_uj(r.final_j)}, "
                f"{_uj(r.lowest_j)} |"]
        if p.recharges and p.p_drain > 0:
            # the energy/power figure of `fieldcrypt energy` and of the paper, buffer empty
            est = r.active_s * (p.p_cpu - p.p_sleep) / p.p_recharge
            out.append(f"| energy / power estimate (buffer starting empty) | {est:.3f} s |")
    else:
        out += ["| result | value |", "| --- | --- |"]
    if low == float("inf"):
        smallest = "none (never recharged and starting empty)"
    elif not p.recharges:
        smallest = f"{_uj(low)} (never recharged: all of it stored at the start)"
    else:
        smallest = f"{_uj(low)} (the largest slice's net drain)"
    out.append(f"| smallest buffer that completes | {smallest} |")
    if not p.recharges and result is not None:
        out += ["", "Warning: the harvest does not exceed radio + sleep power; this login "
                "completed only on the energy stored at the start."]
    if sweeps:
        out += ["", f"Delay against the harvested power (buffer {_uj(p.capacity)}):", "",
                "| P_in mW | recharge mW | delay s | sleeps |", "| ---: | ---: | ---: | ---: |"]
        out += [f"| {w.p_in * 1e3:g} | {(w.p_in - p.p_radio - p.p_sleep) * 1e3:g} | "
                f"{'-' if w.delay_s is None else f'{w.delay_s:.3f}'} | "
                f"{w.note or w.sleeps} |" for w in sweeps.get("p_in", [])]
        out += ["", f"Delay against the buffer size (harvest {p.p_in * 1e3:g} mW, starting at "
                f"{p.initial:.0%}):", "",
                "| buffer uJ | delay s | sleeps |", "| ---: | ---: | ---: |"]
        out += [f"| {w.capacity * 1e6:,.3f} | {'-' if w.delay_s is None else f'{w.delay_s:.3f}'} | "
                f"{w.note or w.sleeps} |" for w in sweeps.get("capacity", [])]
    return "\n".join(out)


def command(slices_file: str, params: Params, clock_given: bool = True, png: str | None = None,
            svg: str | None = None, json_out: str | None = None, do_sweep: bool = False) -> int:
    """`fieldcrypt power`: 0 when the login completes, 1 when it cannot, 2 on bad input."""
    import sys
    try:
        slices, meta = load_slices(slices_file)
        if not clock_given and meta.get("clock_hz"):
            params = replace(params, clock_hz=float(meta["clock_hz"]))  # the record's own clock
        params.check()
    except (OSError, ValueError) as e:  # json.JSONDecodeError is a ValueError
        print(f"fieldcrypt power: {slices_file}: {e}", file=sys.stderr)
        return 2
    result, error = None, None
    try:
        result = simulate(slices, params, trace=bool(png or svg))
    except PowerError as e:
        error = e
    sweeps = sweep(slices, params) if do_sweep else None
    print(report(slices, params, result, error, sweeps, meta))
    if result is not None and (png or svg):
        title = ""
        if meta.get("operation"):
            title = (f"{meta['operation']}: {result.delay_s:.3f} s, {result.slices} slices, "
                     f"{params.p_in * 1e3:g} mW in, buffer {params.capacity * 1e6:.4g} uJ")
        plot(result, png, svg, title)
    if json_out:
        low = min_buffer(slices, params)
        doc = {"input": meta, "params": asdict(params),
               "min_buffer_j": None if low == float("inf") else low,  # JSON has no infinity
               "result": result.summary() if result else None,
               "error": str(error) if error else None,
               "sweep": {k: [asdict(w) for w in v] for k, v in sweeps.items()} if sweeps else None}
        with open(json_out, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
    if error is not None:
        print(f"fieldcrypt power: {error}", file=sys.stderr)
        return 1
    return 0
