"""Package discovery and the optional compiled core, the things pyproject.toml cannot say.

- every package under cardgen/ is found, and templates/ (outside it) is installed as
  `cardgen.templates` (see pyproject.toml);
- every game folder's `_core.c` is built as that game's compiled core
  (`cardgen.games.<game>._core`, see cardgen/native.py). It is optional: where no C compiler or
  no Python headers exist, the build says so in one warning and the install goes on without it,
  and cardgen runs its pure-Python code.
"""

from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):  # type: ignore[misc]
    """build_ext that never fails the install: a core that cannot be compiled is left out."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler at all (setuptools raises several kinds)
            self.warn(f"cardgen: compiled core not built ({exc}); the pure-Python core is used")

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # a compiler that fails, or no Python headers
            self.warn(f"cardgen: compiled core {ext.name} not built ({exc}); "
                      "the pure-Python core is used")


CORES = [
    Extension(
        ".".join(source.with_suffix("").parts),
        [source.as_posix()],
        extra_compile_args=["-O2"],
        optional=True,
    )
    for source in sorted(Path("cardgen").glob("games/*/_core.c"))
]

setup(
    packages=[*find_packages(include=["cardgen", "cardgen.*"]), "cardgen.templates"],
    ext_modules=CORES,
    cmdclass={"build_ext": OptionalBuildExt},
)
