"""No input reaches a Rust panic: the fuzz seeds (fuzz/seeds) and thousands of mutations of
them through the bindings' parsers and the calls after them. Each call either answers or
raises LayoutError; a panic would surface as pyo3's PanicException and fail the test."""

import random

from conftest import ROOT

import layout_lab as ll

SEEDS = ROOT / "fuzz" / "seeds"


def texts(*kinds):
    for kind in kinds:
        for path in sorted((SEEDS / kind).iterdir()):
            yield path.read_text(errors="replace")


def mutations(text, rng, count):
    """Prefixes, single-character changes, deletions and duplications of `text`."""
    alphabet = "()[]{}<>,:;_-+*#=0123456789 abcdefgxyzLSwo\"'\n"
    yield text
    for cut in range(0, len(text), max(1, len(text) // 16)):
        yield text[:cut]
    for _ in range(count):
        if not text:
            return
        i = rng.randrange(len(text))
        roll = rng.random()
        if roll < 0.4:
            yield text[:i] + rng.choice(alphabet) + text[i + 1:]
        elif roll < 0.7:
            yield text[:i] + text[i + 1:]
        else:
            j = rng.randrange(i, len(text) + 1)
            yield text[:j] + text[i:j] + text[j:]


def answers_or_refuses(call):
    try:
        call()
    except ll.LayoutError:
        pass


def test_cute_and_swizzle_text_never_panics():
    rng = random.Random(60)
    tried = 0
    for seed in texts("cute", "swizzle"):
        for text in mutations(seed, rng, 150):
            tried += 1
            answers_or_refuses(lambda: ll.Layout(text))
            answers_or_refuses(lambda: ll.coalesce(text))
            answers_or_refuses(lambda: ll.right_inverse(text))
            answers_or_refuses(lambda: ll.logical_divide(text, 4))
            answers_or_refuses(lambda: ll.bank_conflicts(text, "(32,8):(8,1)", 16, 16))
    assert tried > 1000


def test_triton_text_never_panics():
    rng = random.Random(61)
    tried = 0
    for seed in texts("triton"):
        for text in mutations(seed, rng, 100):
            tried += 1
            for shape in ([32, 64], [128, 64], [64]):
                def read():
                    layout = ll.LinearLayout.from_triton(text, shape)
                    str(layout)
                    layout.bases
                    answers_or_refuses(layout.cute_tv)
                answers_or_refuses(read)
    assert tried > 1000


CORPUS = ROOT / "fuzz" / "corpus"
PAGES = ("views", "layouts", "morphisms", "syno", "shader", "threads", "triton")


def corpus(kind, limit=1500):
    """The inputs libFuzzer kept for `kind` (scripts/fuzz, which the test command runs before
    this suite), as text; the seeds when there is no corpus yet (pytest run alone)."""
    folder = CORPUS / kind
    if folder.is_dir():
        found = [p.read_bytes().decode("utf-8", "replace") for p in sorted(folder.iterdir())[:limit]]
        if found:
            return found
    return list(texts(kind))


def small_offsets(text):
    layout = ll.Layout(text)
    if layout.size() <= 1 << 16:
        layout.offsets()


def test_the_fuzz_corpora_never_panic_through_the_bindings():
    tried = 0
    for text in corpus("cute") + corpus("swizzle"):
        tried += 1
        answers_or_refuses(lambda: small_offsets(text))
        answers_or_refuses(lambda: ll.ComposedLayout(text).svg())
        answers_or_refuses(lambda: ll.bank_conflicts(text, "(32,8):(8,1)", 16, 16).svg())
        answers_or_refuses(lambda: ll.sectors(text, "(32,8):(8,1)", 16, 16))
    for text in corpus("morphism"):
        tried += 1
        answers_or_refuses(lambda: ll.Morphism(text).coalesce())
    for text in corpus("triton"):
        tried += 1
        answers_or_refuses(lambda: ll.LinearLayout.from_triton(text, [64, 64]).svg())
    # a stranger's link, as the notebook widget reads a page's state back into w.layout
    from layout_lab._engine import widget_object

    for text in corpus("url_state"):
        tried += 1
        for page in PAGES:
            widget_object(page, text)
    assert tried > 20
