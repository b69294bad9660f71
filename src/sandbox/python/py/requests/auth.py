import base64


class AuthBase:
    def __call__(self, r):
        raise NotImplementedError("Auth hooks must be callable.")


class HTTPBasicAuth(AuthBase):
    def __init__(self, username, password):
        self.username = username
        self.password = password

    def __call__(self, r):
        user = self.username if isinstance(self.username, bytes) else str(self.username).encode("latin1")
        password = self.password if isinstance(self.password, bytes) else str(self.password).encode("latin1")
        r.headers["Authorization"] = "Basic " + base64.b64encode(user + b":" + password).decode("ascii")
        return r


class HTTPProxyAuth(HTTPBasicAuth):
    pass


class HTTPDigestAuth(HTTPBasicAuth):
    pass
