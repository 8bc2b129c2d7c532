"""``python -m strategium ARGS...``: the same command line as the ``strategium`` script."""

from strategium.cli.main import main

main()
