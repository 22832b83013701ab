"""`cardgen play` without a browser: the server's requests through Starlette's test client, the
command line through click's runner, and one real server process played to its end by bots.

The browser tests (test_browser.py) click the same things in chromium."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.commands.play.server import make_app
from cardgen.commands.play.start import new_session, replay_session
from cardgen.registry import GAMES

starlette = pytest.importorskip("starlette.testclient", reason="the play extra (starlette) is not installed")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAME_NAMES = ("schlangennest", "schlangengrube", "irrlaeufer")


def _client(game: str, seats: str, seed: int = 0) -> tuple[Any, Any]:
    session = new_session(GAMES.get(game), None, seats, seed)
    return session, _test_client(session)


def _test_client(session: Any) -> Any:
    """The test client of the server of `session`, asking it by the address it listens on and
    saying it sends JSON, as the page does."""
    return starlette.TestClient(make_app(session, "127.0.0.1", 8765), base_url="http://127.0.0.1:8765",
                                headers={"Content-Type": "application/json"})


def _pick(client: Any, key: str) -> Any:
    return client.post("/pick", json={"pick": key})


def _replay(record: dict[str, Any], folder: Path) -> subprocess.CompletedProcess[str]:
    path = folder / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "cardgen", "replay", "--json", str(path)],
                          capture_output=True, text=True, timeout=600)


def test_a_step_the_rules_refuse_gets_422_with_its_rule_and_the_booklets_wording() -> None:
    session, client = _client("schlangennest", "human,random")
    assert _pick(client, "card:curve").status_code == 200
    assert _pick(client, "cell:0,0").status_code == 200  # the first card lies anywhere
    assert session.bot_step()
    _pick(client, "card:curve")
    answer = _pick(client, "cell:7,7")  # far from red's snake
    assert answer.status_code == 422
    body = answer.json()
    assert body["rule"] == "not-own-end" and body["error"].endswith("[not-own-end]")
    assert "must meet an open end of your own snake" in body["wording"]  # the booklet's own paragraph
    view = client.get("/view").json()
    assert view["refusal"]["rule"] == "not-own-end" and len(view["log"]) == 2  # nothing was played


def test_a_refusal_quotes_a_list_item_of_the_booklet_with_the_words_that_open_its_list() -> None:
    _, client = _client("schlangengrube", "human,random")
    _pick(client, "tile:0")
    body = _pick(client, "cell:1,1").json()  # a corner of the start tile: no edge shared
    assert body["rule"] == "not-touching"
    assert body["wording"].startswith("Each new tile goes on a free place and touches a laid tile")


@pytest.mark.parametrize(("method", "url", "body", "status", "words"), [
    ("post", "/pick", "not json", 400, "not JSON"),
    ("post", "/pick", json.dumps({"click": 1}), 400, "send {\"pick\": KEY}"),
    ("post", "/pick", json.dumps({"pick": "dance"}), 400, "not a Schlangennest click"),
    ("post", "/pick", json.dumps({"pick": "cell:1"}), 400, "two whole numbers"),
    ("post", "/pick", "x" * 5000, 400, "at most 4096"),
    ("get", "/view?at=-1", None, 400, "a whole number"),
    ("get", "/view?since=x", None, 400, "a whole number"),
    ("get", "/view?at=99", None, 400, "the log has steps 0-0"),
    ("get", "/view?colour=red", None, 400, "unknown parameter"),
    ("get", "/nowhere", None, 404, "no page '/nowhere'"),
    ("put", "/pick", None, 405, "PUT is not allowed"),
    ("post", "/undo", None, 409, "no step of a human seat"),
    ("post", "/reveal", None, 409, "no screen to pass"),
])
def test_a_bad_request_gets_a_4xx_with_a_one_line_reason(method: str, url: str, body: str | None, status: int,
                                                         words: str) -> None:
    _, client = _client("schlangennest", "human,random")
    answer = client.request(method.upper(), url, content=body)
    assert answer.status_code == status
    error = answer.json()["error"]
    assert words in error and "\n" not in error and "Traceback" not in error


def test_a_click_while_a_bot_is_to_move_is_refused_with_409() -> None:
    session, client = _client("schlangengrube", "random,human")
    answer = _pick(client, "pass")
    assert answer.status_code == 409 and "player 1's turn (random)" in answer.json()["error"]
    while session.bot_step():
        pass
    assert session.state.current_player == 1 and _pick(client, "tile:0").status_code == 200


def test_undo_goes_back_to_the_humans_last_step_with_the_bots_replies_and_the_same_draws() -> None:
    session, client = _client("schlangengrube", "human,random", seed=3)
    hand = client.get("/view").json()["hand"]
    steps = 0
    while session.state.current_player == 0:  # both tiles of the human's turn, clicked
        move = session.state.legal_moves()[0]
        _pick(client, f"tile:{session.state.to_json()['hands'][0].index(move.tile)}")
        for _ in range(move.rot // 90):
            _pick(client, "rot")
        if move.flip:
            _pick(client, "flip")
        assert _pick(client, f"cell:{move.at[0]},{move.at[1]}").status_code == 200
        steps += 1
    while session.bot_step():
        pass
    played = client.get("/view").json()
    assert played["can_undo"] and played["steps"] > steps
    undone = client.post("/undo").json()  # the second tile and the bot's turn after it
    assert undone["steps"] == steps - 1 and session.state.current_player == 0
    if steps == 2:
        undone = client.post("/undo").json()
    assert undone["steps"] == 0 and undone["log"] == [] and undone["hand"] == hand
    assert not undone["can_undo"] and client.post("/undo").status_code == 409


def test_hidden_information_never_leaves_the_server() -> None:
    session, client = _client("schlangengrube", "human,random", seed=5)
    view = client.get("/view")
    text = view.text
    data = session.state.to_json()
    mine, theirs, bag = set(data["hands"][0]), set(data["hands"][1]), set(data["bag"])
    laid = {p["tile"] for p in data["board"]}
    hidden = (theirs | bag) - mine - laid
    assert hidden and not [t for t in hidden if t in text]
    assert all(t in text for t in mine)
    assert view.json()["hand"].count('data-pick="tile:') == len(data["hands"][0])


def test_a_hot_seat_screen_is_passed_before_a_hand_is_shown() -> None:
    _, client = _client("schlangengrube", "human,human")
    view = client.get("/view").json()
    assert view["pass_to"] == "player 1" and view["hand"] == "" and view["buttons"] == []
    assert _pick(client, "pass").status_code == 409
    shown = client.post("/reveal").json()
    assert shown["pass_to"] is None and shown["hand"].count('data-pick="tile:') == 5


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_bots_only_game_records_a_legal_finished_game(game: str, tmp_path: Path) -> None:
    session, client = _client(game, "random,random")
    assert client.get("/view?since=0").json() == {"version": 0, "same": True}
    while session.bot_step():
        pass
    view = client.get("/view?since=0").json()
    assert view["finished"] and "game over" in view["status"]
    answer = client.get("/record.json")
    assert "attachment" in answer.headers["content-disposition"]
    result = _replay(answer.json(), tmp_path)
    assert result.returncode == 0, result.stderr
    replayed = json.loads(result.stdout)
    assert replayed["legal"] and replayed["finished"]
    assert list(replayed["scores"].values()) == [s["score"] for s in view["seats"]]
    middle = client.get(f"/view?at={view['steps'] // 2}").json()
    assert not middle["live"] and middle["hand"] == "" and middle["at"] == view["steps"] // 2


def test_replay_opens_a_record_to_step_through_and_shows_its_refusal() -> None:
    session = replay_session(GAMES, str(EXAMPLES / "nest-illegal-joins-snakes.json"))
    client = _test_client(session)
    view = client.get("/view").json()
    assert view["replay"] and view["refusal"]["rule"] == "joins-snakes" and view["steps"] > 0
    assert client.get("/view?at=1").json()["log"] == view["log"]
    assert _pick(client, "pass").status_code == 409
    assert client.get("/record.json").json()["moves"] == json.loads(
        (EXAMPLES / "nest-illegal-joins-snakes.json").read_text(encoding="utf-8"))["moves"][:view["steps"]]


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["play", *args])
    return result.exit_code, result.stderr


@pytest.mark.parametrize(("args", "code", "words"), [
    (("chess",), 2, "unknown game 'chess'"),
    (("schlangennest", "--seats", "human,alphazero"), 2, "'alphazero' is neither 'human' nor a player"),
    (("schlangennest", "--seats", "human"), 2, "seats 2-4 players, not 1"),
    (("irrlaeufer", "--seats", "human,castle,castle"), 2, "seats 2-2 players, not 3"),
    (("--replay", "x.json", "schlangennest"), 2, "--replay opens a record on its own"),
    ((), 2, "name the GAME"),
    (("--replay", "missing.json"), 1, "missing.json"),
])
@pytest.mark.usefixtures("no_serving")
def test_mistakes_on_the_command_line_are_one_line(args: tuple[str, ...], code: int, words: str) -> None:
    exit_code, err = _run(*args)
    assert exit_code == code and words in err and "Traceback" not in err


def test_the_server_plays_a_bots_game_to_its_end_writes_nothing_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "play", "schlangengrube", "--seats", "random,random",
                             "--delay", "0", "--no-open", "--port", "0"], cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line
        url = match.group(0)
        end = time.monotonic() + 600  # a generous bound: the event is awaited, not a time
        while not json.load(urllib.request.urlopen(url + "view"))["finished"]:
            assert time.monotonic() < end, "the bots did not finish"
            time.sleep(0.1)
        record = json.load(urllib.request.urlopen(url + "record.json"))
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=600)
    assert proc.returncode == 130 and err == "cardgen: interrupted\n"  # as every command stopped by Ctrl-C
    assert list(tmp_path.iterdir()) == []
    result = _replay(record, tmp_path)
    assert json.loads(result.stdout)["finished"]


def test_a_refusal_quotes_the_booklet_of_the_set_played_with_its_own_rules(tmp_path: Path) -> None:
    from cardgen.registry import GAMES
    from cardgen.sets import with_rules
    from cardgen.table.wording import wordings

    for game in GAMES:
        table = game.table(game.load_set())
        if table is None:
            continue  # a game without a browser table (the recipe's toy game)
        assert not any("{" in text for text in wordings(game.name, "en", table.wording_values()).values()), game.name
    pit = GAMES.get("schlangengrube")
    path = tmp_path / "three.toml"
    path.write_text(with_rules(pit.default_set_path().read_text(encoding="utf-8"), pit.rule_params,
                               {"tiles_per_turn": 3}), encoding="utf-8")
    table = pit.table(pit.load_set(path))
    assert table is not None
    assert "lay three tiles" in " ".join(wordings("schlangengrube", "en", table.wording_values()).values())


def test_the_page_icon_is_served_and_not_a_404() -> None:
    _, client = _client("schlangengrube", "human,random")
    answer = client.get("/favicon.ico")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.content.startswith(b"<svg")


def test_refusals_and_the_log_speak_the_players_words_and_name_the_player() -> None:
    from cardgen.errors import IllegalMove
    from cardgen.games.schlangengrube.moves import Place

    session, client = _client("schlangengrube", "human,random")
    _pick(client, "tile:0")
    _pick(client, "rot")
    body = _pick(client, "cell:1,1").json()  # a corner of the start tile: refused
    assert body["rule"] == "not-touching"
    assert "turned 90° clockwise" in body["message"] and " rot " not in body["message"]
    session.play(session.state.legal_moves()[0])
    assert session.lines[-1].startswith("player 1: ") and " rot " not in session.lines[-1]
    hand = {m.tile for m in session.state.legal_moves() if isinstance(m, Place)}
    tries = [Place(t, (x, y), rot, False) for t in sorted(hand) for x, y in ((1, 0), (-1, 0), (0, 1), (0, -1))
             for rot in (0, 90, 180, 270)]
    for place in tries:  # an edge that does not match names the snakes the player sees, not "ports"
        try:
            session.state.clone().apply(place)
        except IllegalMove as exc:
            if exc.rule == "edge-mismatch":
                assert " snake" in exc.reason and "port" not in exc.reason, exc.reason
                return
    pytest.fail("no edge-mismatch refusal found to read")


def test_irrlaeufer_refusals_name_sticks_and_grooves_in_the_players_words() -> None:
    """A stick laid over one already laid is refused on the page as "… would overlap the stick
    between columns 3 and 4, rows 5-7", never in the record notation ("stick v3@5"); the
    engine's own reason keeps the notation for `replay`."""
    session, client = _client("irrlaeufer", "human,human")  # two people at one screen: each takes it
    client.post("/reveal")
    assert _pick(client, "groove:v,3,5").status_code == 200  # red lays a stick over rows 5-7
    client.post("/reveal")
    body = _pick(client, "groove:v,3,6").json()  # blue, one field lower: over red's
    assert body["rule"] == "overlaps-stick", body
    assert re.search(r"blue: stick between columns 3 and 4, rows 6-8 laid: it would overlap the stick between "
                     r"columns 3 and 4, rows 5-7$", body["message"]), body["message"]
    assert "@" not in body["message"] and "v3" not in body["message"]
    table = session.table
    assert table.reason_words("2 more field(s) must be slid first (1 slide(s) so far)") == \
        "2 more fields must be slid first (1 slide so far)"
    assert table.reason_words("stick h4@2 would cover groove line h4 completely") == \
        "it would cover the groove between rows 4 and 5 completely"


