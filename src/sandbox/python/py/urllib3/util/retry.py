import email.utils
import time

from ..exceptions import MaxRetryError

RETRY_AFTER_STATUS_CODES = frozenset([413, 429, 503])


class Retry:
    """urllib3's Retry, for the status retries requests' HTTPAdapter does; sleeps follow the sandbox's clock."""

    DEFAULT_ALLOWED_METHODS = frozenset(["HEAD", "GET", "PUT", "DELETE", "OPTIONS", "TRACE"])
    DEFAULT_BACKOFF_MAX = 120

    def __init__(self, total=10, connect=None, read=None, redirect=None, status=None, other=None,
                 allowed_methods=DEFAULT_ALLOWED_METHODS, status_forcelist=None, backoff_factor=0, backoff_max=DEFAULT_BACKOFF_MAX,
                 raise_on_redirect=True, raise_on_status=True, history=None, respect_retry_after_header=True,
                 remove_headers_on_redirect=None, backoff_jitter=0.0, method_whitelist=None):
        self.total = total
        self.connect, self.read, self.redirect, self.status, self.other = connect, read, redirect, status, other
        self.allowed_methods = method_whitelist if method_whitelist is not None else allowed_methods
        self.status_forcelist = status_forcelist or set()
        self.backoff_factor = backoff_factor
        self.backoff_max = backoff_max
        self.raise_on_redirect = raise_on_redirect
        self.raise_on_status = raise_on_status
        self.history = tuple(history or ())
        self.respect_retry_after_header = respect_retry_after_header

    def new(self, **kw):
        params = dict(total=self.total, connect=self.connect, read=self.read, redirect=self.redirect, status=self.status,
                      other=self.other, allowed_methods=self.allowed_methods, status_forcelist=self.status_forcelist,
                      backoff_factor=self.backoff_factor, backoff_max=self.backoff_max, raise_on_redirect=self.raise_on_redirect,
                      raise_on_status=self.raise_on_status, history=self.history,
                      respect_retry_after_header=self.respect_retry_after_header)
        params.update(kw)
        return type(self)(**params)

    @classmethod
    def from_int(cls, retries, redirect=True, default=None):
        if isinstance(retries, Retry):
            return retries
        return cls(retries if retries is not None else default)

    def _method_ok(self, method):
        return not self.allowed_methods or method.upper() in self.allowed_methods

    def is_retry(self, method, status_code, has_retry_after=False):
        if self.total is False or (self.total is not None and self.total < 0):
            return False
        if not self._method_ok(method):
            return False
        if self.status_forcelist and status_code in self.status_forcelist:
            return True
        return bool(self.total) and self.respect_retry_after_header and has_retry_after and status_code in RETRY_AFTER_STATUS_CODES

    def increment(self, method=None, url=None, response=None, error=None, _pool=None, _stacktrace=None):
        total = self.total - 1 if isinstance(self.total, int) and self.total is not True else self.total
        status = self.status - 1 if isinstance(self.status, int) else self.status
        new = self.new(total=total, status=status, history=self.history + ((method, url, getattr(response, "status_code", None)),))
        if (isinstance(total, int) and total < 0) or (isinstance(status, int) and status < 0):
            raise MaxRetryError(None, url, f"too many {getattr(response, 'status_code', '')} error responses")
        return new

    def get_backoff_time(self):
        consecutive = len(self.history)
        if consecutive <= 1:
            return 0
        return min(self.backoff_max, self.backoff_factor * (2 ** (consecutive - 1)))

    def get_retry_after(self, response):
        value = response.headers.get("Retry-After") if response is not None else None
        if value is None:
            return None
        try:
            return max(0.0, float(value))
        except ValueError:
            parsed = email.utils.parsedate_to_datetime(value)
            return max(0.0, parsed.timestamp() - time.time()) if parsed else None

    def sleep(self, response=None):
        after = self.get_retry_after(response) if self.respect_retry_after_header else None
        time.sleep(after if after is not None else self.get_backoff_time())

    def __repr__(self):
        return f"Retry(total={self.total}, connect={self.connect}, read={self.read}, redirect={self.redirect}, status={self.status})"
