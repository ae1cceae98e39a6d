"""Threads: evaluate, detect, arrange, suggest, special advice and settle at once from 8 threads
on one shared Rules and one shared Arranger must give exactly the single-threaded answers; and
the arranger's searches really run in parallel (they release the GIL), so that concurrency is
exercised, not serialised away.
"""

import os
import threading
import time

import pytest

import shisanshui as sss

THREADS = 8
RULES = sss.Rules("kx")
ARRANGER = sss.Arranger(RULES, 4)
DEALS = [sss.deal(4, seed=3000 + i) for i in range(8)]


def one_deal(hands):
    """Everything computed for one deal, as plain comparable values."""
    out = []
    lanes = []
    for hand in hands:
        best = ARRANGER.arrange(hand)
        lanes.append(best.arrangement)
        detection = sss.detect_special(hand, RULES)
        advice = ARRANGER.special_advice(hand)
        out.append(
            (
                sss.evaluate(hand[:5], RULES).value,
                sss.evaluate(hand[10:], RULES).value,
                detection.best,
                detection.all,
                best.arrangement,
                best.expected_water,
                best.categories,
                [(s.kind, s.arrangement, s.expected_water) for s in ARRANGER.suggest(hand, 4)],
                None if advice is None else (advice.special, advice.declare_water, advice.lane_water),
                ARRANGER.expected_water(best.arrangement),
            )
        )
    settlement = sss.settle([sss.PlayerHand.arranged(a) for a in lanes], RULES)
    out.append((settlement.totals_units, settlement.to_json()))
    return out


def workload(start):
    """Every deal, from `start` on (so that the threads overlap on different calls)."""
    n = len(DEALS)
    return {d: one_deal(DEALS[d]) for d in ((start + k) % n for k in range(n))}


def test_eight_threads_give_the_single_threaded_answers():
    reference = workload(0)
    results = [None] * THREADS
    errors = []
    barrier = threading.Barrier(THREADS)

    def run(t):
        try:
            barrier.wait()
            results[t] = workload(3 * t)
        except BaseException as e:  # reported below, with the thread that raised it
            errors.append((t, e))

    threads = [threading.Thread(target=run, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    for t, r in enumerate(results):
        assert r == reference, f"thread {t} differs from the single-threaded answers"


def test_errors_in_threads_stay_typed():
    """Bad input from many threads at once raises each thread's own typed error."""
    errors = []
    barrier = threading.Barrier(THREADS)

    def run(t):
        barrier.wait()
        for _ in range(50):
            try:
                ARRANGER.arrange([sss.Card.from_code(c) for c in range(12)] + [sss.Card.from_code(t)])
            except sss.DuplicateCardError as e:
                if "position 12" not in str(e):
                    errors.append((t, str(e)))
            else:
                errors.append((t, "no error"))

    threads = [threading.Thread(target=run, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs two cores to run two searches at once")
def test_arranger_searches_run_in_parallel():
    """Two threads each search for a while; with the GIL released their CPU times add up to more
    than the wall time (held, only one could search at a time and the sum could not exceed it).
    Up to three tries, as another process may take a core for a moment; on a machine busier than
    its cores (other processes runnable) no thread gets a core to itself and the test is skipped
    rather than guessed."""
    hands = [hand for deal in DEALS for hand in deal]

    def spin(cpu):
        start = time.thread_time()
        i = 0
        while time.thread_time() - start < 0.4:
            ARRANGER.suggest(hands[i % len(hands)], 4)
            i += 1
        cpu.append(time.thread_time() - start)

    ratios = []
    for _ in range(3):
        cpu = []
        threads = [threading.Thread(target=spin, args=(cpu,)) for _ in range(2)]
        t0 = time.perf_counter()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        wall = time.perf_counter() - t0
        ratios.append(sum(cpu) / wall)
        if ratios[-1] > 1.15:
            return
    # The load average counts this test's own two threads only partly (it is a minute's mean), so
    # a load of the core count means other processes were runnable too.
    if os.getloadavg()[0] >= (os.cpu_count() or 1):
        pytest.skip(f"machine busy (load {os.getloadavg()}); CPU time / wall time {ratios}")
    pytest.fail(f"two searches never overlapped: CPU time / wall time {ratios} (the GIL is held?)")
