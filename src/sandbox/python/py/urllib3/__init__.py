"""The part of urllib3 that code using requests touches: Retry (for HTTPAdapter) and disable_warnings."""

from . import exceptions  # noqa: F401
from .util.retry import Retry  # noqa: F401

__version__ = "2.2.3"


def disable_warnings(category=None):
    pass
