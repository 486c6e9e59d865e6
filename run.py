"""Start RetroCatan: ``python run.py`` opens the game window."""

import sys

from retrocatan.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
