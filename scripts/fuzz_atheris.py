"""Coverage-guided fuzzing of the card notation and formula parsers with atheris.

    pip install '.[fuzz]'
    python scripts/fuzz_atheris.py notation -atheris_runs=100000
    python scripts/fuzz_atheris.py expressions -atheris_runs=100000

Optional: atheris (Google's coverage-guided fuzzer for Python) is not needed by the
engine or its tests. Each input is decoded as text and given to the parser; anything
but a result or the library's own error (``NotationError``, ``ExpressionError``) is a
finding, which libFuzzer saves as a ``crash-*`` file to turn into a regression test in
tests/hardening/test_hardening.py or tests/hardening/test_fuzz.py.
"""

from __future__ import annotations

import sys


def main() -> None:
    import atheris  # type: ignore[import-not-found, import-untyped, unused-ignore]

    with atheris.instrument_imports():
        import skullking
        from skullking.core.errors import SkullKingError
        from skullking.language.expr import compile_expression

    target = sys.argv.pop(1) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else "notation"
    edition = skullking.load_edition("skullking-2021")

    def notation(data: bytes) -> None:
        text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(200)
        try:
            plays = edition.parse_cards(text)
        except SkullKingError:
            return
        for play in plays:
            assert edition.parse_cards(str(play))[0] is play

    def expressions(data: bytes) -> None:
        provider = atheris.FuzzedDataProvider(data)
        text = provider.ConsumeUnicodeNoSurrogates(120)
        try:
            expression = compile_expression(text, ("bid", "won", "cards"))
            expression.evaluate({"bid": provider.ConsumeIntInRange(-5, 15), "won": 1, "cards": 3})
        except SkullKingError:
            return

    atheris.Setup(sys.argv, {"notation": notation, "expressions": expressions}[target])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
