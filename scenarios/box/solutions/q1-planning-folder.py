# Reference solution, in Python: create a Q1 2026 planning folder in Finance.

import json

import requests

API = "https://api.box.com/2.0"
UPLOAD = "https://upload.box.com/api/2.0"
session = requests.Session()
session.headers["Authorization"] = "Bearer difflab"


def box(method, path, body=None, **params):
    """One Box call; JSON in and out, errors raised with Box's message."""
    res = session.request(method, API + path, json=body, params=params)
    if not res.ok:
        raise RuntimeError(f"{method} {path}: {res.status_code} {res.text}")
    return None if res.status_code == 204 else res.json()


def list_folder(folder_id, fields="name"):
    """Every item of a folder, following offset paging."""
    offset = 0
    while True:
        page = box("GET", f"/folders/{folder_id}/items", limit=1000, offset=offset, fields=fields)
        yield from page["entries"]
        offset += len(page["entries"])
        if not page["entries"] or offset >= page["total_count"]:
            return


def folder_at(*names):
    """The id of a folder by its path from All Files: folder_at("Finance", "Reports")."""
    folder_id = "0"
    for name in names:
        folder_id = next(e["id"] for e in list_folder(folder_id) if e["type"] == "folder" and e["name"] == name)
    return folder_id


def search(query, **params):
    return box("GET", "/search", query=query, limit=200, **params)["entries"]

box("POST", "/folders", {"name": "Q1 2026 Planning", "parent": {"id": folder_at("Finance")}})
