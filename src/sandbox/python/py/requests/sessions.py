from . import exceptions
from .adapters import HTTPAdapter
from .models import REDIRECT_STATI, Request
from .structures import CaseInsensitiveDict

DEFAULT_HEADERS = (
    ("User-Agent", "python-requests/2.32.3"),
    ("Accept-Encoding", "gzip, deflate"),
    ("Accept", "*/*"),
    ("Connection", "keep-alive"),
)


def _merge(request_value, session_value):
    if session_value is None:
        return request_value
    if request_value is None:
        return session_value
    if not (hasattr(request_value, "items") and hasattr(session_value, "items")):
        return request_value
    merged = CaseInsensitiveDict(session_value) if isinstance(session_value, CaseInsensitiveDict) else dict(session_value)
    merged.update(request_value)
    return {key: value for key, value in merged.items() if value is not None}


class Session:
    __attrs__ = ["headers", "cookies", "auth", "proxies", "hooks", "params", "verify", "cert", "adapters", "stream", "trust_env", "max_redirects"]

    def __init__(self):
        self.headers = CaseInsensitiveDict(DEFAULT_HEADERS)
        self.auth = None
        self.proxies = {}
        self.hooks = {"response": []}
        self.params = {}
        self.stream = False
        self.verify = True
        self.cert = None
        self.max_redirects = 30
        self.trust_env = True
        self.cookies = {}
        self.adapters = {}
        self.mount("https://", HTTPAdapter())
        self.mount("http://", HTTPAdapter())

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.close()

    def mount(self, prefix, adapter):
        self.adapters[prefix] = adapter
        for key in [k for k in self.adapters if len(k) < len(prefix)]:
            self.adapters[key] = self.adapters.pop(key)

    def get_adapter(self, url):
        for prefix, adapter in self.adapters.items():
            if url.lower().startswith(prefix.lower()):
                return adapter
        raise exceptions.InvalidSchema(f"No connection adapters were found for {url!r}")

    def prepare_request(self, request):
        auth = request.auth if request.auth is not None else self.auth
        p = Request(
            method=request.method,
            url=request.url,
            files=request.files,
            data=request.data,
            json=request.json,
            headers=_merge(request.headers, self.headers),
            params=_merge(request.params, self.params),
            auth=auth,
        ).prepare()
        return p

    def request(self, method, url, params=None, data=None, headers=None, cookies=None, files=None, auth=None,
                timeout=None, allow_redirects=True, proxies=None, hooks=None, stream=None, verify=None, cert=None,
                json=None):
        req = Request(method=method.upper() if isinstance(method, str) else method, url=url, headers=headers,
                      files=files, data=data or {}, json=json, params=params or {}, auth=auth, cookies=cookies, hooks=hooks)
        prepared = self.prepare_request(req)
        return self.send(prepared, timeout=timeout, allow_redirects=allow_redirects, hooks=hooks)

    def send(self, request, **kwargs):
        allow_redirects = kwargs.pop("allow_redirects", True)
        hooks = kwargs.pop("hooks", None) or {}
        adapter = self.get_adapter(request.url)
        response = adapter.send(request, timeout=kwargs.get("timeout"), allow_redirects=allow_redirects)
        for hook in _as_list((hooks or {}).get("response")) + _as_list(self.hooks.get("response")):
            result = hook(response)
            if result is not None:
                response = result
        return response

    def get(self, url, **kwargs):
        kwargs.setdefault("allow_redirects", True)
        return self.request("GET", url, **kwargs)

    def options(self, url, **kwargs):
        kwargs.setdefault("allow_redirects", True)
        return self.request("OPTIONS", url, **kwargs)

    def head(self, url, **kwargs):
        kwargs.setdefault("allow_redirects", False)
        return self.request("HEAD", url, **kwargs)

    def post(self, url, data=None, json=None, **kwargs):
        return self.request("POST", url, data=data, json=json, **kwargs)

    def put(self, url, data=None, **kwargs):
        return self.request("PUT", url, data=data, **kwargs)

    def patch(self, url, data=None, **kwargs):
        return self.request("PATCH", url, data=data, **kwargs)

    def delete(self, url, **kwargs):
        return self.request("DELETE", url, **kwargs)

    def close(self):
        for adapter in self.adapters.values():
            adapter.close()


def _as_list(value):
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def session():
    return Session()


__all__ = ["Session", "session", "REDIRECT_STATI"]
