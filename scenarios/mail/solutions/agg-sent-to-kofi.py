# Reference solution, in Python: how many messages I sent to Kofi.

import requests

BASE = "https://api.mailhub.example/v1"
session = requests.Session()
session.headers["Authorization"] = "Bearer difflab"


def api(method, path, args=None):
    if method in ("GET", "DELETE"):
        res = session.request(method, BASE + path, params=args)
    else:
        res = session.request(method, BASE + path, json=args or {})
    if res.status_code >= 400:
        raise RuntimeError(f"{method} {path}: {res.status_code} {res.text}")
    return res.json() if res.text else None


def every(path, **args):
    """Every item of a paged list, following next_page_token."""
    token = None
    while True:
        page = api("GET", path, {**args, "page_size": 100, **({"page_token": token} if token else {})})
        yield from page["items"]
        token = page.get("next_page_token")
        if not token:
            return

sent = list(every("/messages", folder_id="sent", to="kofi.mensah@brightwater.example"))
print(f"Answer: {len(sent)}")
