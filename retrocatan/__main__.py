import sys

from .cli import main

if __name__ == "__main__":      # not when a worker process of --jobs imports the main module
    sys.exit(main())
