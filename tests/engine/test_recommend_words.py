"""The line over the recommendations says that each change it names fixes every failing
configuration on its own (issue 36: "fixes all 2 failing configurations: A, B" read as both)."""

from __future__ import annotations

from cardgen.commands.recommend import Candidate, Recommendation, lines


def _fixing(config: str, *changes: tuple[str, int, int]) -> list[Recommendation]:
    return [Recommendation(config, Candidate(name, before, after, ""), 40, True, (), 0.0)
            for name, before, after in changes]


def test_one_change_that_fixes_every_failing_configuration_is_said_to_do_it_alone() -> None:
    recs = {"2p": _fixing("2p", ("heads", 2, 3)), "3p": _fixing("3p", ("heads", 2, 3))}
    assert lines(recs, "pit")[0] == "pit: this change alone fixes all 2 failing configurations: heads 2 → 3"


def test_two_changes_that_each_fix_every_failing_configuration_are_either_alone() -> None:
    both = (("heads", 2, 3), ("hand_size", 5, 6))
    recs = {"2p": _fixing("2p", *both), "3p": _fixing("3p", *both)}
    assert lines(recs, "pit")[0] == ("pit: either change alone fixes all 2 failing configurations: heads 2 → 3; "
                                     "hand_size 5 → 6 (make one of them)")
    three = {"2p": _fixing("2p", *both, ("tiles", 54, 60)), "3p": _fixing("3p", *both, ("tiles", 54, 60))}
    assert lines(three, "pit")[0].startswith("pit: each of these 3 changes alone fixes all 2 failing configurations: ")


def test_only_a_confirmation_that_decided_pass_is_said_to_fix_it() -> None:
    from cardgen.check.verdict import FAIL, INCONCLUSIVE, PASS, Criterion
    from cardgen.commands.recommend import headline

    def decisive(status: str, share: float) -> Criterion:
        return Criterion("decisive", status, True, "", {"share": share, "low": 0.0, "high": 1.0})

    rows = (("decisive", headline(decisive(FAIL, 0.55)), headline(decisive(INCONCLUSIVE, 0.2))),)
    assert rows[0][1] == "games without a sole winner 55%"  # decisive counts games without a sole winner
    heads = Candidate("--heads", 2, 3, "")
    confirmed = Recommendation("4p", heads, 60, True, rows, 0.0, confirmed=True)
    assert confirmed.text() == ("--heads 2 → 3: decisive: games without a sole winner 55% → 20%: fixes it "
                                "(decided after 60 games)")
    screened = Recommendation("4p", heads, 5, False, rows, 0.0, improves=True, looks=True)
    assert screened.text().endswith(": improves it, not decided (a screening of 5 games)")
    undecided = Recommendation("4p", heads, 60, False, rows, 0.0, improves=True, confirmed=True)
    assert undecided.text().endswith(": improves it, not decided (60 games)")
    assert lines({"4p": [screened]}, "pit") == [
        "pit 4p: no single change of 1 tried is decided to fix it; one improves it:", f"  {screened.text()}"]
    assert headline(decisive(PASS, 0.1)) == "games without a sole winner 10%"
