"""How many processes typeset the booklets: a language each where a core is free for it."""

from __future__ import annotations

from cardgen.booklet.build import booklet_workers


def test_beside_the_sheets_two_cores_typeset_both_languages_in_one_process() -> None:
    assert booklet_workers(2, 2, sheets=True) == 1


def test_booklets_alone_get_a_process_per_language() -> None:
    assert booklet_workers(2, 2, sheets=False) == 2
    assert booklet_workers(2, 8, sheets=True) == 2


def test_there_is_always_one_process_and_never_more_than_languages() -> None:
    assert booklet_workers(2, 1, sheets=True) == 1
    assert booklet_workers(1, 16, sheets=False) == 1
