"""DiffLab's own `requests`: the library's public API over the sandbox's fetch bridge (no sockets, no urllib3)."""

__title__ = "requests"
__version__ = "2.32.3"

from . import exceptions, utils, packages  # noqa: F401
from .api import delete, get, head, options, patch, post, put, request
from .exceptions import (
    ConnectionError, ConnectTimeout, HTTPError, JSONDecodeError, ReadTimeout, RequestException, Timeout,
    TooManyRedirects, URLRequired,
)
from .models import PreparedRequest, Request, Response
from .sessions import Session, session
from .status_codes import codes
from .structures import CaseInsensitiveDict  # noqa: F401
