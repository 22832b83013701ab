"""`check --cluster`: the same games on a Dask cluster give the same report as the local pool.
Skipped when Dask is not installed (`make test` installs the `cluster` extra)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen.cli import main


def test_cluster_run_equals_local_run() -> None:
    distributed = pytest.importorskip("distributed")
    args = ["check", "schlangennest", "--players", "2", "--games", "3", "--skill-games", "2", "--seed", "5",
            "--json", "--quiet", "--no-chart"]
    local = CliRunner().invoke(main, args + ["--workers", "2"])
    assert local.exit_code == 0, local.stderr
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        remote = CliRunner().invoke(main, args + ["--cluster", cluster.scheduler_address])
    assert remote.exit_code == 0, remote.stderr
    assert json.loads(remote.stdout) == json.loads(local.stdout)


def test_unreachable_scheduler_is_one_line() -> None:
    pytest.importorskip("distributed")
    result = CliRunner().invoke(main, ["check", "schlangennest", "--players", "2", "--games", "1", "--skill-games",
                                       "0", "--quiet", "--no-chart", "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("cardgen: --cluster: cannot reach the scheduler at tcp://127.0.0.1:9")
