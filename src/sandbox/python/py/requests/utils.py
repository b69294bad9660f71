from urllib.parse import quote, unquote, urlencode  # noqa: F401

from .structures import CaseInsensitiveDict


def default_headers():
    from .sessions import DEFAULT_HEADERS
    return CaseInsensitiveDict(DEFAULT_HEADERS)


def default_user_agent(name="python-requests"):
    return f"{name}/2.32.3"


def requote_uri(uri):
    return quote(unquote(uri), safe="!#$%&'()*+,/:;=?@[]~")
