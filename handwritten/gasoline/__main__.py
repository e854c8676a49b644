"""python -m gasoline: the same as the gasoline command."""

import sys

from gasoline.cli import main

sys.exit(main())
