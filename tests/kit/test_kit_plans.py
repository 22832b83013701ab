"""Each game's kit plan as data: its parts are the ones `--only` offers for it, the components
it marks as following `--card-size` are exactly those `with_card_size` resizes, and every sort
of piece it names is one the print services know."""

from __future__ import annotations

import pytest

from cardgen.kit.spec import resolve
from cardgen.options import BuildOptions
from cardgen.print.faces import PIECE_KINDS
from cardgen.print.services import services
from cardgen.registry import GAMES

KITS = [pytest.param(g.name, marks=() if g.has_kit() else pytest.mark.skip(reason=f"{g.name} has no print kit"))
        for g in GAMES]
"""Every registered game; one without a print kit (the `Game.kit` default) is skipped, visibly."""
SPEC = resolve(BuildOptions())


@pytest.mark.parametrize("name", KITS)
def test_the_plan_holds_the_parts_only_offers(name: str) -> None:
    game = GAMES.get(name)
    plan = game.kit(game.load_set(), SPEC)
    assert plan is not None
    assert set(plan.parts) == set(game.kit_parts)


@pytest.mark.parametrize("name", KITS)
def test_card_sized_components_are_the_ones_the_card_size_resizes(name: str) -> None:
    game = GAMES.get(name)
    before, after = game.kit(game.load_set(), SPEC), game.kit(game.with_card_size(game.load_set(), 41.0), SPEC)
    assert before is not None and after is not None
    for old, new in zip(before.components, after.components):
        widths = {it.front.width for it in new.draw()}
        if new.card_sized:
            assert widths == {41.0}, new.stem
        else:
            assert widths == {it.front.width for it in old.draw()}, new.stem
    for old_file, new_file in zip(before.files, after.files):  # sheet files keep their sizes
        assert [f.width for f, _ in old_file.faces] == [f.width for f, _ in new_file.faces]


@pytest.mark.parametrize("name", KITS)
def test_every_sort_of_piece_is_one_the_services_know(name: str) -> None:
    game = GAMES.get(name)
    plan = game.kit(game.load_set(), SPEC)
    assert plan is not None
    named = {k for part in (*plan.components, *plan.files) for k in part.kinds}
    assert named <= set(PIECE_KINDS)
    sold = {k for s in services().values() for k in (*s.covers, *(f for p in s.products for f in p.fits))}
    assert sold <= set(PIECE_KINDS)
