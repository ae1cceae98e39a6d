"""Simulation on a Dask cluster: :func:`shisanshui.simulate`'s rounds split into shards, one
task per shard, merged exactly into the report of one process.

Install with ``pip install 'shisanshui[dask]'`` (the same shisanshui wheel must be installed on
every worker)::

    from dask.distributed import Client
    import shisanshui.dask

    client = Client("tcp://scheduler:8786")          # or Client() for a local cluster
    r = shisanshui.dask.simulate(client, "classic", 4, 10_000_000, seed=7, shards=200, progress=True)
    assert r == shisanshui.simulate("classic", 4, 10_000_000, seed=7)   # every figure

A shard is a range of round numbers: shard ``k`` plays rounds ``first .. first + n - 1`` of the
run (``simulate(..., first_round=first, rounds=n)``), each round the deal of its own round seed,
so a shard is a pure function of its range and the run's arguments. The merge
(:meth:`shisanshui.SimResult.sum`) checks the shards are of the same run and their ranges are
disjoint and contiguous, so whatever Dask does to a task — run it again on another worker after
its worker died, retry it after an error — no round counts twice or goes missing.
"""

from typing import Any, List, Optional, Sequence, Tuple, Union
from fractions import Fraction

from . import _native
from ._native import Rules, SimResult

__all__ = ["simulate", "shard_ranges"]

_RulesLike = Union[Rules, str, None]


def shard_ranges(rounds: int, shards: int, first_round: int = 0) -> List[Tuple[int, int]]:
    """The ``(first_round, rounds)`` of each of ``shards`` shards of ``rounds`` rounds from
    ``first_round``, in round order: as equal as possible (the first ``rounds % shards`` shards
    have one round more), never empty (fewer shards when there are fewer rounds)."""
    if isinstance(rounds, bool) or not isinstance(rounds, int):
        raise TypeError(f"rounds must be an int, not {type(rounds).__name__}")
    if isinstance(shards, bool) or not isinstance(shards, int):
        raise TypeError(f"shards must be an int, not {type(shards).__name__}")
    if isinstance(first_round, bool) or not isinstance(first_round, int):
        raise TypeError(f"first_round must be an int, not {type(first_round).__name__}")
    if not 0 <= first_round < 2**64:
        raise _invalid(f"first_round {first_round} is out of range (0 to 2**64 - 1)")
    if rounds < 1:
        raise _invalid(f"{rounds} rounds: a simulation plays 1 or more rounds")
    if shards < 1:
        raise _invalid(f"shards={shards}: give 1 or more")
    shards = min(shards, rounds)
    size, extra = divmod(rounds, shards)
    out = []
    start = first_round
    for k in range(shards):
        n = size + (k < extra)
        out.append((start, n))
        start += n
    return out


def _shard(rules: _RulesLike, players: int, seed: int, first_round: int, rounds: int, options: dict) -> SimResult:
    """One shard, run on a worker (the result pickles through its exact state)."""
    return _native.simulate(rules, players, rounds, seed, first_round=first_round, **options)


def simulate(
    client: Any,
    rules: _RulesLike = None,
    players: int = 4,
    rounds: int = 10000,
    seed: int = 0,
    *,
    shards: Optional[int] = None,
    first_round: int = 0,
    policy: Union[str, Sequence[str], None] = "arranger",
    specials: bool = True,
    base: Optional[int] = None,
    carries: Optional[Sequence[int]] = None,
    rake: Union[int, Fraction, None] = None,
    threads: Optional[int] = 1,
    banker: Optional[int] = None,
    progress: bool = False,
    retries: int = 2,
) -> SimResult:
    """:func:`shisanshui.simulate` of the same arguments on the Dask cluster of ``client`` (a
    ``dask.distributed.Client``): the rounds split into ``shards`` shards (:func:`shard_ranges`;
    default: one per worker thread of the cluster), one task each, gathered and merged in round
    order. The result equals, every figure, ``shisanshui.simulate`` of the same arguments in one
    process.

    The arguments are checked here, as ``shisanshui.simulate`` checks them, before any task is
    submitted: a bad rule set, seat count, policy or stakes raises the package's error and
    nothing runs on the cluster. ``threads``: worker threads per shard (default 1, as Dask runs
    one task per worker thread; None for every core of the worker). ``progress=True`` shows
    Dask's progress bar (``dask.distributed.progress``) while the shards run. ``retries``: how
    often Dask runs a shard again after it raised; a shard whose worker died is rescheduled by
    the scheduler on its own (up to its ``distributed.scheduler.allowed-failures``). Task keys
    are ``shisanshui-simulate-<token>-<k>``: deterministic, so the same call on the same client
    reuses shards still in the cluster's memory.
    """
    import dask.base
    from dask.distributed import progress as dask_progress

    options = dict(
        policy=policy, specials=specials, base=base, carries=carries, rake=rake, threads=threads, banker=banker
    )
    # Check everything before anything runs: the split (rounds, shards, first_round), then the
    # configuration at the first and the last shard's range as the workers will play them (the
    # rule set, seats, policies, stakes, banker; a last round past 2**64 - 1).
    ranges = shard_ranges(rounds, _shard_count(client, shards), first_round)
    for first, n in {ranges[0], ranges[-1]}:
        _native._validate_simulation(rules, players, n, seed, first_round=first, **options)
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise _invalid(f"retries={retries!r}: give an int, 0 or more")
    if not isinstance(progress, bool):
        raise TypeError(f"progress must be True or False, not {type(progress).__name__}")

    token = dask.base.tokenize(rules.to_json() if isinstance(rules, Rules) else rules, players, seed, ranges, options)
    futures = [
        client.submit(
            _shard, rules, players, seed, first, n, options, key=f"shisanshui-simulate-{token}-{k}", retries=retries
        )
        for k, (first, n) in enumerate(ranges)
    ]
    if progress:
        dask_progress(futures)
    # In round order (the merge takes any order, and checks the ranges either way).
    return SimResult.sum(client.gather(futures))


def _invalid(message: str) -> "_native.InvalidArgumentError":
    """The package's InvalidArgumentError, as the native functions raise it."""
    e = _native.InvalidArgumentError(message)
    e.kind = "invalid_argument"
    return e


def _shard_count(client: Any, shards: Optional[int]) -> int:
    if shards is not None:
        return shards
    # One shard per worker thread of the cluster, at least one.
    return max(1, sum(client.nthreads().values()))
