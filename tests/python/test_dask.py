"""shisanshui.dask on a LocalCluster of two worker processes: the sharded run's report is the
one-process report, a worker killed mid-run costs nothing (its shard runs again and no round
counts twice), and bad arguments fail before any shard is submitted.

Dask is pinned in tests/python/requirements.txt and installed by run.sh; the module is skipped
only when it is missing and SHISANSHUI_SKIP_DASK=1 says that is expected."""

import gc
import os
import signal
import threading
import time

import pytest

try:
    from dask.distributed import Client, LocalCluster
except ImportError:
    if os.environ.get("SHISANSHUI_SKIP_DASK") == "1":
        pytest.skip("dask.distributed is not installed (SHISANSHUI_SKIP_DASK=1)", allow_module_level=True)
    raise

import shisanshui as sss
import shisanshui.dask as sss_dask


@pytest.fixture(scope="module")
def client():
    with LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None, worker_dashboard_address=None
    ) as cluster, Client(cluster) as c:
        yield c


def scheduler_tasks(client):
    return client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))


def settle_scheduler(client):
    """Wait until the scheduler holds no task (earlier tests' futures released)."""
    gc.collect()
    deadline = time.monotonic() + 30
    while scheduler_tasks(client) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert scheduler_tasks(client) == 0


class RecordingClient:
    """A client that counts what is submitted to the real one."""

    def __init__(self, client):
        self.client = client
        self.submitted = 0

    def submit(self, *args, **kwargs):
        self.submitted += 1
        return self.client.submit(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.client, name)


def test_shard_ranges_cover_the_rounds_once():
    assert sss_dask.shard_ranges(10, 3) == [(0, 4), (4, 3), (7, 3)]
    assert sss_dask.shard_ranges(2, 5, first_round=7) == [(7, 1), (8, 1)]
    assert sss_dask.shard_ranges(5, 1) == [(0, 5)]
    for bad in [(0, 2), (5, 0)]:
        with pytest.raises(sss.InvalidArgumentError):
            sss_dask.shard_ranges(*bad)
    with pytest.raises(TypeError):
        sss_dask.shard_ranges(5, 2.0)


def test_bad_arguments_fail_before_any_shard_is_submitted(client):
    settle_scheduler(client)
    counted = client.run_on_scheduler(lambda dask_scheduler: dask_scheduler.transition_counter)
    recorder = RecordingClient(client)
    bad = [
        (sss.UnknownPresetError, dict(rules="no such rules")),
        (sss.InvalidTableError, dict(rules=sss.Rules.preset("classic", table=sss.Table.BANKER))),
        (sss.InvalidTableError, dict(players=5)),
        (sss.InvalidMoneyError, dict(base=-1)),
        (sss.InvalidArgumentError, dict(policy="nobody")),
        (sss.InvalidArgumentError, dict(rounds=0)),
        (sss.InvalidArgumentError, dict(first_round=2**64 - 10)),
        (sss.InvalidArgumentError, dict(shards=0)),
        (sss.InvalidTableError, dict(banker=1)),
    ]
    for error, change in bad:
        args = dict(rules="classic", players=4, rounds=100, seed=1, shards=4)
        args.update(change)
        with pytest.raises(error):
            sss_dask.simulate(recorder, **args)
    assert recorder.submitted == 0
    assert scheduler_tasks(client) == 0
    assert client.run_on_scheduler(lambda dask_scheduler: dask_scheduler.transition_counter) == counted


def test_the_sharded_report_is_the_one_process_report(client):
    args = dict(policy=["arranger", "greedy", "product"], base=100, carries=[5000, 3000, 4000], rake=5)
    one = sss.simulate("kx", 3, 3001, 7, threads=1, **args)
    r = sss_dask.simulate(client, "kx", 3, 3001, 7, shards=5, progress=True, **args)
    assert r == one
    assert r.to_dict() == one.to_dict()
    assert (r.first_round, r.rounds) == (0, 3001)
    # A later range of the run, a banker table, a Rules object, the default shard count.
    rules = sss.Rules.preset("classic", table=sss.Table.BANKER)
    one = sss.simulate(rules, 4, 1000, 3, first_round=10**12, banker=1, threads=1)
    r = sss_dask.simulate(client, rules, 4, 1000, 3, first_round=10**12, banker=1)
    assert r == one and r.first_round == 10**12


def processing_counts(dask_scheduler):
    """How often each shard task went to processing (run on the scheduler)."""
    counts = {}
    for entry in dask_scheduler.transition_log:
        key, finish = str(entry[0]), entry[2]
        if "shisanshui-simulate" in key and finish == "processing":
            counts[key] = counts.get(key, 0) + 1
    return counts


def test_a_worker_killed_mid_run_costs_nothing(client):
    settle_scheduler(client)
    pids = client.run(os.getpid)
    rounds, shards = 40_000, 4
    one = sss.simulate("classic", 4, rounds, 11, threads=1)
    killed = []

    def kill_a_busy_worker():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            busy = [w for w, keys in client.processing().items() if any("shisanshui-simulate" in str(k) for k in keys)]
            if busy and busy[0] in pids:
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.append(busy[0])
                return
            time.sleep(0.002)

    before = client.run_on_scheduler(processing_counts)
    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    try:
        r = sss_dask.simulate(client, "classic", 4, rounds, 11, shards=shards)
    finally:
        killer.join()
    assert killed, "no shard was seen running"
    assert r == one
    assert r.rounds == rounds

    # The scheduler ran the killed worker's shard again: some shard went to processing twice.
    counts = client.run_on_scheduler(processing_counts)
    counts = {k: n for k, n in counts.items() if k not in before}
    assert len(counts) == shards and max(counts.values()) >= 2, counts
    # The killed worker's process is gone; its nanny started a new one.
    client.wait_for_workers(2, timeout=60)
    assert pids[killed[0]] not in client.run(os.getpid).values()
