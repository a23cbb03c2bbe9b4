"""The few statistics of the planner and the balance lab, in plain Python (no numpy needed).

- :func:`percentile`: the nearest-rank percentile, always one of the values (a whole number of
  sprints stays whole), the same on every machine.
- :func:`percentile_interval`: the 95% interval of a percentile from the order statistics of the
  values, distribution-free (it assumes nothing about the shape of the values), from
  :func:`rank_bounds`.
- :func:`wilson`: the Wilson score interval of a proportion, which stays inside 0-100% and behaves
  for small counts and for rates near 0 or 1, where the textbook "p +/- 1.96 sd" does not.
"""

import math
from collections.abc import Sequence

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0 < p <= 100) by the nearest-rank method: the smallest value with
    at least ``p``% of the values at or below it.

    >>> percentile([5, 1, 3, 2, 4], 50), percentile([5, 1, 3, 2, 4], 80), percentile([7], 95)
    (3, 4, 7)
    >>> percentile([], 50)
    Traceback (most recent call last):
    ...
    ValueError: A percentile needs at least one value.
    """
    if not values:
        raise ValueError("A percentile needs at least one value.")
    if not 0 < p <= 100:
        raise ValueError(f"A percentile is above 0 and at most 100, not {p}.")
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered) - 1e-9))
    return ordered[rank - 1]


def rank_bounds(n: int, p: float, confidence: float = 0.95) -> tuple[int, int]:
    """The ranks (1 for the smallest of ``n`` values) of the order statistics that bound the
    ``p``-quantile (0 < p < 1) with at least ``confidence``: the true quantile lies between the
    ``low``-th and the ``high``-th smallest value with that probability, whatever the
    distribution. The number of values below the quantile is binomial (n, p): ``low`` is the
    largest rank with at most (1 - confidence) / 2 of its probability below it, ``high`` the
    smallest with at most that much above. 0 (or n + 1) when too few values bound that side.

    >>> rank_bounds(100, 0.5), rank_bounds(20, 0.5)  # the textbook ranks for the median
    ((40, 61), (6, 15))
    >>> rank_bounds(71, 0.95), rank_bounds(72, 0.95)  # 72 values bound the P95 from above
    ((63, 72), (64, 72))
    """
    if not 0 < p < 1:
        raise ValueError(f"A quantile is above 0 and below 1, not {p}.")
    tail = (1 - confidence) / 2
    log_p, log_q, whole = math.log(p), math.log1p(-p), math.lgamma(n + 1)
    below = 0.0  # P(fewer than k values below the quantile)
    low, high = 0, n + 1
    for k in range(n + 1):
        if below <= tail:
            low = k
        below += math.exp(whole - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                          + k * log_p + (n - k) * log_q)
        if high == n + 1 and 1 - below <= tail:
            high = k + 1
    return low, high


def percentile_interval(values: Sequence[float], p: float,
                        confidence: float = 0.95) -> tuple[float, float]:
    """The ``confidence`` interval (95%) of the ``p``-th percentile (0 < p < 100) of the
    distribution the ``values`` were drawn from: two of the values, by :func:`rank_bounds`;
    ``-inf`` or ``inf`` on a side too few values bound.

    >>> percentile_interval(range(1, 101), 50)
    (40, 61)
    >>> percentile_interval([3, 1, 2], 95)
    (2, inf)
    """
    ordered = sorted(values)
    low, high = rank_bounds(len(ordered), p / 100, confidence)
    return (ordered[low - 1] if low >= 1 else -math.inf,
            ordered[high - 1] if high <= len(ordered) else math.inf)


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of ``successes`` out of ``trials``.

    >>> [round(bound, 4) for bound in wilson(125, 1000)]
    [0.1059, 0.1469]
    >>> wilson(0, 0), [round(bound, 3) for bound in wilson(0, 10)]
    ((0.0, 1.0), [0.0, 0.278])
    """
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes cannot come from {trials} trials.")
    share = successes / trials
    z2 = z * z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / (
        1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def share_text(successes: int, trials: int) -> str:
    """A share with its 95% interval, as the findings say it.

    >>> share_text(125, 1000)
    '12.5% (10.6-14.7%)'
    """
    low, high = wilson(successes, trials)
    share = successes / trials if trials else 0.0
    return f"{share:.1%} ({low * 100:.1f}-{high:.1%})"
