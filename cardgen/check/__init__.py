"""The judge of `cardgen check`: the plan of games, batches and rounds (locally or on a cluster),
the criteria with their sequential tests, the metrics, the verdict, the report and chart, and the
originals' baselines. It plays what it is handed through `cardgen.check.playable.Playable` and
never imports a game or the game base."""
