"""Write the example game records in this folder, using cardgen's own rules engines.

Run it from the project's root with the project's Python:

    .venv/bin/python examples/make_examples.py

Every record comes from a seeded simulated game (the `sensible` player in every seat), so the
output is the same on every run and every machine. The illegal examples are a legal opening
followed by one move the engine refuses; the script picks that move by asking the engine which
of the candidate moves breaks the wanted rule, so the refusal is real, not hand-written.

The script checks each record by replaying it before it writes the file, and stops with an
error if a record does not replay as intended. `examples/README.md` says what each file shows;
`tests/test_examples.py` replays them all through `cardgen replay --json`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgen.commands.replay import replay_record
from cardgen.engine.simulate import simulate
from cardgen.errors import IllegalMove
from cardgen.registry import GAMES

HERE = Path(__file__).resolve().parent
PLAYER = "sensible"


# --------------------------------------------------------------------------- writing


def dump(record: dict[str, Any]) -> str:
    """The record as JSON text with one move per line: short, and easy to read and diff."""
    head = {k: v for k, v in record.items() if k != "moves"}
    text = json.dumps(head, ensure_ascii=False)[:-1]
    moves = ",\n  ".join(json.dumps(m, ensure_ascii=False) for m in record["moves"])
    return f'{text}, "moves": [\n  {moves}\n]}}\n'


def write(name: str, record: dict[str, Any], *, legal: bool, finished: bool | None = None,
          rule: str | None = None) -> None:
    """Replay `record`, check that it gives what the example is meant to show, and write it."""
    result = replay_record(record, GAMES, HERE, name)
    if result.legal != legal:
        raise SystemExit(f"{name}: expected legal={legal}, the replay says {result.to_json()}")
    if rule is not None and (result.error or {}).get("rule") != rule:
        raise SystemExit(f"{name}: expected rule {rule!r}, the replay says {result.error}")
    if finished is not None and result.finished != finished:
        raise SystemExit(f"{name}: expected finished={finished}, the replay says {result.to_json()}")
    (HERE / name).write_text(dump(record), encoding="utf-8")
    print(f"wrote {name}: {len(record['moves'])} moves, {json.dumps(result.to_json())}")


def refused(state: Any, moves: list[Any], rule: str) -> Any | None:
    """The first of `moves` that `state` refuses for `rule`, or None."""
    for move in moves:
        try:
            state.check(move)
        except IllegalMove as exc:
            if exc.rule == rule:
                return move
    return None


# --------------------------------------------------------------------------- Schlangennest

NEST = GAMES.get("schlangennest")


def nest_record(options: dict[str, Any], seed: int) -> dict[str, Any]:
    """A whole simulated Schlangennest game as a record."""
    result = simulate(lambda: NEST.new_state(options, None, seed), PLAYER, seed, keep_record=True)
    return {"game": "schlangennest", "options": options, "moves": list(result.record)}


def nest_examples() -> None:
    two = ["red", "yellow"]
    pairs = [["red", "yellow"], ["green", "blue"]]
    games: list[tuple[str, dict[str, Any], int]] = [
        ("nest-base-2p.json", {"players": two, "area": [5, 7]}, 5),
        ("nest-base-3p.json", {"players": ["red", "yellow", "green"], "area": [6, 8]}, 20),
        ("nest-base-4p.json", {"players": ["red", "yellow", "green", "blue"], "area": [7, 9]}, 0),
        ("nest-open-area.json", {"players": two, "area": None, "variant": "open-area"}, 5),
        ("nest-tail-first.json", {"players": ["red", "yellow", "green"], "area": [6, 8],
                                  "variant": "tail-first"}, 1),
        ("nest-two-snakes.json", {"players": pairs, "area": [5, 7], "variant": "two-snakes"}, 2),
        ("nest-two-snakes-single.json", {"players": pairs, "area": [5, 7],
                                         "variant": "two-snakes-single"}, 3),
        ("nest-frame-snake.json", {"players": two, "area": [5, 7], "variant": "frame-snake"}, 13),
        ("nest-frame.json", {"players": two, "area": [5, 7], "variant": "frame"}, 6),
        # tail-first combined with open-area: written with the single "variant" key and
        # "area": null, which every version of the record format reads.
        ("nest-tail-first-open-area.json", {"players": two, "area": None, "variant": "tail-first"}, 6),
    ]
    for name, options, seed in games:
        write(name, nest_record(options, seed), legal=True, finished=True)

    # Illegal: the 2-player base game up to the first moment a card could join the two snakes,
    # then exactly such a card.
    options = {"players": two, "area": [5, 7]}
    full = nest_record(options, 5)["moves"]
    state = NEST.new_state(options)
    for i, entry in enumerate(full):
        bad = refused(state, state.candidate_moves(), "joins-snakes") if i >= 4 else None
        if bad is not None:
            record = {"game": "schlangennest", "options": options,
                      "moves": full[:i] + [state.move_to_json(bad)]}
            write("nest-illegal-joins-snakes.json", record, legal=False, rule="joins-snakes")
            return
        state.apply(state.move_from_json(entry))
    raise SystemExit("no move joining two snakes found")


# --------------------------------------------------------------------------- Schlangengrube

PIT = GAMES.get("schlangengrube")


def pit_state(options: dict[str, Any], seed: int) -> Any:
    """The final state of a simulated Schlangengrube game (its `record()` is the game record:
    the start tile first, then one entry per turn)."""
    box: dict[str, Any] = {}
    simulate(lambda: PIT.new_state(options, None, seed), PLAYER, seed, at_end=lambda s: box.update(state=s))
    return box["state"]


def first_seed(make: Callable[[int], Any], wanted: Callable[[Any], bool], limit: int = 200) -> tuple[int, Any]:
    """The first seed (from 0) whose game has the `wanted` property, with that game."""
    for seed in range(limit):
        game = make(seed)
        if wanted(game):
            return seed, game
    raise SystemExit("no seed found")


def pit_examples() -> None:
    state = pit_state({"players": 2}, 4)
    write("pit-base-2p.json", state.record(), legal=True, finished=True)

    # secret-colour: a game in which a secret colour paid a bonus at the end.
    _, state = first_seed(lambda s: pit_state({"players": 2, "variants": ["secret-colour"]}, s),
                          lambda st: any(st.bonus))
    write("pit-secret-colour.json", state.record(), legal=True, finished=True)

    # double-markers, 3 players: a game in which a "2x" marker was taken and then spent.
    _, state = first_seed(lambda s: pit_state({"players": 3, "variants": ["double-markers"]}, s),
                          lambda st: any(st.taken) and not any(st.ready))
    write("pit-double-markers-3p.json", state.record(), legal=True, finished=True)

    # Illegal: a few turns of the base game, then a tile whose edge does not match a neighbour.
    record = pit_state({"players": 2}, 4).record()
    prefix = {**record, "moves": record["moves"][:5]}
    replayed = replay_record(prefix, GAMES).state
    tiles = [t.id for t in replayed.game.set.tiles]
    cells = sorted(replayed.board.frontier)
    from cardgen.games.schlangengrube.moves import Place, Turn

    candidates = [Turn(replayed.player, (Place(t, cell, rot),)) for cell in cells for t in tiles
                  for rot in (0, 90, 180, 270)]
    bad = refused(replayed, candidates, "edge-mismatch")
    if bad is None:
        raise SystemExit("no mismatching tile found")
    prefix["moves"].append(replayed.move_to_json(bad))
    write("pit-illegal-edge-mismatch.json", prefix, legal=False, rule="edge-mismatch")


# --------------------------------------------------------------------------- Irrläufer

IRR = GAMES.get("irrlaeufer")


def irr_record(options: dict[str, Any], seed: int, max_moves: int | None = None) -> dict[str, Any]:
    """A simulated Irrläufer game (or its first `max_moves` engine steps) as a record: the
    engine's single steps are grouped into whole turns, as records store them."""
    from cardgen.games.irrlaeufer.moves import move_from_json
    from cardgen.games.irrlaeufer.record import make_record

    state = IRR.new_state(options, None, seed)
    result = simulate(lambda: IRR.new_state(options, None, seed), PLAYER, seed, max_moves=max_moves,
                      keep_record=True)
    return make_record([move_from_json(m) for m in result.record], state.board)


