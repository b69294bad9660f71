import time

from . import exceptions
from .models import Response, charset_of, reason_phrase
from .structures import CaseInsensitiveDict

# Set by the sandbox at start-up: sends one prepared request to the host and returns its answer as a dict.
_send = None


class BaseAdapter:
    def send(self, request, **kwargs):
        raise NotImplementedError

    def close(self):
        pass


class HTTPAdapter(BaseAdapter):
    """Sends requests through DiffLab's host (the replicas). `max_retries` takes an int or a urllib3 Retry."""

    def __init__(self, pool_connections=10, pool_maxsize=10, max_retries=0, pool_block=False):
        from urllib3.util.retry import Retry
        self.max_retries = max_retries if isinstance(max_retries, Retry) else Retry(total=max_retries, read=False)
        self.config = {}

    def build_response(self, req, answer):
        response = Response()
        response.status_code = answer["status"]
        response.headers = CaseInsensitiveDict(answer["headers"])
        response.reason = reason_phrase(answer["status"], answer.get("statusText"))
        response.encoding = charset_of(response.headers.get("content-type"))
        response._content = answer["body"]
        response.url = answer["url"]
        response.request = req
        return response

    def send(self, request, stream=False, timeout=None, verify=True, cert=None, proxies=None, allow_redirects=True):
        _check_timeout(timeout)
        retry = self.max_retries
        while True:
            try:
                answer = _send(request, allow_redirects)
            except exceptions.RequestException:
                raise
            except Exception as error:
                raise exceptions.ConnectionError(str(error), request=request) from None
            response = self.build_response(request, answer)
            if not retry.is_retry(request.method, response.status_code, "retry-after" in response.headers):
                return response
            try:
                retry = retry.increment(request.method, request.url, response=response)
            except Exception as error:
                if retry.raise_on_status:
                    raise exceptions.RetryError(str(error), request=request) from None
                return response
            retry.sleep(response)


def _check_timeout(timeout):
    values = timeout if isinstance(timeout, tuple) else (timeout,)
    if isinstance(timeout, tuple) and len(timeout) != 2:
        raise ValueError(f"Invalid timeout {timeout}. Pass a (connect, read) timeout tuple, or a single float to set both timeouts to the same value.")
    for value in values:
        if value is not None and not isinstance(value, (int, float)):
            raise ValueError(f"Timeout value connect was {value}, but it must be an int, float or None.")
        if isinstance(value, (int, float)) and value <= 0:
            raise ValueError(f"Attempted to set connect timeout to {value}, but the timeout cannot be set to a value less than or equal to 0.")
