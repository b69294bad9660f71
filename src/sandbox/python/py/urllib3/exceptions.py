class HTTPError(Exception):
    pass


class MaxRetryError(HTTPError):
    def __init__(self, pool, url, reason=None):
        self.pool, self.url, self.reason = pool, url, reason
        super().__init__(f"Max retries exceeded with url: {url} (Caused by {reason!r})")


class InsecureRequestWarning(Warning):
    pass
