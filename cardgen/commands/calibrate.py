"""`cardgen calibrate` without the command line: the duplex back offset read from scans of the
printed calibration sheet (`cardgen.print.scan`), said as the `--back-offset` to pass, and with
`save` kept as the default of `cardgen build` for the sheet's paper and flip edge
(`cardgen.print.settings`)."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.commands.outcome import Say, err, out
from cardgen.errors import CardgenError, UsageMistake

#: The two targets' offsets may differ this much (mm) before the command says so.
SPREAD_MM = 0.5


@dataclass(frozen=True, slots=True)
class CalibrateRequest:
    """`cardgen calibrate`'s arguments: one picture of the sheet's front against the light, or a
    scan of each side (any order); `save` keeps the offset for `cardgen build`."""

    scans: tuple[str, ...]
    save: bool = False


def run(request: CalibrateRequest, say: Say) -> int:
    """Measure the back offset and say it (and where it was saved); the exit code."""
    from cardgen.print.scan import measure_through, measure_two
    from cardgen.print.settings import MAX_OFFSET, save_offset

    scans = request.scans
    if len(scans) not in (1, 2):
        raise UsageMistake("calibrate", f"give one picture against the light or two scans, not {len(scans)}")
    m = measure_two(*scans) if len(scans) == 2 else measure_through(scans[0])
    sheet = m.sheet
    if max(abs(m.x), abs(m.y)) > MAX_OFFSET:
        raise CardgenError(scans[-1], f"the back lies ({m.x:g}, {m.y:g}) mm off, more than build can correct "
                                      f"(±{MAX_OFFSET:g}): check the flip edge ({sheet.flip.value})")
    value = f"{m.x:.1f},{m.y:.1f}"
    say(out(f"{sheet.paper.label}, flip on the {sheet.flip.value} edge{', landscape' if sheet.landscape else ''}: "
            f"--back-offset {value}  (markers fit to {m.fit_mm:.2f} mm)"))
    if m.spread_mm > SPREAD_MM:
        say(err(f"the two targets differ by {m.spread_mm:.1f} mm: the back is printed turned or scaled against the "
                "front, so no offset fits the whole sheet; the one given fits its middle"))
    if request.save:
        path = save_offset(sheet.paper.name, sheet.flip.value, (round(m.x, 1) + 0.0, round(m.y, 1) + 0.0))
        say(out(f"saved in {path}: cardgen build --paper {sheet.paper.name} --flip {sheet.flip.value} "
                "uses it when --back-offset is not given"))
    return 0
