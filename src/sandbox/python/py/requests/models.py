import datetime
import json as _json
from urllib.parse import urlencode, urlsplit, urlunsplit

from . import exceptions
from .structures import CaseInsensitiveDict

REDIRECT_STATI = (301, 302, 303, 307, 308)
_REASONS = {
    200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
    301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
    307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized",
    403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 409: "Conflict", 410: "Gone",
    412: "Precondition Failed", 413: "Payload Too Large", 415: "Unsupported Media Type",
    416: "Range Not Satisfiable", 422: "Unprocessable Entity", 429: "Too Many Requests",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
    504: "Gateway Timeout",
}


def _to_pairs(value):
    if value is None:
        return []
    if isinstance(value, (str, bytes)):
        return None
    items = value.items() if hasattr(value, "items") else value
    pairs = []
    for key, item in items:
        values = item if isinstance(item, (list, tuple)) else [item]
        for one in values:
            if one is None:
                continue
            if isinstance(one, bytes):
                one = one.decode("utf-8")
            pairs.append((key.decode("utf-8") if isinstance(key, bytes) else str(key), str(one) if not isinstance(one, str) else one))
    return pairs


def _read(data):
    if hasattr(data, "read"):
        data = data.read()
    return data


class Request:
    def __init__(self, method=None, url=None, headers=None, files=None, data=None, params=None, auth=None,
                 cookies=None, hooks=None, json=None):
        self.method = method
        self.url = url
        self.headers = headers or {}
        self.files = files or []
        self.data = data or []
        self.json = json
        self.params = params or {}
        self.auth = auth
        self.cookies = cookies
        self.hooks = hooks or {}

    def __repr__(self):
        return f"<Request [{self.method}]>"

    def prepare(self):
        p = PreparedRequest()
        p.prepare(method=self.method, url=self.url, headers=self.headers, files=self.files, data=self.data,
                  params=self.params, auth=self.auth, json=self.json)
        return p


class PreparedRequest:
    def __init__(self):
        self.method = None
        self.url = None
        self.headers = CaseInsensitiveDict()
        self.body = None
        # What the host receives: None, ("text", str), ("bytes", bytes) or ("form", [entries]).
        self._wire_body = None
        self.hooks = {"response": []}

    def __repr__(self):
        return f"<PreparedRequest [{self.method}]>"

    def copy(self):
        p = PreparedRequest()
        p.method, p.url, p.headers, p.body, p._wire_body = self.method, self.url, self.headers.copy(), self.body, self._wire_body
        return p

    def prepare(self, method=None, url=None, headers=None, files=None, data=None, params=None, auth=None, json=None, **_):
        self.method = (method or "GET").upper() if isinstance(method, str) else (method or b"GET").decode().upper()
        self.prepare_url(url, params)
        self.headers = CaseInsensitiveDict()
        for name, value in (headers or {}).items():
            if value is None:
                continue
            if not isinstance(value, (str, bytes)):
                raise exceptions.InvalidHeader(
                    f"Header part ({value!r}) from ('{name}', {value!r}) must be of type str or bytes, not {type(value)}")
            self.headers[name] = value.decode("latin1") if isinstance(value, bytes) else value
        self.prepare_body(data, files, json)
        if auth is not None:
            if isinstance(auth, tuple) and len(auth) == 2:
                from .auth import HTTPBasicAuth
                auth = HTTPBasicAuth(*auth)
            result = auth(self)
            if result is not None:
                self.__dict__.update(result.__dict__)

    def prepare_url(self, url, params):
        if isinstance(url, bytes):
            url = url.decode("utf8")
        url = str(url).strip() if url is not None else ""
        if not url:
            raise exceptions.MissingSchema(f"Invalid URL {url!r}: No scheme supplied. Perhaps you meant https://{url}?")
        if ":" in url and not url.lower().startswith("http"):
            scheme = url.split(":", 1)[0]
            if "/" not in scheme and "." not in scheme:
                raise exceptions.InvalidSchema(f"No connection adapters were found for {url!r}")
        parts = urlsplit(url)
        if not parts.scheme:
            raise exceptions.MissingSchema(f"Invalid URL {url!r}: No scheme supplied. Perhaps you meant https://{url}?")
        if parts.scheme.lower() not in ("http", "https"):
            raise exceptions.InvalidSchema(f"No connection adapters were found for {url!r}")
        if not parts.netloc:
            raise exceptions.InvalidURL(f"Invalid URL {url!r}: No host supplied")
        query = parts.query
        if isinstance(params, (str, bytes)):
            extra = params.decode() if isinstance(params, bytes) else params
        else:
            extra = urlencode(_to_pairs(params) or [])
        if extra:
            query = f"{query}&{extra}" if query else extra
        self.url = urlunsplit((parts.scheme, parts.netloc, parts.path or "/", query, parts.fragment))

    def prepare_body(self, data, files, json=None):
        content_type = None
        if not data and json is not None:
            content_type = "application/json"
            text = _json.dumps(json, allow_nan=False)
            self.body = text.encode("utf-8")
            self._wire_body = ("text", text)
        elif files:
            entries = []
            for name, value in _to_pairs(data) or []:
                entries.append({"name": name, "value": value})
            items = files.items() if hasattr(files, "items") else files
            for name, spec in items:
                filename, content, ftype = None, spec, "application/octet-stream"
                if isinstance(spec, (tuple, list)):
                    filename = spec[0]
                    content = spec[1]
                    if len(spec) > 2 and spec[2]:
                        ftype = spec[2]
                else:
                    filename = getattr(spec, "name", name)
                content = _read(content)
                if content is None:
                    content = b""
                if isinstance(content, str):
                    content = content.encode("utf-8")
                if filename is None:
                    entries.append({"name": name, "value": content.decode("utf-8", "replace")})
                    continue
                filename = str(filename).replace("\\", "/").rsplit("/", 1)[-1]
                entries.append({"name": name, "bytes": bytes(content), "type": ftype, "filename": filename})
            self.body = b""
            self._wire_body = ("form", entries)
        elif data:
            data = _read(data)
            pairs = _to_pairs(data)
            if pairs is None:
                if isinstance(data, str):
                    self.body = data.encode("utf-8")
                    self._wire_body = ("text", data)
                else:
                    self.body = bytes(data)
                    self._wire_body = ("bytes", self.body)
            else:
                text = urlencode(pairs)
                content_type = "application/x-www-form-urlencoded"
                self.body = text.encode("ascii")
                self._wire_body = ("text", text)
        if content_type and "content-type" not in self.headers:
            self.headers["Content-Type"] = content_type


