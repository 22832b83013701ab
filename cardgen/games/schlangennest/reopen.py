"""Loops: reopening a snake by turning one of its curve cards, or swapping a straight for the
tail card; and the curve guard, which both these moves and laid cards must respect.

Turns and swaps are rare and can split chains, so they are tried on a copy whose chains are
rebuilt, and every after-the-move rule is checked on the result:
- `split-snake` (a colour's coloured parts would lie in two chains; checked first, since turning
  a curve whose grey part carries another snake usually also joins that snake to the loop),
  `joins-snakes` (a chain would hold two colours), `three-snakes`, `double-crossing`;
- a turn must leave the owner's snake no longer a loop (`still-closed`), and open again: at
  least one of its two ends must point into an empty cell (`loop-not-opened`). An end capped by
  a head or tail (a grey head included) does not point anywhere, so a turn that leaves both
  ends capped or blocked by card sides without a port is refused as well;
- the curve guard for situations the move creates, asked about the loop owner's seat as the
  mover (also when `Position._ready` tries the moves before that seat's turn has begun).
The swap is legal only when no turn is (`turn-possible`); a refused turn (for any of the rules
above, `loop-not-opened` included) does not count. The swap caps both ends, so "open again" is
not asked of it. The swapped-out straight leaves the game. A turn of a card on which another snake crosses or curves is allowed as long as the
rules above hold; grey parts cut off from a snake by it simply no longer belong to it.
"""

from __future__ import annotations

from cardgen.games.schlangennest.chains import Board, Cell
from cardgen.games.schlangennest.config import DX, DY
from cardgen.games.schlangennest.moves import MoveKind, NestMove, swap, turn
from cardgen.games.schlangennest.position import Position
from cardgen.games.schlangennest.ruleids import Rule

Problem = tuple[Rule, str] | None


def guard_problem(board: Position, cells: set[Cell], mover_seat: int) -> Problem:
    """`curve-guard` if a situation at one of `cells` holds on `board` (hands as after the move)
    and the first of the two owners to move after `mover_seat` holds no curve card.

    In the two-snakes variants a seat owning both snakes of the situation is fine when either
    colour has a curve; otherwise the colour of the snake that seat owns is asked."""
    rules = board.rules
    n = len(rules.seats)
    for cell in sorted(cells):
        found = board.config_at(cell)
        if not found:
            continue
        a, b = found
        for i in range(1, n + 1):
            seat = (mover_seat + i) % n
            mine = [c for c in (a, b) if c in rules.seats[seat]]
            if mine:
                if not any(board.hands[c][k] for c in mine for k in rules.curves):
                    names = rules.colours
                    return (Rule.CURVE_GUARD,
                            f"({cell[0]},{cell[1]}) would be shut in by the {names[a]} and {names[b]} "
                            f"snakes and {board.seat_name(seat)}, next of them to move, has no curve card")
                break
    return None


def _swap_rots(board: Board, c: int, cell: Cell) -> list[int]:
    """Rotations (0-3) of the tail card whose ports are exactly the straight's coloured ports."""
    rules = board.rules
    k, _, r, _ = board.cells[cell]
    own_ports = next(set(ports) for _, ports, own in rules.spec[k][r] if own)
    out = []
    for t in rules.rots[rules.tail]:
        ports = {e for _, ps, _ in rules.spec[rules.tail][t] for e in ps}
        if ports == own_ports:
            out.append(t)
    return out


def reopen_candidates(state: Position, c: int) -> list[NestMove]:
    """Turns of every own curve card (both ways), then swaps of every own straight."""
    rules, name = state.rules, state.rules.colours[c]
    own = sorted(cell for cell, (k, col, _, _) in state.cells.items() if col == c)
    out = [turn(name, cell, cw) for cell in own if state.cells[cell][0] in rules.curves for cw in (True, False)]
    if state.hands[c][rules.tail]:
        out += [swap(name, cell, t * 90) for cell in own if state.cells[cell][0] in rules.straights
                for t in _swap_rots(state, c, cell)]
    return out


