"""The untrusted-input boundary (`cardgen.inputs`): what reaches a game is a small regular file
of UTF-8 text, parsed into data of bounded nesting, length and number size, and a record names
set files only inside its own folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardgen.errors import DataError
from cardgen.inputs import MAX_BYTES, MAX_DEPTH, MAX_INT, MAX_ITEMS, inside_folder, parse_json, parse_toml, read_text


def _refused(func: object, *args: object) -> str:
    with pytest.raises(DataError) as info:
        func(*args)  # type: ignore[operator]
    return str(info.value)


def test_a_small_regular_file_is_read_and_a_byte_order_mark_dropped(tmp_path: Path) -> None:
    path = tmp_path / "set.toml"
    path.write_bytes("\ufeffname = \"Grün\"\n".encode())
    assert read_text(path) == "name = \"Grün\"\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    assert "a pipe (FIFO), not a regular file" in _refused(read_text, fifo)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_an_endless_device_is_refused_before_reading() -> None:
    assert "a device, not a regular file" in _refused(read_text, Path("/dev/zero"))


def test_a_folder_a_missing_file_and_a_symlink_loop_are_refused(tmp_path: Path) -> None:
    assert "a folder, not a regular file" in _refused(read_text, tmp_path)
    assert _refused(read_text, tmp_path / "missing.toml").endswith("no such file")
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    assert _refused(read_text, loop).startswith(f"{loop}: cannot be read")


def test_a_file_over_one_mebibyte_is_refused_with_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (MAX_BYTES + 1))
    assert f"the limit is {MAX_BYTES:,} bytes" in _refused(read_text, path)
    path.write_bytes(b"#" * MAX_BYTES)
    assert len(read_text(path)) == MAX_BYTES


def test_bytes_that_are_not_utf8_are_refused_with_their_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'game = "x"\nname = "Gr\xfcn"\n')
    assert _refused(read_text, path) == f"{path}:2: not UTF-8 text (byte 0xfc)"


def test_a_key_given_twice_in_a_json_object_is_refused() -> None:
    assert "key 'at' appears twice" in _refused(parse_json, '{"moves": [{"at": [0, 0], "at": [1, 1]}]}', "r")


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", "[-Infinity]", "1e400", "[" + "9" * 40 + "]"])
def test_json_numbers_no_game_can_use_are_refused(text: str) -> None:
    _refused(parse_json, text, "r")


def test_numbers_are_bounded_and_the_bound_is_named() -> None:
    assert parse_json(f"[{MAX_INT}, {-MAX_INT}]", "r") == [MAX_INT, -MAX_INT]
    message = _refused(parse_json, f'{{"moves": [{{"at": [{MAX_INT + 1}, 0]}}]}}', "r")
    assert message.startswith("r: key 'moves[0].at[0]'") and f"±{MAX_INT:,}" in message
    assert "key 'count'" in _refused(parse_toml, "count = 1000000000000000000000", "s.toml")
    assert "key 'size'" in _refused(parse_toml, "size = inf", "s.toml")


def test_nesting_and_list_length_are_bounded() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "r") is not None
    assert f"nested more than {MAX_DEPTH} levels" in _refused(parse_json, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "r")
    assert f"nested more than {MAX_DEPTH} levels" in _refused(parse_json, "[" * 100_000 + "]" * 100_000, "r")
    assert f"nested more than {MAX_DEPTH} levels" in _refused(parse_toml, "a = " + "[" * 100_000 + "]" * 100_000, "s")
    assert f"the limit is {MAX_ITEMS:,}" in _refused(parse_json, "[" + ",".join(["0"] * (MAX_ITEMS + 1)) + "]", "r")


def test_a_lone_carriage_return_in_toml_is_refused_with_its_line() -> None:
    assert parse_toml('game = "x"\r\nname = "y"\r\n', "s.toml") == {"game": "x", "name": "y"}
    assert _refused(parse_toml, 'game = "x"\nname = "y"\rrows = 3\n', "s.toml").startswith("s.toml:2: a carriage return")


def test_a_record_names_set_files_only_in_its_own_folder_tree(tmp_path: Path) -> None:
    (tmp_path / "sets").mkdir()
    inner = tmp_path / "sets" / "mine.toml"
    inner.write_text("x = 1\n")
    assert inside_folder(tmp_path, "sets/mine.toml", "r: set") == inner.resolve()
    assert inside_folder(tmp_path, "sets/../sets/mine.toml", "r: set") == inner.resolve()
    assert "absolute path" in _refused(inside_folder, tmp_path, "/etc/passwd", "r: set")
    assert "leads outside" in _refused(inside_folder, tmp_path / "sets", "../sets.toml", "r: set")
    # a symbolic link inside the folder that points out of it is refused too
    (tmp_path / "sets" / "link.toml").symlink_to("/etc/hostname")
    assert "leads outside" in _refused(inside_folder, tmp_path / "sets", "link.toml", "r: set")
