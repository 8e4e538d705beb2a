"""`python -m tablectl` is the `tablectl` command."""

import sys

from tablectl.cli import main

sys.exit(main())