def reopen_moves(state: Position, c: int) -> list[NestMove]:
    """The legal turns, or if there are none the legal swaps, for colour c's loop."""
    cands = reopen_candidates(state, c)
    turns = [m for m in cands if m.kind is MoveKind.TURN and _trial_problem(state, c, m) is None]
    if turns:
        return turns
    return [m for m in cands if m.kind is MoveKind.SWAP and _trial_problem(state, c, m) is None]


def reopen_problem(state: Position, c: int, move: NestMove) -> Problem:
    """The first rule a turn or swap for colour c breaks here, or None."""
    rules = state.rules
    name = rules.colours[c]
    if not state.is_loop(c):
        return (Rule.NOT_A_LOOP, f"the {name} snake is not a loop")
    held = state.cells.get(move.at)
    x, y = move.at
    if move.kind is MoveKind.TURN:
        if held is None or held[1] != c or held[0] not in rules.curves:
            return (Rule.NOT_OWN_CURVE, f"({x},{y}) holds no {name} curve card")
        return _trial_problem(state, c, move)
    if held is None or held[1] != c or held[0] not in rules.straights:
        return (Rule.NOT_OWN_STRAIGHT, f"({x},{y}) holds no {name} straight card")
    if not state.hands[c][rules.tail]:
        return (Rule.NO_CARD_LEFT, f"{name} has no tail card left")
    if move.rot % 90 or move.rot // 90 % 4 not in _swap_rots(state, c, move.at):
        return (Rule.SWAP_MISFIT, f"turned {move.rot}°, the tail card's coloured tail and grey head do not "
                                  "meet the two card edges the straight's coloured part met")
    for m in reopen_candidates(state, c):
        if m.kind is MoveKind.TURN and _trial_problem(state, c, m) is None:
            way = "clockwise" if m.cw else "anticlockwise"
            return (Rule.TURN_POSSIBLE, f"{name} can turn the curve card at ({m.at[0]},{m.at[1]}) {way}; swap "
                                        "only when no turn is legal")
    return _trial_problem(state, c, move)


def _reshape(state: Position, c: int, move: NestMove) -> tuple[bool, bool]:
    rules = state.rules
    k, col, r, _ = state.cells[move.at]
    if move.kind is MoveKind.TURN:
        return state._replace_card(move.at, k, col, (r + (1 if move.cw else 3)) % 4)
    state.hands[c][rules.tail] -= 1
    return state._replace_card(move.at, rules.tail, c, move.rot // 90 % 4)


def _trial_problem(state: Position, c: int, move: NestMove) -> Problem:
    trial = state.clone()
    before = trial.all_configs()
    joined, split = _reshape(trial, c, move)
    name = state.rules.colours[c]
    if split:
        return (Rule.SPLIT_SNAKE, "it would split a snake's coloured parts over two chains")
    if joined:
        return (Rule.JOINS_SNAKES, "it would join two snakes")
    cell = trial.three_snake_cell()
    if cell:
        return (Rule.THREE_SNAKES, f"({cell[0]},{cell[1]}) would lead three snakes through it")
    pair = trial.double_crossing()
    if pair:
        (ax, ay), (bx, by) = pair
        return (Rule.DOUBLE_CROSSING, f"({ax},{ay}) and ({bx},{by}) would both cross the same two snakes")
    if move.kind is MoveKind.TURN and trial.is_loop(c):
        return (Rule.STILL_CLOSED, f"the {name} snake would still be a loop")
    if move.kind is MoveKind.TURN and not trial.open_ends(trial.snake[c]):
        return (Rule.LOOP_NOT_OPENED, f"both ends of the {name} snake would be blocked or capped: "
                                      "no end would point into an empty cell")
    created = {cell for cell, _, _ in trial.all_configs() - before}
    # the mover is the loop owner's seat, which is not always `state.seat` (see _ready)
    return guard_problem(trial, created, state.rules.seat_of[c]) if created else None


def apply_reopen(state: Position, c: int, move: NestMove) -> None:
    """Play a legal turn or swap."""
    _reshape(state, c, move)


__all__ = ["reopen_candidates", "reopen_moves", "reopen_problem", "apply_reopen", "guard_problem",
           "DX", "DY"]
