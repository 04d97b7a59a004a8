"""The benchmark must measure valid deals only: its generator is checked here."""

import random

from benchmarks.bench_scoring import random_deal
from scoring.engine import score_deal


def test_benchmark_generator_makes_only_valid_deals():
    rng = random.Random(1)
    for _ in range(20_000):
        score_deal(random_deal(rng))  # raises InvalidDeal on an impossible deal
