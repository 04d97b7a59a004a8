"""Run every benchmark: ``python -m benchmarks`` (or ``make benchmark``), or one of them:
``python -m benchmarks scoring``. Each ``bench_<name>.py`` module has a ``main()`` that prints
its figures. Benchmarks measure; they never fail a build.
"""

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    here = Path(__file__).parent
    names = sorted(
        m.name[6:] for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_")
    )
    wanted = argv or names
    for name in wanted:
        if name not in names:
            sys.exit(f"unknown benchmark {name!r}; known: {', '.join(names)}")
        print(f"== {name}")
        importlib.import_module(f"benchmarks.bench_{name}").main()


if __name__ == "__main__":
    main(sys.argv[1:])
