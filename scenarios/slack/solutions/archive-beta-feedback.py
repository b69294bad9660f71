# Reference solution, in Python: archive the Atlas 2.4 beta feedback channel.

import requests

session = requests.Session()
session.headers["Authorization"] = "Bearer xoxb-difflab"


def api(method, **params):
    """A read method: GET with a query string."""
    data = session.get(f"https://slack.com/api/{method}", params=params).json()
    if not data["ok"]:
        raise RuntimeError(f"{method}: {data['error']}")
    return data


def post(method, **body):
    """A write method: POST with a JSON body."""
    data = session.post(f"https://slack.com/api/{method}", json=body).json()
    if not data["ok"]:
        raise RuntimeError(f"{method}: {data['error']}")
    return data


def paginate(method, key, **params):
    """Every item of `key`, following Slack's cursors."""
    cursor = ""
    while True:
        page = api(method, limit=200, **params, **({"cursor": cursor} if cursor else {}))
        yield from page[key]
        cursor = page.get("response_metadata", {}).get("next_cursor", "")
        if not cursor:
            return


def channels():
    return list(paginate("conversations.list", "channels", types="public_channel,private_channel", exclude_archived="true"))

beta = next(c for c in channels() if "beta" in c["name"] and "atlas" in c["name"])
post("conversations.archive", channel=beta["id"])
print(f"archived #{beta['name']}")
