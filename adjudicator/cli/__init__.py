"""The command line (layer 6): ``adjudicator check|adjudicate|test|replay|maps``.

A thin shell over the layers below: it reads files, calls the pure core and prints. It loads the
parts a command needs when that command runs, so ``adjudicator maps list`` does not load the
parser or the case machinery.

- ``main``: ``main(argv) -> int`` and the console-script entry point.
"""
