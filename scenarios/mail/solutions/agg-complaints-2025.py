# Reference solution, in Python: how many complaints arrived in 2025.

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

found = every("/messages", subject="Complaint:", received_after="2025-01-01T00:00:00Z", received_before="2026-01-01T00:00:00Z")
print(f"Answer: {sum(1 for m in found if m['subject'].startswith('Complaint:'))}")
