"""`cardgen check --write-baselines` (maintainers, `make baselines`): play each game's default set
with its report player and write the game's baseline module (`cardgen.check.baseline`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardgen.commands.outcome import Say, out

if TYPE_CHECKING:
    from cardgen.game import Game


def write_baselines(games: Sequence[Game[Any]], seed: int = 0, workers: int | None = None,
                    cluster: str | None = None, quiet: bool = False, say: Say = print) -> int:
    """Each game's length baseline from its default set; a line per module written."""
    from cardgen.check import baseline
    from cardgen.check.plan import MAIN, play
    from cardgen.check.report import progress_bar
    from cardgen.check.verdict import Thresholds
    from cardgen.commands.checkrun import judge

    for game in games:
        target = game.baseline_file()
        if target is None:
            continue
        game_set = game.load_set()
        player = game.ladder().report
        n = min(baseline.GAMES, game.default_games)
        lines = game.check_lines(game_set, game.default_players(game_set), n, player, 0)
        with progress_bar(f"baseline {game.name}: games", not quiet) as bar:
            played = play(lines, seed, workers, bar, cluster)
        table = baseline.measure(played)
        main = [p for p in played if p.line.section == MAIN]
        verdicts = [judge(game, game_set, p, [], Thresholds()) for p in main]
        fails = baseline.failing(main, verdicts)
        left = baseline.undecided(main, verdicts, fails)
        baseline.write_module(target, baseline.module_text(game.name, player, n, seed, table, fails, left))
        if not quiet:
            say(out(f"wrote {target}: {len(table)} baselines, {player} players, {n} games each; "
                       f"the original fails: {fails or 'nothing'}; leaves undecided: {left or 'nothing'}"))
    return 0