class Response:
    __attrs__ = ["_content", "status_code", "headers", "url", "history", "encoding", "reason", "cookies", "elapsed", "request"]

    def __init__(self):
        self._content = b""
        self.status_code = None
        self.headers = CaseInsensitiveDict()
        self.url = None
        self.history = []
        self.encoding = None
        self.reason = None
        self.cookies = {}
        self.elapsed = datetime.timedelta(0)
        self.request = None
        self.raw = None

    def __repr__(self):
        return f"<Response [{self.status_code}]>"

    def __bool__(self):
        return self.ok

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()

    def __iter__(self):
        return self.iter_content(128)

    @property
    def ok(self):
        try:
            self.raise_for_status()
        except exceptions.HTTPError:
            return False
        return True

    @property
    def is_redirect(self):
        return "location" in self.headers and self.status_code in REDIRECT_STATI

    @property
    def is_permanent_redirect(self):
        return "location" in self.headers and self.status_code in (301, 308)

    @property
    def content(self):
        return self._content

    @property
    def apparent_encoding(self):
        return "utf-8"

    @property
    def text(self):
        encoding = self.encoding or self.apparent_encoding
        try:
            return self._content.decode(encoding, errors="replace")
        except LookupError:
            return self._content.decode("utf-8", errors="replace")

    @property
    def links(self):
        return {}

    @property
    def next(self):
        return None

    def json(self, **kwargs):
        text = self.text
        try:
            return _json.loads(text, **kwargs)
        except _json.JSONDecodeError as error:
            raise exceptions.JSONDecodeError(error.msg, error.doc, error.pos) from None

    def iter_content(self, chunk_size=1, decode_unicode=False):
        size = chunk_size or len(self._content) or 1
        for start in range(0, len(self._content), size):
            chunk = self._content[start:start + size]
            yield chunk.decode(self.encoding or "utf-8", "replace") if decode_unicode else chunk

    def iter_lines(self, chunk_size=512, decode_unicode=False, delimiter=None):
        data = self.text if decode_unicode else self._content
        lines = data.split(delimiter) if delimiter else data.splitlines()
        yield from lines

    def raise_for_status(self):
        reason = self.reason or ""
        if 400 <= self.status_code < 500:
            raise exceptions.HTTPError(f"{self.status_code} Client Error: {reason} for url: {self.url}", response=self)
        if 500 <= self.status_code < 600:
            raise exceptions.HTTPError(f"{self.status_code} Server Error: {reason} for url: {self.url}", response=self)

    def close(self):
        pass


def reason_phrase(status, given):
    return given or _REASONS.get(status, "")


def charset_of(content_type):
    for part in (content_type or "").split(";")[1:]:
        key, _, value = part.strip().partition("=")
        if key.lower() == "charset":
            return value.strip("'\"") or None
    if content_type and content_type.split(";")[0].strip().lower().startswith("text/"):
        return "ISO-8859-1"
    return None
