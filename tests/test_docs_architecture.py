"""docs/architecture.md draws the layers that tests/test_architecture.py enforces: one row of its
picture a layer, in the same order, and each layer's modules named on the page."""

from __future__ import annotations

from pathlib import Path

from test_architecture import LAYERS

DOC = (Path(__file__).resolve().parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")


def _picture_rows() -> list[str]:
    picture = DOC.split("## The picture", 1)[1].split("```", 2)[1]
    return [line.split("│")[1].strip() for line in picture.splitlines() if line.lstrip().startswith("│")]


def test_the_picture_has_a_row_a_layer_from_the_top() -> None:
    assert _picture_rows() == [name for name, _ in reversed(LAYERS)]


def test_the_page_names_every_module_of_each_layer() -> None:
    missing = []
    for name, modules in LAYERS:
        for module in modules:
            last = module.rsplit(".", 1)[-1]
            if f"`{last}`" not in DOC and f"{last}.py" not in DOC and f"{last}/" not in DOC:
                missing.append(f"{name}: {module}")
    assert missing == []
