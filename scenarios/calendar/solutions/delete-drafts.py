# Reference solution, in Python: delete the placeholder drafts.

from urllib.parse import quote

import requests

BASE = "https://www.googleapis.com/calendar/v3"
session = requests.Session()
session.headers["Authorization"] = "Bearer ya29.difflab"


def api(method, path, body=None, **params):
    """Calls the Calendar API; the parsed body (None for 204), or raises with Google's message."""
    res = session.request(method, BASE + path, json=body, params=params)
    if res.status_code == 204:
        return None
    data = res.json()
    if not res.ok:
        raise RuntimeError(f"{method} {path}: {data['error']['message']}")
    return data


def events(calendar_id="primary", **params):
    """Every event of a calendar, following pageToken."""
    token = None
    while True:
        page = api("GET", f"/calendars/{quote(calendar_id)}/events", **params, **({"pageToken": token} if token else {}))
        yield from page.get("items", [])
        token = page.get("nextPageToken")
        if not token:
            return

for event in [e for e in events(q="DRAFT", maxResults=250) if e.get("summary", "").startswith("DRAFT")]:
    api("DELETE", f"/calendars/primary/events/{event['id']}")
    print("deleted", event["summary"])