def test_the_docs_watch_two_bots_examples_are_whole_games() -> None:
    root = Path(__file__).resolve().parents[2]
    examples = [line for doc in (root / "README.md", root / "docs" / "play.md")
                for line in doc.read_text(encoding="utf-8").splitlines() if "# watch two bots" in line]
    assert examples
    for line in examples:
        words = line.split("#")[0].split()
        game, seats = words[words.index("play") + 1], words[words.index("--seats") + 1]
        session = new_session(GAMES.get(game), None, seats, 0)
        while session.bot_step():
            pass
        assert session.state.is_terminal() and len(session.steps) >= 20, (line, len(session.steps))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_an_unknown_seat_lists_each_player_once(game: str) -> None:
    exit_code, err = _run(game, "--seats", "human,nobody")
    assert exit_code == 2 and "'nobody' is neither 'human' nor a player" in err
    listed = re.search(r"\(its ladder: (.*)\)", err)
    assert listed, err
    names = [n.strip().split("@")[0] for n in re.split(r"[,;]|also", listed.group(1)) if n.strip()]
    assert len(names) == len(set(names)) and GAMES.get(game).ladder().report in names, names


def test_the_nest_table_shows_its_area_still_open_then_fixed(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    text = (root / "templates" / "schlangennest" / "standard.toml").read_text(encoding="utf-8")
    small = tmp_path / "small.toml"
    small.write_text(re.sub(r"^2 = .*$", "2 = [[2, 3]]", text, flags=re.M), encoding="utf-8")
    session = new_session(GAMES.get("schlangennest"), str(small), "human,human", 0)
    seen = []
    for _ in range(12):
        if session.view()["pass_to"]:
            session.reveal()
        view = session.view()
        seen.append(view["hint"].split(". ", 1)[1].split(":")[0])  # the sentence on the area
        if seen[-1] == "The area is fixed":
            assert "fill 2×3 cells, the whole 2×3 area" in view["hint"]
            assert 'class="area-box"' in view["table"] and 'class="outside-area"' in view["table"]
            break
        assert 'class="area-box"' not in view["table"]
        assert "at most 2×3" in view["hint"] or "must fit in 2×3 cells, either way round; none lies yet" in view["hint"]
        moves = session.state.legal_moves()
        body = [m for m in moves if getattr(m, "card", "") in ("straight", "curve")]  # cards the area counts
        session.play((body or moves)[0])
    assert seen[0] == "The area is still open" and seen[-1] == "The area is fixed", seen
    standard = new_session(GAMES.get("schlangennest"), None, "human,random", 0)  # the recommended 5×7
    assert "The area is still open: the straights and curves must fit in 5×7 cells" in standard.view()["hint"]


@pytest.mark.parametrize(("record", "boxed", "words"), [
    ("nest-frame.json", True, "The area is fixed: straights and curves lie inside the outlined"),
    ("nest-open-area.json", False, "No area limit: the straights and curves may spread as far as they like."),
])
def test_the_nest_table_draws_a_frames_fixed_box_and_no_box_without_an_area(record: str, boxed: bool,
                                                                             words: str) -> None:
    """The frame variant's fixed area is outlined from the first step, the cells outside it
    marked; the open-area variant draws no box and marks no cell. A viewer of the replay is
    told which limit is in force, at every step."""
    from cardgen.commands.play.start import replay_session

    session = replay_session(GAMES, str(Path(__file__).resolve().parents[2] / "examples" / record))
    for at in (0, 3, None):
        view = session.view(at)
        table = view["table"]
        assert ('class="area-box"' in table) == boxed and ('class="outside-area"' in table) == boxed, (record, at)
        assert view["hint"].startswith(words), (record, at, view["hint"])


@pytest.mark.parametrize(("stand_in", "words"), [("random", "at random"), ("castle", "by the castle player")])
def test_a_person_hands_the_rest_of_the_irrlaeufer_sticks_over_and_gets_phase_2_back(stand_in: str,
                                                                                     words: str) -> None:
    session, client = _client("irrlaeufer", "human,castle")
    assert _pick(client, "groove:v,3,5").status_code == 200
    assert session.bot_step()
    assert _pick(client, f"lay-rest:{stand_in}").status_code == 200
    view = client.get("/view").json()
    assert view["hint"].startswith(f"your sticks are being laid {words}") and view["buttons"] == []
    refused = _pick(client, "groove:v,5,5")
    assert refused.status_code == 409 and f"being laid {words}" in refused.json()["error"]
    while session.state.to_json()["phase"] == 1:
        assert session.bot_step()  # the stand-in lays red's sticks, the castle player blue's
    view = client.get("/view").json()
    assert view["steps"] == 80 and "slide sticks" in view["hint"] and not session.bot_due()  # red's turn, by hand
    lays = [line for line in view["log"] if line.startswith("red: stick")]
    assert len(lays) == 40 and all(line.endswith("laid") for line in lays)
    assert _pick(client, "lay-rest:random").json()["note"] == "Every stick is laid already: phase 2 has begun."
    assert client.post("/undo").status_code == 200  # back before red's last lay: laid by hand again
    assert client.get("/view").json()["steps"] == 78 and not session.bot_due()