def irr_examples() -> None:
    write("irr-full-21rows.json", irr_record({"rows": 21}, 0), legal=True, finished=True)

    # A short board with fewer sticks, stopped a few turns into phase 2.
    short = irr_record({"rows": 17, "sticks": 24}, 0, max_moves=24 + 30)
    write("irr-short-17rows.json", short, legal=True, finished=False)

    # Illegal: phase 1 of the full game up to the first moment a stick could cross another
    # stick, then exactly such a stick.
    full = irr_record({"rows": 21}, 0)["moves"]
    state = IRR.new_state({"rows": 21})
    from cardgen.games.irrlaeufer.components import Dir, Stick
    from cardgen.games.irrlaeufer.moves import Lay

    for i, entry in enumerate(full):
        if i >= 6:
            sticks = [Lay(state.to_move, Stick(d, line, start)) for d in (Dir.V, Dir.H)
                      for line in range(1, 15 if d is Dir.V else state.board.rows)
                      for start in range(1, (state.board.rows if d is Dir.V else 15) - 1)]
            bad = refused(state, sticks, "crosses-stick")
            if bad is not None:
                record = {"game": "irrlaeufer", "options": {"rows": 21},
                          "moves": full[:i] + [state.move_to_json(bad)]}
                write("irr-illegal-crosses-stick.json", record, legal=False, rule="crosses-stick")
                return
        state.apply(state.move_from_json(entry))
    raise SystemExit("no crossing stick found")


def main() -> None:
    nest_examples()
    pit_examples()
    irr_examples()


if __name__ == "__main__":
    sys.exit(main())
