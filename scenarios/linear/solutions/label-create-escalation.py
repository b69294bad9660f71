# Reference solution, in Python: an escalation label on the tickets waiting on customers.

import requests

session = requests.Session()
session.headers["Authorization"] = "lin_api_difflab"


def gql(query, **variables):
    """One GraphQL request; Linear reports failures in `errors`, so any error stops the script."""
    body = session.post("https://api.linear.app/graphql", json={"query": query, "variables": variables}).json()
    if body.get("errors"):
        raise RuntimeError(body["errors"][0]["message"])
    return body["data"]


def issues_where(issue_filter):
    """Every issue matching the filter, page by page (50 a page, following pageInfo)."""
    after = None
    while True:
        page = gql(
            "query($f: IssueFilter, $after: String) { issues(filter: $f, first: 50, after: $after) {"
            " nodes { id identifier title priority } pageInfo { hasNextPage endCursor } } }",
            f=issue_filter, after=after,
        )["issues"]
        yield from page["nodes"]
        if not page["pageInfo"]["hasNextPage"]:
            return
        after = page["pageInfo"]["endCursor"]


def update(issue_id, **changes):
    gql("mutation($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success } }", id=issue_id, input=changes)


def user_named(name):
    return gql("query($n: String) { users(filter: {name: {eq: $n}}) { nodes { id } } }", n=name)["users"]["nodes"][0]["id"]

label = gql('mutation { issueLabelCreate(input: {name: "customer-escalation", color: "#f2994a"}) { issueLabel { id } } }')
label_id = label["issueLabelCreate"]["issueLabel"]["id"]
for issue in list(issues_where({"state": {"name": {"eq": "Waiting on Customer"}}})):
    update(issue["id"], addedLabelIds=[label_id])
